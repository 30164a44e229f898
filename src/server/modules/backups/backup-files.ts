/**
 * Files in backups: a backup copies the blobs its attachment rows use into BACKUP_DIR/files/<hash>
 * (content-addressed, so a blob is copied once however many backups need it) and lists them in
 * `<backup file>.files`, one hash a line. A restore copies them back into the file store; pruning
 * removes a blob only when no kept backup lists it.
 */
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Executor } from '../../db/client';
import { usedBlobs } from '../attachments/attachments.repository';

const HASH = /^[0-9a-f]{64}$/;
const MANIFEST_SUFFIX = '.files';

/** The list of the blobs a backup needs, beside its file. */
export const manifestPath = (backupFile: string) => `${backupFile}${MANIFEST_SUFFIX}`;

/** Where the file store keeps a blob (modules/attachments/file-store.ts). */
const storePath = (filesDir: string, hash: string) => join(filesDir, hash.slice(0, 2), hash);

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** Copies a file whole or not at all: to a temporary name, then renamed. */
async function copyWhole(from: string, to: string): Promise<void> {
  await mkdir(dirname(to), { recursive: true });
  const partial = `${to}.${randomUUID()}.partial`;
  try {
    await copyFile(from, partial);
    await rename(partial, to);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** Copies into the backup folder the blobs the database's attachment rows use now (those it lacks); returns their hashes. */
export async function copyUsedBlobs(db: Executor, filesDir: string, backupDir: string): Promise<string[]> {
  const hashes = await usedBlobs(db);
  const kept: string[] = [];
  for (const hash of hashes) {
    const target = join(backupDir, 'files', hash);
    if (await exists(target)) {
      kept.push(hash);
      continue;
    }
    const source = storePath(filesDir, hash);
    // A blob deleted since its row was read has no row any more either.
    if (!(await exists(source))) continue;
    await copyWhole(source, target);
    kept.push(hash);
  }
  return kept;
}

export async function writeManifest(backupFile: string, hashes: Iterable<string>): Promise<void> {
  const partial = `${manifestPath(backupFile)}.partial`;
  await writeFile(partial, [...new Set(hashes)].sort().join('\n') + '\n');
  await rename(partial, manifestPath(backupFile));
}

async function readManifest(backupFile: string): Promise<string[] | null> {
  const text = await readFile(manifestPath(backupFile), 'utf8').catch(() => null);
  if (text === null) return null;
  return text.split('\n').filter((line) => HASH.test(line));
}

/** Removes a backup's list of files (with the backup); the blobs go with pruneBlobs. */
export async function removeManifest(backupFile: string): Promise<void> {
  await rm(manifestPath(backupFile), { force: true });
}

/** Deletes the blobs of the backup folder that no backup there lists any more; returns how many. */
export async function pruneBlobs(backupDir: string): Promise<number> {
  const names = await readdir(backupDir).catch(() => [] as string[]);
  const needed = new Set<string>();
  for (const name of names) {
    if (!name.endsWith(MANIFEST_SUFFIX)) continue;
    for (const hash of (await readManifest(join(backupDir, name.slice(0, -MANIFEST_SUFFIX.length)))) ?? []) {
      needed.add(hash);
    }
  }
  let removed = 0;
  for (const name of await readdir(join(backupDir, 'files')).catch(() => [] as string[])) {
    if (HASH.test(name) && needed.has(name)) continue;
    // An unlisted blob, or a copy a stopped backup left half made.
    await rm(join(backupDir, 'files', name), { force: true });
    removed++;
  }
  return removed;
}

export interface RestoredFiles {
  /** Blobs copied into the file store. */
  copied: number;
  /** Blobs the file store already had. */
  present: number;
  /** Blobs the backup lists but its folder lacks (their downloads will answer 404). */
  missing: string[];
}

/**
 * Copies back into the file store the blobs a backup lists, from the `files` folder beside it.
 * A backup without a list (made before files existed, or a plain dump) restores no files.
 */
export async function restoreBlobs(backupFile: string, filesDir: string): Promise<RestoredFiles> {
  const result: RestoredFiles = { copied: 0, present: 0, missing: [] };
  const hashes = await readManifest(backupFile);
  if (!hashes) return result;
  const from = join(dirname(backupFile), 'files');
  for (const hash of hashes) {
    const target = storePath(filesDir, hash);
    if (await exists(target)) {
      result.present++;
      continue;
    }
    const source = join(from, hash);
    if (!(await exists(source))) {
      result.missing.push(hash);
      continue;
    }
    await copyWhole(source, target);
    result.copied++;
  }
  return result;
}
