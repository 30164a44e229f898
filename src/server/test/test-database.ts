/**
 * A fresh, migrated database per test file: in-memory PGlite by default, or a
 * new database on the PostgreSQL server named by TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/client';

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
    const handle = await openDatabase({ dataDir: 'memory://', sharedBuffers });
    await handle.migrate();
    return handle;
  }
  const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
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
