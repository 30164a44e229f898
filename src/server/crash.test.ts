/**
 * `kill -9` of a real server process (src/server/main.ts, bundled, in a child) during writes, on
 * the engine of the test project: the embedded database in a folder ("api: PGlite"), or a new
 * database on the TEST_DATABASE_URL server ("api: PostgreSQL"); so each engine runs this file once.
 *
 * Each round starts the server on the same database and signs in. Stove reports of 10 IDs go one
 * after another, and transfers of 30 IDs, each confirmed (every other one in part) as soon as it is
 * sent; once a few of each are answered, a batch of 100,000 IDs is sent too. Every write answered
 * 2xx is recorded. The server is SIGKILLed at one moment of the batch's own progress: a third of its
 * IDs written, all of them written but not committed, or just answered (reports and transfers
 * running). Progress lines, not delays, so the moments do not depend on the machine's speed.
 * Each round after the first starts on what the previous kill left; after the last, the database is
 * opened directly (recovering from that kill as a start does) and read: every acknowledged write is
 * there, whole, and nothing anywhere is half-done (batches, reports, transfers, history, kit stock
 * and daily totals agree). A clean stop is shutdown.test.ts's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from './db/client';
import { createFactory } from './modules/factories/factories.service';
import { sqlTextArray } from './modules/stove-ids/stove-id-status.repository';
import {
  buildChildServer,
  post,
  signIn,
  startChildServer,
  type BuiltServer,
  type ChildDatabase,
} from './test/child-server';
import { giveKits, makeCkdCategory } from './test/production';
import { makeStoveIds } from './test/stove-ids';
import { createScratchDatabase, PGLITE_TEMPLATE_ENV } from './test/test-database';

const serverUrl = process.env.TEST_DATABASE_URL || undefined;
const ENGINE = serverUrl ? 'PostgreSQL' : 'PGlite';

const BATCH_SIZE = 100_000;
// Enough for a round on PostgreSQL, where reports and transfers run beside the batch (on PGlite
// they wait for its transaction).
const REPORT_SIZE = 10;
const REPORTS_PER_ROUND = 150;
const TRANSFER_SIZE = 30;
const TRANSFERS_PER_ROUND = 60;
/** Acknowledged in a round before its batch is sent. */
const WARM_UP = { reports: 3, confirmations: 2 };

/** When a round kills the server: at a batch progress line, or once the batch answered 201. */
type Moment = { name: string; atProgress: number } | { name: string; afterAnswer: true };
const MOMENTS: Moment[] = [
  { name: 'a third of the batch written', atProgress: 0.3 },
  { name: "all of the batch's IDs written, before its commit", atProgress: 1 },
  { name: 'just after the batch answered 201', afterAnswer: true },
];

interface Seed {
  A: string;
  B: string;
  kitId: string;
  /** Batches of the IDs that reports and transfers use (made by the test data factory). */
  poolBatchIds: string[];
  rounds: { reportCodes: string[]; transferCodes: string[] }[];
}

