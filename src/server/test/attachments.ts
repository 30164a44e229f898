/** Uploads for the files-on-documents tests: multipart bodies and files of each type. */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';

export interface UploadPart {
  name: string;
  bytes: Buffer;
  type?: string;
}

/** A multipart/form-data body of file parts, as a browser's FormData sends it. */
export function multipartBody(parts: UploadPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----test${randomUUID()}`;
  const chunks = parts.flatMap((p) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${p.name}"\r\n` +
        `Content-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    p.bytes,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
export const photo = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: '#c04020' } })
    .jpeg()
    .toBuffer();
