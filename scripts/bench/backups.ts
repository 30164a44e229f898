/**
 * Backups and restore (issue 20 §2): the time and size of a backup and the time of its restore
 * into an empty database of the same engine, for the demo data and for BENCH_BACKUP_IDS stove IDs
 * (default 1,000,000, with their history), and the longest wait of a query sent every 10 ms while
 * the backup runs (the application keeps serving). The embedded database lives in a folder, as the
 * server's does (its backup copies the folder).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows, type DatabaseHandle } from '../../src/server/db/client';
import { dumpDatabase } from '../../src/server/db/dump';
import { restoreDump } from '../../src/server/db/restore';
import { seedDemoData } from '../../src/server/demo/seed';
import { createUser } from '../../src/server/modules/users/users.service';
import { createBenchFactories } from './support';
import { openEmptyDatabase } from '../../src/server/test/test-database';
import { seedStoveIds } from './stove-ids';

const IDS = Number(process.env.BENCH_BACKUP_IDS ?? 1_000_000);

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

    const target = await openEmptyDatabase(serverUrl, { sharedBuffers: '512MB' });
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
  const demo = await openEmptyDatabase(databaseUrl, { sharedBuffers: '512MB' });
  try {
    await demo.migrate();
    await seedDemoData(demo.db);
    await measure('demo data', demo, databaseUrl);
  } finally {
    await demo.close();
  }
  const big = await openEmptyDatabase(databaseUrl, { sharedBuffers: '512MB' });
  try {
    await big.migrate();
    const factoryIds = await createBenchFactories(big);
    const actor = await createUser(big.db, null, {
      email: 'backup-bench@example.com',
      name: 'Backup Bench',
      password: 'kiln-charcoal-ember-91',
      groups: ['Admin'],
      factoryId: null,
    });
    await seedStoveIds(big, factoryIds, actor.id, IDS);
    await measure(`${IDS.toLocaleString('en-US')} stove IDs`, big, databaseUrl);
  } finally {
    await big.close();
  }
}