/** The writes the server answered 2xx, with the round that made them. */
interface Acknowledged {
  batches: { round: number; id: string; count: number }[];
  reports: { round: number; codes: string[] }[];
  sent: { round: number; id: string; codes: string[] }[];
  confirmed: { round: number; id: string; received: string[]; returned: string[] }[];
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A new database for the child: a folder started from the migrated template, or a scratch PostgreSQL database. */
async function newDatabase(): Promise<ChildDatabase> {
  if (serverUrl) {
    const scratch = await createScratchDatabase(serverUrl, 'stove_crash');
    cleanups.push(scratch.drop);
    return { url: scratch.url };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'stove-crash-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  return { dataDir };
}

/**
 * Opens the database in this process (for PGlite, only while no server has it; a new folder starts
 * from the migrated template), runs `work` and closes it.
 */
async function withDatabase<T>(
  database: ChildDatabase,
  work: (handle: DatabaseHandle) => Promise<T>,
  { isNew = false } = {},
): Promise<T> {
  const handle = await openDatabase(
    'url' in database
      ? { url: database.url, poolSize: 2 }
      : { dataDir: database.dataDir, loadFrom: isNew ? process.env[PGLITE_TEMPLATE_ENV] : undefined },
  );
  try {
    await handle.migrate();
    return await work(handle);
  } finally {
    await handle.close();
  }
}

async function seed(handle: DatabaseHandle): Promise<Seed> {
  const db = handle.db;
  const A = await createFactory(db, null, { name: 'Crash Plant A', code: 'CRASHA', kind: 'both' });
  const B = await createFactory(db, null, { name: 'Crash Plant B', code: 'CRASHB', kind: 'both' });
  const kit = await makeCkdCategory(db);
  await giveKits(db, {
    factoryId: A.id,
    categoryId: kit.id,
    quantity: MOMENTS.length * REPORTS_PER_ROUND * REPORT_SIZE,
  });
  const poolBatchIds: string[] = [];
  const rounds: Seed['rounds'] = [];
  for (const _ of MOMENTS) {
    const reports = await makeStoveIds(db, { factoryId: A.id, count: REPORTS_PER_ROUND * REPORT_SIZE });
    const transfers = await makeStoveIds(db, { factoryId: A.id, count: TRANSFERS_PER_ROUND * TRANSFER_SIZE });
    poolBatchIds.push(reports.batchId, transfers.batchId);
    rounds.push({ reportCodes: reports.codes, transferCodes: transfers.codes });
  }
  return { A: A.id, B: B.id, kitId: kit.id, poolBatchIds, rounds };
}

const chunks = (codes: string[], size: number) =>
  Array.from({ length: Math.ceil(codes.length / size) }, (_, i) => codes.slice(i * size, (i + 1) * size));

/**
 * One round: the writes at once until the server is killed at `moment`. Requests cut by the kill
 * end their loop; any other answer than a 2xx fails the test.
 */
async function round(
  built: BuiltServer,
  database: ChildDatabase,
  s: Seed,
  index: number,
  moment: Moment,
  acks: Acknowledged,
) {
  const startedAt = Date.now();
  const server = await startChildServer(built, database);
  const startSeconds = (Date.now() - startedAt) / 1000;
  const cookie = await signIn(server.base);
  let killedAt: string | null = null;
  const kill = (why: string) => {
    if (killedAt !== null) return;
    killedAt = why;
    server.process.kill('SIGKILL');
  };
  const unexpected: string[] = [];
  /** The request, or null when the server died under it. */
  const send = async (url: string, body: unknown, headers?: Record<string, string>) => {
    try {
      return await post(server.base, cookie, url, body, headers);
    } catch {
      return null;
    }
  };
  const refused = async (what: string, res: Response) => {
    unexpected.push(`${what}: ${res.status} ${await res.text().catch(() => '')}`);
    kill(`${what} failed`);
  };
  // The batch starts once a few reports and confirmations were acknowledged in this round.
  let warmedUp: () => void = () => undefined;
  const warm = new Promise<void>((resolve) => (warmedUp = resolve));
  const acknowledged = () => {
    const ofRound = (list: { round: number }[]) => list.filter((a) => a.round === index).length;
    if (ofRound(acks.reports) >= WARM_UP.reports && ofRound(acks.confirmed) >= WARM_UP.confirmations) warmedUp();
  };
  const today = new Date().toISOString().slice(0, 10);
  const pools = s.rounds[index];
  if (!pools) throw new Error(`no seed for round ${index}`);

  const reports = async () => {
    for (const codes of chunks(pools.reportCodes, REPORT_SIZE)) {
      const res = await send('/api/stove-reports', { factoryId: s.A, categoryId: s.kitId, date: today, codes });
      if (!res) return;
      if (res.status !== 201) return refused('stove report', res);
      acks.reports.push({ round: index, codes });
      acknowledged();
    }
  };

  const transfers = async () => {
    for (const [n, codes] of chunks(pools.transferCodes, TRANSFER_SIZE).entries()) {
      const sent = await send('/api/stove-transfers', { fromFactoryId: s.A, toFactoryId: s.B, codes });
      if (!sent) return;
      if (sent.status !== 201) return refused('transfer', sent);
      const body = (await sent.json().catch(() => null)) as { id: string } | null;
      if (!body) return;
      acks.sent.push({ round: index, id: body.id, codes });
      // Every other transfer is confirmed in part: the rest go back to A.
      const received = n % 2 === 0 ? codes : codes.slice(0, TRANSFER_SIZE / 2);
      const confirmed = await send(
        `/api/stove-transfers/${body.id}/confirm`,
        received.length === codes.length ? {} : { codes: received },
      );
      if (!confirmed) return;
      if (confirmed.status !== 200) return refused('confirm', confirmed);
      acks.confirmed.push({
        round: index,
        id: body.id,
        received,
        returned: codes.filter((c) => !received.includes(c)),
      });
      acknowledged();
    }
  };

  const batch = async () => {
    await Promise.race([warm, server.exited]);
    const payload = { factoryId: s.A, prefix: `KILL${index}X`, firstNumber: 1, count: BATCH_SIZE, width: 6 };
    if ('afterAnswer' in moment) {
      const res = await send('/api/stove-id-batches', payload);
      if (!res) return;
      if (res.status !== 201) return refused('batch', res);
      const created = (await res.json()) as { id: string; count: number };
      acks.batches.push({ round: index, id: created.id, count: created.count });
      kill(moment.name);
      return;
    }
    // Progress lines, then {"batch":…}: the batch is acknowledged by its last line.
    const res = await send('/api/stove-id-batches', payload, { accept: 'application/x-ndjson' });
    if (!res) return;
    if (res.status !== 200 || !res.body) return refused('batch', res);
    const decoder = new TextDecoder();
    let buffered = '';
    const reader = res.body.getReader();
    try {
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        buffered += decoder.decode(read.value, { stream: true });
        let end: number;
        while ((end = buffered.indexOf('\n')) >= 0) {
          const line = JSON.parse(buffered.slice(0, end)) as {
            progress?: number;
            batch?: { id: string; count: number };
            error?: unknown;
          };
          buffered = buffered.slice(end + 1);
          if (line.batch) acks.batches.push({ round: index, id: line.batch.id, count: line.batch.count });
          if (line.error) unexpected.push(`batch: ${JSON.stringify(line.error)}`);
          if ((line.progress ?? 0) >= moment.atProgress) kill(moment.name);
        }
      }
    } catch {
      // The server died mid-stream.
    }
  };

  try {
    await Promise.all([batch(), reports(), transfers()]);
  } finally {
    kill('the writes ended first');
  }
  expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });
  expect(unexpected, `round ${index}: answers other than 2xx`).toEqual([]);
  expect(killedAt, `round ${index}: killed at`).toBe(moment.name);
  const batchAcked = acks.batches.some((b) => b.round === index);
  const count = (list: { round: number }[]) => list.filter((a) => a.round === index).length;
  console.log(
    `${ENGINE} round ${index}: started in ${startSeconds.toFixed(1)} s, killed at "${moment.name}" ` +
      `${((Date.now() - startedAt) / 1000 - startSeconds).toFixed(1)} s later; acknowledged: batch ${batchAcked ? 'yes' : 'no'}, ${count(acks.reports)} reports, ` +
      `${count(acks.sent)} transfers sent, ${count(acks.confirmed)} confirmed`,
  );
}

