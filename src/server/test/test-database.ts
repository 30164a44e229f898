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
  const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const template = process.env[POSTGRES_TEMPLATE_ENV];
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 12 });
  await handle.migrate();
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
