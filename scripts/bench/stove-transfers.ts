/**
 * Stove ID transfers of 5,000 IDs (issue 4 "Performance": send and confirm each p99 ≤ 200 ms),
 * over HTTP one request at a time, in a registry of BENCH_TRANSFER_REGISTRY IDs (default 200,000):
 * ~20 sends by the sending factory's manager, then ~20 confirms by the destination's, plus the
 * live eligibility check of 5,000 codes the transfer screen calls (no target; for reference).
 * Then where the time goes: each database step of a send and of a confirm, timed on its own
 * through the repositories, in transactions that are rolled back (decision 0009).
 */
import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle, Executor } from '../../src/server/db/client';
import { createFactory } from '../../src/server/modules/factories/factories.service';
import {
  changeStoveIdStatuses,
  lockStoveIdsByCodes,
  lockStoveIdsOfTransfer,
} from '../../src/server/modules/stove-ids/stove-id-status.repository';
import {
  insertTransfer,
  insertTransferItems,
  settlePendingItems,
} from '../../src/server/modules/stove-transfers/stove-transfers.repository';
import { makeStoveIds } from '../../src/server/test/stove-ids';
import { signInAs, startBenchApp, verdict } from './support';

const PER_TRANSFER = 5_000;
const TRANSFERS = 20;
const WARM_UP = 2;
const TARGET_MS = 200;
const REGISTRY = Number(process.env.BENCH_TRANSFER_REGISTRY ?? 200_000);

/** POSTs and returns the elapsed milliseconds and the JSON answer (throws unless `status`). */
export async function timedPost<T>(
  base: string,
  path: string,
  cookie: string,
  body: unknown,
  status: number,
): Promise<{ ms: number; json: T }> {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  if (res.status !== status) throw new Error(`POST ${path}: ${res.status} ${text.slice(0, 300)}`);
  return { ms, json: JSON.parse(text) as T };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** One line: label, p50, p99, the number of requests and, with a target, the verdict on p99. */
export function report(label: string, samples: number[], target: number | null): void {
  const sorted = [...samples].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const p99 = percentile(sorted, 99);
  const outcome = target === null ? '' : `  ${verdict(p99 <= target, `p99 ≤ ${target} ms`)}`;
  console.log(
    `  ${label.padEnd(34)} p50 ${p50.toFixed(0).padStart(4)} ms, p99 ${p99.toFixed(0).padStart(4)} ms  [${samples.length} requests]${outcome}`,
  );
}

async function seed(handle: DatabaseHandle) {
  const started = performance.now();
  const from = await createFactory(handle.db, null, { name: 'Bench Sender', code: 'BSND', kind: 'assembly' });
  const to = await createFactory(handle.db, null, { name: 'Bench Receiver', code: 'BRCV', kind: 'assembly' });
  const batches: string[][] = [];
  for (let i = 0; i < TRANSFERS + WARM_UP; i++) {
    const made = await makeStoveIds(handle.db, {
      factoryId: from.id,
      count: PER_TRANSFER,
      prefix: `BT${String.fromCharCode(65 + i)}`,
    });
    batches.push(made.codes);
  }
  // The rest of the registry: other IDs at both factories (in batches of 100,000, as generated).
  let rest = Math.max(0, REGISTRY - (TRANSFERS + WARM_UP) * PER_TRANSFER);
  for (let i = 0; rest > 0; i++) {
    const count = Math.min(rest, 100_000);
    await makeStoveIds(handle.db, {
      factoryId: i % 2 ? from.id : to.id,
      count,
      prefix: `BG${String.fromCharCode(65 + i)}`,
      status: i % 3 === 2 ? 'coupled' : 'in_stock',
    });
    rest -= count;
  }
  await handle.db.execute(sql`analyze`);
  return { from: from.id, to: to.id, batches, seconds: (performance.now() - started) / 1000 };
}

export async function benchStoveTransfers(label: string, databaseUrl?: string): Promise<void> {
  const bench = await startBenchApp(databaseUrl);
  const { base } = bench;
  try {
    const { from, to, batches, seconds } = await seed(bench.handle);
    const managerOf = (email: string, factoryId: string) =>
      signInAs(bench, { email, name: email, groups: ['Factory Manager'], factoryId });
    const { id: senderId, cookie: sender } = await managerOf('sender@bench.example', from);
    const { cookie: receiver } = await managerOf('receiver@bench.example', to);
    console.log(
      `\n## Stove ID transfers of ${PER_TRANSFER.toLocaleString('en-US')} IDs on ${label} ` +
        `(registry of ${Math.max(REGISTRY, (TRANSFERS + WARM_UP) * PER_TRANSFER).toLocaleString('en-US')} IDs seeded in ${seconds.toFixed(1)} s; one request at a time)`,
    );

    const checks: number[] = [];
    const sends: number[] = [];
    const confirms: number[] = [];
    const sent: string[] = [];
    for (const [i, codes] of batches.entries()) {
      const body = { fromFactoryId: from, toFactoryId: to, codes };
      const check = await timedPost<{ eligible: number }>(base, '/api/stove-transfers/check', sender, body, 200);
      if (check.json.eligible !== codes.length) throw new Error(`only ${check.json.eligible} eligible`);
      const send = await timedPost<{ id: string }>(base, '/api/stove-transfers', sender, body, 201);
      sent.push(send.json.id);
      if (i >= WARM_UP) {
        checks.push(check.ms);
        sends.push(send.ms);
      }
    }
    for (const [i, id] of sent.entries()) {
      const confirm = await timedPost(base, `/api/stove-transfers/${id}/confirm`, receiver, {}, 200);
      if (i >= WARM_UP) confirms.push(confirm.ms);
    }
    report('check 5,000 codes (transfer screen)', checks, null);
    report('send 5,000 IDs', sends, TARGET_MS);
    report('confirm 5,000 IDs', confirms, TARGET_MS);
    await timeSteps(bench.handle.db, { from, to, actorId: senderId });
  } finally {
    await bench.close();
  }
}

/** Thrown to roll a timed step's transaction back. */
class RollBack extends Error {}

/** Runs `steps` in a transaction, timing each, and rolls it back. */
async function timedSteps(db: Database, steps: [string, (tx: Executor) => Promise<unknown>][]) {
  const times = new Map<string, number>();
  await db
    .transaction(async (tx) => {
      for (const [name, step] of steps) {
        const started = performance.now();
        await step(tx);
        times.set(name, performance.now() - started);
      }
      throw new RollBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RollBack)) throw error;
    });
  return times;
}

