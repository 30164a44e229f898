/**
 * What PGlite's fsync costs (PGLITE_FSYNC, decision 0010): the app on PGlite in a new folder (in
 * BENCH_PGLITE_DIR, else the system's temporary folder), with fsync off and on in alternation,
 * BENCH_DURABILITY_ROUNDS (default 3) rounds of each. A round times, one request at a time:
 * a batch of 100,000 stove IDs, a transfer of 5,000 IDs sent and then confirmed, and 500 small
 * transactions (a row inserted and a counter updated, as a small write request commits).
 * Prints each round's figures and, per operation, the median on ÷ off. A PostgreSQL server syncs
 * its commits itself: this bench is PGlite's only.
 */
import { tmpdir } from 'node:os';
import { sql } from 'drizzle-orm';
import { createFactory } from '../../src/server/modules/factories/factories.service';
import { makeStoveIds } from '../../src/server/test/stove-ids';
import { timedPost } from './stove-transfers';
import { signInAs, startBenchApp } from './support';

const ROUNDS = Number(process.env.BENCH_DURABILITY_ROUNDS ?? 3);
const BATCH = 100_000;
const TRANSFER = 5_000;
const SMALL = 500;

type Figures = Record<string, number>;

async function oneRound(fsync: boolean): Promise<Figures> {
  const bench = await startBenchApp(undefined, undefined, {
    folderIn: process.env.BENCH_PGLITE_DIR || tmpdir(),
    fsync,
  });
  try {
    const { db } = bench.handle;
    const from = await createFactory(db, null, { name: 'Durability Sender', code: 'DSND', kind: 'both' });
    const to = await createFactory(db, null, { name: 'Durability Receiver', code: 'DRCV', kind: 'both' });
    const { codes } = await makeStoveIds(db, { factoryId: from.id, count: TRANSFER });
    const { cookie } = await signInAs(bench, {
      email: 'durability@bench.example',
      name: 'Durability',
      groups: ['Admin'],
    });
    const figures: Figures = {};

    const batchBody = { factoryId: from.id, prefix: 'DUR', firstNumber: 1, count: BATCH, width: 7 };
    figures['batch of 100,000 IDs'] = (await timedPost(bench.base, '/api/stove-id-batches', cookie, batchBody, 201)).ms;
    const sent = await timedPost<{ id: string }>(
      bench.base,
      '/api/stove-transfers',
      cookie,
      { fromFactoryId: from.id, toFactoryId: to.id, codes },
      201,
    );
    figures['send 5,000 IDs'] = sent.ms;
    figures['confirm 5,000 IDs'] = (
      await timedPost(bench.base, `/api/stove-transfers/${sent.json.id}/confirm`, cookie, {}, 200)
    ).ms;

    await db.execute(sql`create table bench_writes (id serial primary key, note text)`);
    await db.execute(sql`create table bench_counter (id int primary key, n int not null)`);
    await db.execute(sql`insert into bench_counter values (1, 0)`);
    const started = performance.now();
    for (let i = 0; i < SMALL; i++) {
      await db.transaction(async (tx) => {
        await tx.execute(sql`insert into bench_writes (note) values (${`write ${i}`})`);
        await tx.execute(sql`update bench_counter set n = n + 1 where id = 1`);
      });
    }
    figures['one small transaction'] = (performance.now() - started) / SMALL;
    return figures;
  } finally {
    await bench.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
};

const ms = (value: number) => (value < 10 ? `${value.toFixed(2)} ms` : `${value.toFixed(0)} ms`);

export async function benchDurability(engine: 'PGlite' | 'PostgreSQL'): Promise<void> {
  if (engine !== 'PGlite') return;
  console.log(`\n## PGlite's fsync (PGLITE_FSYNC) off and on, in a folder, ${ROUNDS} rounds each in alternation`);
  const runs: Record<'off' | 'on', Figures[]> = { off: [], on: [] };
  for (let round = 1; round <= ROUNDS; round++) {
    for (const fsync of [false, true]) {
      const figures = await oneRound(fsync);
      runs[fsync ? 'on' : 'off'].push(figures);
      const line = Object.entries(figures)
        .map(([name, value]) => `${name} ${ms(value)}`)
        .join(', ');
      console.log(`  round ${round}, fsync ${fsync ? 'on ' : 'off'}: ${line}`);
    }
  }
  for (const name of Object.keys(runs.off[0] ?? {})) {
    const off = median(runs.off.map((f) => f[name] ?? NaN));
    const on = median(runs.on.map((f) => f[name] ?? NaN));
    console.log(
      `  ${name.padEnd(24)} off ${ms(off).padStart(9)}, on ${ms(on).padStart(9)}: on ÷ off ×${(on / off).toFixed(2)}`,
    );
  }
}