// ---------------------------------------------------------------------------------------------
// What the database must hold

type Row = Record<string, unknown>;

/** Every acknowledged write, whole: the batch's IDs and events, the report's items, the transfer's outcome. */
async function expectAcknowledgedKept(handle: DatabaseHandle, s: Seed, acks: Acknowledged): Promise<void> {
  const db = handle.db;
  for (const b of acks.batches) {
    const [row] = await queryRows<{ count: number; ids: number; created: number }>(
      db,
      sql`select b.count,
                 (select count(*)::int from stove_ids s where s.batch_id = b.id and s.status = 'in_stock') as ids,
                 (select count(*)::int from stove_id_events e where e.document_id = b.id and e.kind = 'created') as created
            from stove_id_batches b where b.id = ${b.id}`,
    );
    expect(row, `round ${b.round}: acknowledged batch ${b.id}`).toEqual({
      count: b.count,
      ids: b.count,
      created: b.count,
    });
  }

  const reportCodes = acks.reports.flatMap((r) => r.codes);
  const reported = await queryRows<{
    code: string;
    status: string;
    reportId: string | null;
    stoveCount: number | null;
  }>(
    db,
    sql`select s.code, s.status, i.report_id as "reportId", r.stove_count as "stoveCount"
          from stove_ids s
          left join stove_report_items i on i.stove_id_id = s.id
          left join stove_reports r on r.id = i.report_id
         where s.code = any(${sqlTextArray(reportCodes)})`,
  );
  const byCode = new Map(reported.map((r) => [r.code, r]));
  for (const r of acks.reports) {
    const rows = r.codes.map((c) => byCode.get(c));
    const reportIds = new Set(rows.map((row) => row?.reportId));
    expect(
      { reports: reportIds.size, coupled: rows.every((row) => row?.status === 'coupled'), count: rows[0]?.stoveCount },
      `round ${r.round}: acknowledged report of ${r.codes[0]}…`,
    ).toEqual({ reports: 1, coupled: true, count: r.codes.length });
    expect(reportIds.has(null) || reportIds.has(undefined)).toBe(false);
  }

  const transferIds = acks.sent.map((t) => t.id);
  const items = await queryRows<{
    transferId: string;
    transferStatus: string;
    code: string;
    outcome: string;
    status: string;
    factoryId: string;
  }>(
    db,
    sql`select i.transfer_id as "transferId", t.status as "transferStatus", s.code, i.outcome, s.status,
               s.factory_id as "factoryId"
          from stove_transfer_items i
          join stove_transfers t on t.id = i.transfer_id
          join stove_ids s on s.id = i.stove_id_id
         where i.transfer_id = any(array(select jsonb_array_elements_text(${JSON.stringify(transferIds)}::jsonb)::uuid))`,
  );
  const itemsOf = (id: string) => items.filter((i) => i.transferId === id);
  for (const t of acks.sent) {
    expect(
      itemsOf(t.id)
        .map((i) => i.code)
        .sort(),
      `round ${t.round}: acknowledged transfer ${t.id}`,
    ).toEqual([...t.codes].sort());
  }
  for (const t of acks.confirmed) {
    const outcome = (i: { code: string; outcome: string; status: string; factoryId: string; transferStatus: string }) =>
      `${i.code} ${i.transferStatus} ${i.outcome} ${i.status} ${i.factoryId === s.B ? 'B' : i.factoryId === s.A ? 'A' : i.factoryId}`;
    const status = t.returned.length === 0 ? 'confirmed' : 'partially_confirmed';
    expect(itemsOf(t.id).map(outcome).sort(), `round ${t.round}: acknowledged confirmation of ${t.id}`).toEqual(
      [
        ...t.received.map((code) => `${code} ${status} received in_stock B`),
        ...t.returned.map((code) => `${code} ${status} returned in_stock A`),
      ].sort(),
    );
  }
}

