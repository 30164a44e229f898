/**
 * A fresh, migrated database per test file: in-memory PGlite by default, or a
 * new database on the PostgreSQL server named by TEST_DATABASE_URL. Under vitest each starts as a
 * copy of the one that pglite-template.setup.ts or postgres-template.setup.ts migrated (named by the variables below); elsewhere (the
 * benchmarks) it is migrated here.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/client';

/** The file of a migrated PGlite data folder, which an in-memory database starts from. */
export const PGLITE_TEMPLATE_ENV = 'TEST_PGLITE_TEMPLATE';
/** A migrated database on the TEST_DATABASE_URL server, which new databases are copied from. */
export const POSTGRES_TEMPLATE_ENV = 'TEST_POSTGRES_TEMPLATE';

export function openTestDatabase(): Promise<DatabaseHandle> {
  return openScratchDatabase(process.env.TEST_DATABASE_URL);
}

/**
 * A new database dropped again on close: on the PostgreSQL server at serverUrl, else in-memory
 * PGlite (with PGlite's own buffer cache unless sharedBuffers says otherwise, as the server's config does).
 */
export async function openScratchDatabase(
  serverUrl: string | undefined,
  sharedBuffers?: string,
): Promise<DatabaseHandle> {
  if (!serverUrl) {
    const loadFrom = process.env[PGLITE_TEMPLATE_ENV];
    const handle = await openDatabase({ dataDir: 'memory://', sharedBuffers, loadFrom });
    // Nothing is left to apply to a copy of the migrated template; the check costs one query.
    await handle.migrate();
    return handle;
  }
  const scratch = await createScratchDatabase(serverUrl);
  const handle = await openDatabase({ url: scratch.url, poolSize: 12 });
  await handle.migrate();
  return {
    ...handle,
    async close() {
      await handle.close();
      await scratch.drop();
    },
  };
}

/**
 * A new database on the PostgreSQL server at serverUrl (under vitest, a copy of the migrated
 * template), named `<prefix>_<time>_<random>`: its URL, and `drop` to remove it, closing what is
 * still connected to it.
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix = 'test',
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
  const template = process.env[POSTGRES_TEMPLATE_ENV];
  await onServer(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`drop database if exists ${name} with (force)`) };
}
