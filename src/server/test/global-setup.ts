/**
 * Vitest's global setup: migrates, once per run, the database that every test file starts from,
 * instead of once per file: a migrated in-memory PGlite dumped to a file and, when TEST_DATABASE_URL
 * names a PostgreSQL server, a migrated template database there. test-database.ts
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

/** A migrated in-memory PGlite written to a file in a new temporary folder; returns the folder. */
async function pgliteTemplate(): Promise<{ dir: string; file: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'stove-tests-'));
  const file = join(dir, 'migrated.tar');
  const handle = await openDatabase({ dataDir: 'memory://' });
  await handle.migrate();
  const client = embeddedClient(handle.db);
  if (!client) throw new Error('global setup: PGlite expected');
  await client.dumpTo(file);
  await handle.close();
  return { dir, file };
}

/** A migrated database on the server, with no connection left open (a template must have none). */
async function postgresTemplate(serverUrl: string): Promise<string> {
  const name = `test_template_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 1 });
  await handle.migrate();
  await handle.close();
  return name;
}

export default async function setup(): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const [pglite, postgres] = await Promise.all([
    pgliteTemplate(),
    serverUrl ? postgresTemplate(serverUrl) : Promise.resolve(undefined),
  ]);
  process.env[PGLITE_TEMPLATE_ENV] = pglite.file;
  if (postgres) process.env[POSTGRES_TEMPLATE_ENV] = postgres;
  return async () => {
    await rm(pglite.dir, { recursive: true, force: true });
    if (serverUrl && postgres) await onServer(serverUrl, `drop database if exists ${postgres} with (force)`);
  };
}
