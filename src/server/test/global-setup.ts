/**
 * Vitest's global setup: migrates, once per run, the database that every test file starts from,
 * instead of once per file. For PGlite a migrated in-memory database is dumped to a file; on the
 * PostgreSQL server of TEST_DATABASE_URL a migrated template database is made. test-database.ts
 * finds them through the environment variables below, which the test workers inherit.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { embeddedClient, openDatabase } from '../db/client';
import { PGLITE_TEMPLATE_ENV, POSTGRES_TEMPLATE_ENV } from './test-database';

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export default async function setup(): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `test_template_${Date.now()}_${randomBytes(4).toString('hex')}`;
    await onServer(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ url: url.toString(), poolSize: 1 });
    await handle.migrate();
    // A template must have no connections while databases are made from it.
    await handle.close();
    process.env[POSTGRES_TEMPLATE_ENV] = name;
    return () => onServer(serverUrl, `drop database if exists ${name} with (force)`);
  }

  const dir = await mkdtemp(join(tmpdir(), 'stove-tests-'));
  const file = join(dir, 'migrated.tar');
  const handle = await openDatabase({ dataDir: 'memory://' });
  await handle.migrate();
  const client = embeddedClient(handle.db);
  if (!client) throw new Error('global setup: PGlite expected');
  await client.dumpTo(file);
  await handle.close();
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return () => rm(dir, { recursive: true, force: true });
}