/**
 * Nothing half-done anywhere: each query lists what breaks one rule (so it must list nothing).
 * Together they say every write the server ever began is there whole or not at all.
 */
function halfDoneQueries(s: Seed): Record<string, ReturnType<typeof sql>> {
  const poolBatches = sql`array(select jsonb_array_elements_text(${JSON.stringify(s.poolBatchIds)}::jsonb)::uuid)`;
  return {
    'a batch without all its IDs, their created events or its audit row': sql`
      select b.number::int, b.count, coalesce(i.n, 0) as ids, coalesce(e.n, 0) as created, coalesce(a.n, 0) as audits
        from stove_id_batches b
        left join (select batch_id, count(*)::int as n from stove_ids group by batch_id) i on i.batch_id = b.id
        left join (select document_id, count(*)::int as n from stove_id_events where kind = 'created' group by document_id) e
               on e.document_id = b.id
        left join (select record_id, count(*)::int as n from audit_log where record_type = 'stove_id_batch' group by record_id) a
               on a.record_id = b.id::text
       where coalesce(i.n, 0) <> b.count or coalesce(e.n, 0) <> b.count
          or (b.id <> all(${poolBatches}) and coalesce(a.n, 0) <> 1)`,
    'an ID whose last event does not say its status and factory': sql`
      select s.code, s.status, s.factory_id, l.to_status, l.factory_id as event_factory
        from stove_ids s
        cross join lateral (select e.to_status, e.factory_id from stove_id_events e
                             where e.stove_id_id = s.id order by e.id desc limit 1) l
       where s.batch_id = any(${poolBatches}) and (l.to_status <> s.status or l.factory_id <> s.factory_id)`,
    'a batch-made ID that changed without a document': sql`
      select s.code, s.status from stove_ids s
       where s.batch_id <> all(${poolBatches}) and (s.status <> 'in_stock' or s.pending_transfer_id is not null)`,
    'a report without all its items, coupled IDs, events, kits or audit row': sql`
      select r.number::int, r.stove_count, count(i.stove_id_id)::int as items,
             count(*) filter (where s.status <> 'coupled')::int as not_coupled,
             coalesce(max(e.n), 0) as events, coalesce(max(m.kits), 0) as kits, coalesce(max(a.n), 0) as audits
        from stove_reports r
        left join stove_report_items i on i.report_id = r.id
        left join stove_ids s on s.id = i.stove_id_id
        left join (select document_id, count(*)::int as n from stove_id_events where kind = 'coupled' group by document_id) e
               on e.document_id = r.id
        left join (select stove_report_id, -sum(delta)::int as kits from ckd_movements where kind = 'consumed'
                    group by stove_report_id) m on m.stove_report_id = r.id
        left join (select record_id, count(*)::int as n from audit_log
                    where record_type = 'stove_report' and action = 'submit' group by record_id) a on a.record_id = r.id::text
       group by r.id
      having count(i.stove_id_id) <> r.stove_count or count(*) filter (where s.status <> 'coupled') > 0
          or coalesce(max(e.n), 0) <> r.stove_count or coalesce(max(m.kits), 0) <> r.stove_count
          or coalesce(max(a.n), 0) <> 1`,
    'a coupled ID on no report': sql`
      select s.code from stove_ids s
       where s.status = 'coupled' and not exists (select 1 from stove_report_items i where i.stove_id_id = s.id)`,
    'kit stock that is not the sum of its ledger': sql`
      select st.factory_id, st.category_id, st.quantity, coalesce(m.total, 0) as ledger
        from ckd_stock st
        left join (select factory_id, category_id, sum(delta)::int as total from ckd_movements group by 1, 2) m
               on m.factory_id = st.factory_id and m.category_id = st.category_id
       where st.quantity <> coalesce(m.total, 0)`,
    'daily kit totals that are not the sum of the day’s ledger': sql`
      select coalesce(d.day, m.date) as day, d.consumed, m.consumed as ledger_consumed, d.adjusted, m.adjusted as ledger_adjusted
        from ckd_daily d
        full join (select date, factory_id, category_id,
                          coalesce(-sum(delta) filter (where kind = 'consumed'), 0)::int as consumed,
                          coalesce(sum(delta) filter (where kind = 'adjustment'), 0)::int as adjusted
                     from ckd_movements group by 1, 2, 3) m
               on m.date = d.day and m.factory_id = d.factory_id and m.category_id = d.category_id
       where d.consumed is distinct from m.consumed or d.adjusted is distinct from m.adjusted`,
    'a transfer whose items, IDs, events or audit rows do not match its status': sql`
      select t.number::int, t.status, t.id_count, t.received_count, x.items, x.pending, x.received, x.in_transit,
             coalesce(e.sent, 0) as sent_events, coalesce(e.decided, 0) as decided_events, coalesce(a.n, 0) as audits
        from stove_transfers t
        cross join lateral (
          select count(*)::int as items,
                 count(*) filter (where i.outcome = 'pending')::int as pending,
                 count(*) filter (where i.outcome = 'received')::int as received,
                 count(*) filter (where s.status = 'in_transit' and s.pending_transfer_id = t.id)::int as in_transit
            from stove_transfer_items i join stove_ids s on s.id = i.stove_id_id
           where i.transfer_id = t.id) x
        left join (select document_id, count(*) filter (where kind = 'sent')::int as sent,
                          count(*) filter (where kind in ('received', 'returned'))::int as decided
                     from stove_id_events where document_type = 'transfer' group by document_id) e
               on e.document_id = t.id
        left join (select record_id, count(*)::int as n from audit_log where record_type = 'stove_transfer' group by record_id) a
               on a.record_id = t.id::text
       where x.items <> t.id_count or coalesce(e.sent, 0) <> t.id_count
          or (t.status = 'pending' and (x.pending <> t.id_count or x.in_transit <> t.id_count
                                        or coalesce(e.decided, 0) <> 0 or coalesce(a.n, 0) <> 1))
          or (t.status <> 'pending' and (x.pending <> 0 or x.in_transit <> 0 or x.received <> coalesce(t.received_count, 0)
                                         or coalesce(e.decided, 0) <> t.id_count or coalesce(a.n, 0) <> 2))`,
    'an ID in transit on no pending transfer': sql`
      select s.code, t.status from stove_ids s
        left join stove_transfers t on t.id = s.pending_transfer_id
       where s.status = 'in_transit'
         and (t.status is distinct from 'pending' or not exists (
               select 1 from stove_transfer_items i
                where i.transfer_id = t.id and i.stove_id_id = s.id and i.outcome = 'pending'))`,
  };
}

