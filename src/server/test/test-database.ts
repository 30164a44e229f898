/**
 * A fresh, migrated database per test file: in-memory PGlite by default, or a
 * new database on the PostgreSQL server named by TEST_DATABASE_URL. Under vitest each starts as a
 * copy of the one that pglite-template.setup.ts or postgres-template.setup.ts migrated (named by the variables below); elsewhere (the
 * benchmarks) it is migrated here.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/client';

/** The file of a migrated PGlite data folder, which an in-memory database starts from. */
export const PGLITE_TEMPLATE_ENV = 'TEST_PGLITE_TEMPLATE';
/** A migrated database on the TEST_DATABASE_URL server, which new databases are copied from. */
export const POSTGRES_TEMPLATE_ENV = 'TEST_POSTGRES_TEMPLATE';
/**
 * Set in the PGlite project when the PostgreSQL project runs in the same run: a test that crosses
 * both engines there (backup-restore.test.ts) need not also run its PGlite-only form.
 */
export const POSTGRES_PROJECT_ENV = 'TEST_POSTGRES_PROJECT';

export function openTestDatabase(): Promise<DatabaseHandle> {
  return openScratchDatabase(process.env.TEST_DATABASE_URL);
}

/** The handle, whose close also runs cleanup (removes the folder, drops the database). */
function closingAlso(handle: DatabaseHandle, cleanup: () => Promise<unknown>): DatabaseHandle {
  return {
    ...handle,
    async close() {
      await handle.close();
      await cleanup();
    },
  };
}

/** How a scratch PGlite database is opened (the benchmarks pass the server's settings). */
export interface ScratchPGlite {
  /** PGlite's own 128MB when undefined. */
  sharedBuffers?: string | undefined;
  /** In a new folder inside this one, removed on close, as the server keeps its DATA_DIR; else in memory. */
  folderIn?: string | undefined;
  /** fsync passed through to the folder's files (PGLITE_FSYNC). */
  fsync?: boolean;
}

/**
 * A new database dropped again on close: on the PostgreSQL server at serverUrl, else PGlite in
 * memory, or in a folder when `pglite.folderIn` says where.
 */
export async function openScratchDatabase(
  serverUrl: string | undefined,
  pglite: ScratchPGlite = {},
): Promise<DatabaseHandle> {
  if (!serverUrl) {
    const loadFrom = process.env[PGLITE_TEMPLATE_ENV];
    const dataDir = pglite.folderIn ? await mkdtemp(join(pglite.folderIn, 'scratch-')) : 'memory://';
    const handle = await openDatabase({ dataDir, sharedBuffers: pglite.sharedBuffers, loadFrom, fsync: pglite.fsync });
    // Nothing is left to apply to a copy of the migrated template; the check costs one query.
    await handle.migrate();
    if (!pglite.folderIn) return handle;
    return closingAlso(handle, () => rm(dataDir, { recursive: true, force: true }));
  }
  const scratch = await createScratchDatabase(serverUrl);
  const handle = await openDatabase({ url: scratch.url, poolSize: 12 });
  await handle.migrate();
  return closingAlso(handle, () => scratch.drop());
}

/**
 * An empty database, not even migrated (what a restore starts from), dropped again on close: PGlite
 * in a new folder, or a new database on the PostgreSQL server at serverUrl.
 */
export async function openEmptyDatabase(
  serverUrl: string | undefined,
  pglite: Pick<ScratchPGlite, 'sharedBuffers'> = {},
): Promise<DatabaseHandle> {
  if (!serverUrl) {
    const dataDir = await mkdtemp(join(tmpdir(), 'stove-empty-'));
    const handle = await openDatabase({ dataDir, sharedBuffers: pglite.sharedBuffers });
    return closingAlso(handle, () => rm(dataDir, { recursive: true, force: true }));
  }
  const scratch = await createScratchDatabase(serverUrl, 'empty', { empty: true });
  const handle = await openDatabase({ url: scratch.url, poolSize: 4 });
  return closingAlso(handle, () => scratch.drop());
}

/**
 * A new database on the PostgreSQL server at serverUrl (under vitest, a copy of the migrated
 * template unless `empty`), named `<prefix>_<time>_<random>`: its URL, and `drop` to remove it,
 * closing what is still connected to it.
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix = 'test',
  { empty = false } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const onServer = async (statement: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  const template = empty ? undefined : process.env[POSTGRES_TEMPLATE_ENV];
  await onServer(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`drop database if exists ${name} with (force)`) };
}
