/**
 * Backups and restore (issue 20 §2): the time and size of a backup and the time of its restore
 * into an empty database of the same engine, for the demo data and for BENCH_BACKUP_IDS stove IDs
 * (default 1,000,000, with their history), and the longest wait of a query sent every 10 ms while
 * the backup runs (the application keeps serving). The embedded database lives in a folder, as the
 * server's does (its backup copies the folder).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, queryRows, type DatabaseHandle } from '../../src/server/db/client';
import { dumpDatabase } from '../../src/server/db/dump';
import { restoreDump } from '../../src/server/db/restore';
import { seedDemoData } from '../../src/server/demo/seed';
import { createUser } from '../../src/server/modules/users/users.service';
import { createBenchFactories } from './support';
import { seedStoveIds } from './stove-ids';

const IDS = Number(process.env.BENCH_BACKUP_IDS ?? 1_000_000);

/** A new, empty database: a folder for PGlite, a database on the server for PostgreSQL. */
async function emptyDatabase(serverUrl: string | undefined): Promise<DatabaseHandle> {
  if (!serverUrl) {
    const dir = await mkdtemp(join(tmpdir(), 'stove-bench-'));
    const handle = await openDatabase({ dataDir: dir, sharedBuffers: '512MB' });
    return {
      ...handle,
      async close() {
        await handle.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `bench_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 4 });
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

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Backs up source while a query every 10 ms waits for its answer; restores into a new database. */
async function measure(label: string, source: DatabaseHandle, serverUrl: string | undefined): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'stove-bench-backup-'));
  const file = join(work, 'backup.sql.gz');
  try {
    const [{ bytes } = { bytes: 0 }] = await queryRows<{ bytes: number }>(
      source.db,
      sql`select pg_database_size(current_database())::float8 as bytes`,
    );
    let dumping = true;
    let longest = 0;
    let queries = 0;
    const started = performance.now();
    const dump = dumpDatabase(source, { file, header: '' }).finally(() => (dumping = false));
    while (dumping) {
      const sent = performance.now();
      await queryRows(source.db, sql`select count(*) from factories`);
      longest = Math.max(longest, performance.now() - sent);
      queries++;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await dump;
    const backupMs = performance.now() - started;
    const { size } = await import('node:fs/promises').then((fs) => fs.stat(file));

    const target = await emptyDatabase(serverUrl);
    try {
      const restoreStarted = performance.now();
      const result = await restoreDump(target, { file });
      const restoreMs = performance.now() - restoreStarted;
      console.log(
        `| ${label} | ${mb(bytes)} | ${seconds(backupMs)} | ${mb(size)} | ${longest.toFixed(0)} ms (${queries} queries) | ` +
          `${seconds(restoreMs)} | ${result.rows.toLocaleString('en-US')} rows, ${result.tables} tables |`,
      );
    } finally {
      await target.close();
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

export async function benchBackups(engine: 'PGlite' | 'PostgreSQL', databaseUrl?: string): Promise<void> {
  console.log(`\n## Backups and restore on ${engine}`);
  console.log(
    '\n| data | database size | backup | file (gzip) | longest query wait during the backup | restore into an empty database | restored |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  const demo = await emptyDatabase(databaseUrl);
  try {
    await demo.migrate();
    await seedDemoData(demo.db);
    await measure('demo data', demo, databaseUrl);
  } finally {
    await demo.close();
  }
  const big = await emptyDatabase(databaseUrl);
  try {
    await big.migrate();
    const factoryIds = await createBenchFactories(big);
    const actor = await createUser(big.db, null, {
      email: 'backup-bench@example.com',
      name: 'Backup Bench',
      password: 'backup-bench-password',
      groups: ['Admin'],
      factoryId: null,
    });
    await seedStoveIds(big, factoryIds, actor.id, IDS);
    await measure(`${IDS.toLocaleString('en-US')} stove IDs`, big, databaseUrl);
  } finally {
    await big.close();
  }
}
