/**
 * `npx tsx scripts/bench/small-commits.ts`: BENCH_COMMITS (default 2,000) small transactions one
 * after another on PGlite in a new folder (in BENCH_PGLITE_DIR, else the system's temporary
 * folder), with the server's PGLITE_FSYNC: each inserts a row and updates a counter, as a small
 * write request does. Prints the total and the p50/p99 of one transaction. What fsync costs shows
 * per commit (decision 0010); run it twice, PGLITE_FSYNC=false and true, to compare.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';

const COMMITS = Number(process.env.BENCH_COMMITS ?? 2_000);
const config = loadConfig({ PGLITE_FSYNC: process.env.PGLITE_FSYNC });
const dataDir = await mkdtemp(join(process.env.BENCH_PGLITE_DIR || tmpdir(), 'small-commits-'));
try {
  const handle = await openDatabase({ dataDir, sharedBuffers: config.pgliteSharedBuffers, fsync: config.pgliteFsync });
  const db = handle.db;
  await db.execute(sql`create table writes (id serial primary key, at timestamptz not null default now(), note text)`);
  await db.execute(sql`create table counter (id int primary key, n int not null)`);
  await db.execute(sql`insert into counter values (1, 0)`);
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < COMMITS; i++) {
    const t = performance.now();
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into writes (note) values (${`write ${i}`})`);
      await tx.execute(sql`update counter set n = n + 1 where id = 1`);
    });
    times.push(performance.now() - t);
  }
  const total = performance.now() - started;
  await handle.close();
  const sorted = times.sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  console.log(
    `PGlite in a folder, PGLITE_FSYNC=${config.pgliteFsync}: ${COMMITS} transactions in ${(total / 1000).toFixed(2)} s, ` +
      `p50 ${at(50).toFixed(2)} ms, p99 ${at(99).toFixed(2)} ms`,
  );
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