async function expectNothingHalfDone(handle: DatabaseHandle, s: Seed): Promise<void> {
  const found: Record<string, Row[]> = {};
  for (const [rule, query] of Object.entries(halfDoneQueries(s))) {
    const rows = await queryRows<Row>(handle.db, query);
    if (rows.length > 0) found[rule] = rows.slice(0, 5);
  }
  expect(found).toEqual({});
}

describe(`kill -9 of the server during writes (${ENGINE})`, () => {
  it('keeps every write answered 2xx, whole, and leaves nothing half-done', async () => {
    const startedAt = Date.now();
    const lap = (() => {
      let last = startedAt;
      const laps: string[] = [];
      return (what?: string) => {
        if (what) laps.push(`${what} ${((Date.now() - last) / 1000).toFixed(1)} s`);
        last = Date.now();
        return laps.join(', ');
      };
    })();
    const built = await buildChildServer();
    cleanups.push(built.remove);
    const database = await newDatabase();
    const s = await withDatabase(database, seed, { isNew: true });
    lap('build and seed');
    const acks: Acknowledged = { batches: [], reports: [], sent: [], confirmed: [] };
    for (const [index, moment] of MOMENTS.entries()) await round(built, database, s, index, moment, acks);
    lap('rounds');
    await withDatabase(database, async (handle) => {
      await expectAcknowledgedKept(handle, s, acks);
      await expectNothingHalfDone(handle, s);
    });
    // Each kind of write was acknowledged at least once, so each was checked.
    expect(acks.batches.length).toBeGreaterThan(0);
    expect(acks.reports.length).toBeGreaterThan(0);
    expect(acks.confirmed.length).toBeGreaterThan(0);
    console.log(`${ENGINE}: ${((Date.now() - startedAt) / 1000).toFixed(1)} s in all (${lap('checks')})`);
  }, 300_000);
});