/**
 * The database steps of a send and of a confirm of 5,000 IDs, each timed on its own (median of
 * STEP_ROUNDS, rolled back): what a request spends beyond them is the HTTP exchange, the checks in
 * JavaScript, the transfer row, its audit row and the commit.
 */
async function timeSteps(db: Database, sides: { from: string; to: string; actorId: string }): Promise<void> {
  const { from, to, actorId } = sides;
  const STEP_ROUNDS = 8;
  const samples = new Map<string, number[]>();
  const keep = (times: Map<string, number>) => {
    for (const [name, ms] of times) samples.set(name, [...(samples.get(name) ?? []), ms]);
  };
  for (let round = 0; round < STEP_ROUNDS; round++) {
    const { codes } = await makeStoveIds(db, { factoryId: from, count: PER_TRANSFER });
    let locked: Awaited<ReturnType<typeof lockStoveIdsByCodes>> = [];
    let transfer = { id: '' };
    keep(
      await timedSteps(db, [
        ['send: lock the IDs by code', async (tx) => (locked = await lockStoveIdsByCodes(tx, codes))],
        [
          'send: the transfer and its items',
          async (tx) => {
            transfer = await insertTransfer(tx, {
              fromFactoryId: from,
              toFactoryId: to,
              idCount: locked.length,
              note: null,
              actorId,
            });
            await insertTransferItems(tx, transfer.id, locked);
          },
        ],
        [
          'send: status and history',
          (tx) =>
            changeStoveIdStatuses(tx, {
              ids: locked.map((l) => l.id),
              kind: 'sent',
              set: sql`status = 'in_transit', held_status = s.status, pending_transfer_id = ${transfer.id}`,
              document: { type: 'transfer', id: transfer.id },
              actorId,
            }),
        ],
        [
          'confirm: lock the IDs of the transfer',
          async (tx) => {
            locked = await lockStoveIdsOfTransfer(tx, transfer.id);
          },
        ],
        [
          'confirm: status and history',
          (tx) =>
            changeStoveIdStatuses(tx, {
              ids: locked.map((l) => l.id),
              kind: 'received',
              set: sql`status = held_status, held_status = null, pending_transfer_id = null, factory_id = ${to}`,
              document: { type: 'transfer', id: transfer.id },
              actorId,
            }),
        ],
        ['confirm: the items received', (tx) => settlePendingItems(tx, transfer.id, 'received')],
      ]),
    );
  }
  console.log(`  -- where the time goes: each step on its own, median of ${STEP_ROUNDS}, rolled back`);
  for (const [name, times] of samples) {
    const sorted = [...times].sort((a, b) => a - b);
    console.log(`  ${name.padEnd(40)} ${percentile(sorted, 50).toFixed(0).padStart(4)} ms`);
  }
}
