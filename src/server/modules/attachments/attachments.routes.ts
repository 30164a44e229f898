/**
 * Files on documents, under each record kind's own address: list, upload, download, thumbnail and
 * delete, with the permission of the record (view: list and download; edit: upload and delete)
 * and its factory scope.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ATTACHMENT_KIND_INFO,
  ATTACHMENT_KINDS,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENTS_PER_RECORD,
  attachmentListSchema,
  listAttachmentsQuerySchema,
  uploadAttachmentsResponseSchema,
  type AttachmentKind,
} from '../../../common/contracts/attachments';
import type { Database } from '../../db/client';
import { NO_CONTENT } from '../../http/api-docs';
import { errors } from '../../http/errors';
import { actorOf } from '../../http/guard';
import {
  deleteAttachment,
  findAttachment,
  listAttachments,
  readBlob,
  uploadAttachments,
  type IncomingFile,
} from './attachments.service';
import type { FileStore } from './file-store';

const tags = ['files'];

/** Downloads are never run as a page: no scripts, no plugins, no same-origin access. */
const SANDBOX = "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'";

/** `attachment; filename="plain ASCII"; filename*=UTF-8''percent-encoded` (RFC 6266 / RFC 5987). */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

function fileHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', SANDBOX)
    .header('cross-origin-resource-policy', 'same-origin');
}

export async function attachmentRoutes(app: FastifyInstance, opts: { db: Database; files: FileStore }) {
  const { db, files } = opts;
  // Scoped to these routes (this plugin is not wrapped by fastify-plugin): nowhere else takes multipart.
  await app.register(multipart, {
    limits: {
      fileSize: ATTACHMENT_MAX_BYTES,
      files: ATTACHMENTS_PER_RECORD + 1,
      fields: 0,
      parts: ATTACHMENTS_PER_RECORD + 1,
    },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const kind of ATTACHMENT_KINDS) registerKind(kind);

  function registerKind(kind: AttachmentKind) {
    const info = ATTACHMENT_KIND_INFO[kind];
    const recordId = info.numericId
      ? z.string().regex(/^[1-9]\d{0,17}$/, `Not a ${info.noun} id`)
      : z.string().uuid(`Not a ${info.noun} id`);
    const params = z.object({ id: recordId });
    const fileParams = z.object({ id: recordId, fileId: z.string().uuid('Not a file id') });
    const view = { permission: info.view } as const;
    const edit = { permission: info.edit } as const;
    const missingRecord = `No such ${info.noun}, or it is not one of the caller's factory.`;
    const missingFile = `${missingRecord} Or no such file on it.`;
    const path = `${info.base}/:id/files`;
    const readers =
      info.view === 'authenticated'
        ? ` Every signed-in user the ${info.noun} reaches now (published, unexpired, addressed to them) lists and ` +
          `downloads its files; only those who manage it change them (403 for its other readers).`
        : '';

    r.get(
      path,
      {
        config: { ...view, errors: { 404: missingRecord } },
        schema: {
          tags,
          summary: `The files on a ${info.noun}`,
          description:
            `The files attached to the ${info.noun}, by name ascending unless \`sort\`/\`dir\` say otherwise, ` +
            '`limit` 100 and `offset` 0 by default (the storage list defaults). `canEdit`: the caller may upload ' +
            'and delete.' +
            readers,
          params,
          querystring: listAttachmentsQuerySchema,
          response: { 200: attachmentListSchema },
        },
      },
      async (request) => listAttachments(db, actorOf(request), kind, request.params.id, request.query),
    );

    r.post(
      path,
      {
        config: {
          ...edit,
          errors: {
            400: 'No file in the request.',
            404: missingRecord,
            409: `The record would have more than ${ATTACHMENTS_PER_RECORD} files.`,
            413: 'A file is larger than 10 MB.',
            415: 'A file is not a PDF, JPEG, PNG, WebP, CSV (UTF-8 text named .csv) or XLSX, judged from its bytes.',
          },
        },
        schema: {
          tags,
          summary: `Attach files to a ${info.noun}`,
          description:
            '`multipart/form-data` with one or more file parts. Each is checked from its bytes (PDF, JPEG, PNG, ' +
            'WebP, XLSX; CSV as UTF-8 text without NUL bytes and a .csv name), at most 10 MB, and at most ' +
            `${ATTACHMENTS_PER_RECORD} files a record: all are attached or none. Images get a 320 px thumbnail. ` +
            'Audited as `attach_file` on the record.',
          params,
          response: { 201: uploadAttachmentsResponseSchema },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const parts = request.isMultipart() ? (request.files() as AsyncIterable<IncomingFile>) : null;
        const items = await uploadAttachments(db, files, actor, kind, request.params.id, parts);
        return reply.status(201).send({ items });
      },
    );

    r.get(
      `${path}/:fileId`,
      {
        config: {
          ...view,
          errors: { 404: missingFile },
          success: { status: 200, mediaType: 'application/octet-stream', description: 'The file, as an attachment.' },
        },
        schema: {
          tags,
          summary: `Download a file of a ${info.noun}`,
          description:
            'The bytes as uploaded, with the type detected from them, as an attachment under its name ' +
            '(`filename*` for names beyond ASCII), `nosniff` and a sandboxing Content-Security-Policy: never ' +
            'shown as a page.',
          params: fileParams,
        },
      },
      async (request, reply) => {
        const row = await findAttachment(db, actorOf(request), kind, request.params.id, request.params.fileId);
        const stream = await readBlob(files, row.fileHash);
        return fileHeaders(reply)
          .header('content-type', row.type === 'text/csv' ? 'text/csv; charset=utf-8' : row.type)
          .header('content-length', row.size)
          .header('content-disposition', contentDisposition('attachment', row.name))
          .header('cache-control', 'private, no-cache')
          .send(stream);
      },
    );

    r.get(
      `${path}/:fileId/thumbnail`,
      {
        config: {
          ...view,
          errors: { 404: `${missingFile} Or the file is not an image (no thumbnail).` },
          success: { status: 200, mediaType: 'image/webp', description: 'A WebP at most 320 px on its longer side.' },
        },
        schema: {
          tags,
          summary: `The thumbnail of an image on a ${info.noun}`,
          description: 'A small WebP of an image file, which a page may show inline.',
          params: fileParams,
        },
      },
      async (request, reply) => {
        const row = await findAttachment(db, actorOf(request), kind, request.params.id, request.params.fileId);
        if (!row.thumbnailHash) {
          throw errors.notFound('This file has no thumbnail: it is not an image.');
        }
        const stream = await readBlob(files, row.thumbnailHash);
        return fileHeaders(reply)
          .header('content-type', 'image/webp')
          .header('content-disposition', contentDisposition('inline', 'thumbnail.webp'))
          .header('cache-control', 'private, max-age=86400')
          .send(stream);
      },
    );

    r.delete(
      `${path}/:fileId`,
      {
        config: { ...edit, errors: { 404: missingFile }, success: NO_CONTENT },
        schema: {
          tags,
          summary: `Delete a file of a ${info.noun}`,
          description:
            'Removes the file from the record, audited as `delete_file`; its bytes leave the file store unless ' +
            'another record has the same file.',
          params: fileParams,
        },
      },
      async (request, reply) => {
        await deleteAttachment(db, files, actorOf(request), kind, request.params.id, request.params.fileId);
        return reply.status(204).send();
      },
    );
  }
}
