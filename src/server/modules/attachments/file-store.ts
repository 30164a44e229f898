/**
 * The one storage interface for files: blobs put, read and deleted by the SHA-256 of their bytes.
 * The local-disk store keeps them under FILES_DIR (default DATA_DIR/files) as `<2 hex>/<hash>`; a
 * file is written to a temporary name first and renamed into place, so a crash never leaves half
 * a file under a hash.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';

const HASH = /^[0-9a-f]{64}$/;

/** Bytes written to a temporary file, not yet under their hash. */
export interface StagedFile {
  path: string;
  hash: string;
  size: number;
}

export interface FileStore {
  /** Streams the bytes to a temporary file, hashing them on the way. */
  stage(source: Readable): Promise<StagedFile>;
  /** Moves staged bytes under their hash (a no-op but for the temporary file when the blob exists). */
  commit(staged: StagedFile): Promise<void>;
  /** Removes a staged file that will not be kept. */
  discard(staged: StagedFile): Promise<void>;
  /** Stores bytes in one step; returns their hash. */
  put(bytes: Buffer): Promise<string>;
  /** The blob's bytes; null when there is none. */
  get(hash: string): Promise<Readable | null>;
  has(hash: string): Promise<boolean>;
  delete(hash: string): Promise<void>;
  /** The first bytes of a staged file (type detection). */
  head(staged: StagedFile, bytes: number): Promise<Buffer>;
}

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export class LocalFileStore implements FileStore {
  constructor(readonly root: string) {}

  private blobPath(hash: string): string {
    if (!HASH.test(hash)) throw new Error(`Not a file hash: ${hash}`);
    return join(this.root, hash.slice(0, 2), hash);
  }

  private async tempPath(): Promise<string> {
    const dir = join(this.root, 'tmp');
    await mkdir(dir, { recursive: true });
    return join(dir, `${randomUUID()}.part`);
  }

  async stage(source: Readable): Promise<StagedFile> {
    const path = await this.tempPath();
    const hash = createHash('sha256');
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    // Opened before the copy starts: a source that fails at once would otherwise beat the stream's
    // own opening, and the file be created after its removal and left behind.
    const file = await open(path, 'wx');
    try {
      await pipeline(source, counter, file.createWriteStream());
    } catch (error) {
      await file.close().catch(() => undefined);
      await rm(path, { force: true });
      throw error;
    }
    return { path, hash: hash.digest('hex'), size };
  }

  async commit(staged: StagedFile): Promise<void> {
    const target = this.blobPath(staged.hash);
    if (await this.has(staged.hash)) {
      await rm(staged.path, { force: true });
      return;
    }
    await mkdir(join(this.root, staged.hash.slice(0, 2)), { recursive: true });
    // The bytes reach the disk before the name does (a crash leaves the old state or the whole file).
    const handle = await open(staged.path, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(staged.path, target);
  }

  async discard(staged: StagedFile): Promise<void> {
    await rm(staged.path, { force: true });
  }

  async put(bytes: Buffer): Promise<string> {
    const hash = sha256(bytes);
    if (await this.has(hash)) return hash;
    const path = await this.tempPath();
    const handle = await open(path, 'wx');
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await this.commit({ path, hash, size: bytes.length });
    return hash;
  }

  async get(hash: string): Promise<Readable | null> {
    if (!(await this.has(hash))) return null;
    return createReadStream(this.blobPath(hash));
  }

  async has(hash: string): Promise<boolean> {
    try {
      return (await stat(this.blobPath(hash))).isFile();
    } catch {
      return false;
    }
  }

  async delete(hash: string): Promise<void> {
    await rm(this.blobPath(hash), { force: true });
  }

  async head(staged: StagedFile, bytes: number): Promise<Buffer> {
    const handle = await open(staged.path, 'r');
    try {
      const buffer = Buffer.alloc(Math.min(bytes, staged.size));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }
}
