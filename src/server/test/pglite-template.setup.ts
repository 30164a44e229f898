/**
 * Global setup of the "api: PGlite" tests (vitest.config.ts): migrates one in-memory PGlite and
 * writes its data folder to a file, once per run; every test file's database starts as a copy of it
 * (test-database.ts, through PGLITE_TEMPLATE_ENV) instead of being migrated again.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { embeddedClient, openDatabase } from '../db/client';
import { PGLITE_TEMPLATE_ENV } from './test-database';

export default async function setup(): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'stove-tests-'));
  const file = join(dir, 'migrated.tar');
  const handle = await openDatabase({ dataDir: 'memory://' });
  await handle.migrate();
  const client = embeddedClient(handle.db);
  if (!client) throw new Error('PGlite template: an embedded database was expected');
  await client.dumpTo(file);
  await handle.close();
  // The test workers, started after this, inherit the variable.
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return () => rm(dir, { recursive: true, force: true });
}
