/**
 * Global setup of the "api: PostgreSQL" tests (vitest.config.ts): makes one migrated template
 * database on the TEST_DATABASE_URL server, once per run; every test file's database is created
 * from it (test-database.ts, through POSTGRES_TEMPLATE_ENV) instead of being migrated again.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { POSTGRES_TEMPLATE_ENV } from './test-database';

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
  if (!serverUrl) throw new Error('The PostgreSQL API tests need TEST_DATABASE_URL');
  const name = `test_template_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 1 });
  await handle.migrate();
  // A template must have no connection open while databases are made from it.
  await handle.close();
  // The test workers, started after this, inherit the variable.
  process.env[POSTGRES_TEMPLATE_ENV] = name;
  return () => onServer(serverUrl, `drop database if exists ${name} with (force)`);
}
