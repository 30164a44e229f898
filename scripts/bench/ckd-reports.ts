/**
 * The CKD reports over a kit ledger of a million movements (issue 5 "Performance": the CKD report
 * for a year across all factories ≤ 300 ms on PostgreSQL, ≤ 1 s on PGlite). A set-based generator
 * writes BENCH_CKD_MOVEMENTS ledger rows (default 1,000,000) over ~3 years across 6 factories and 8
 * kit categories (produced at two plants, transfers to the assembly factories, stove-report
 * consumption with some reversals, adjustments), and the matching ckd_daily and ckd_stock rows,
 * computed from the ledger in SQL. Then GET /api/ckd/report for the last year, and the factory
 * report of one factory for the last year: one request at a time (p50/p99) and at 10 connections.
 * Each transfer pair of the ledger is a kit transfer document, so the CKD Transfer list (first page,
 * one category) is measured on the same data.
 */
import { sql } from 'drizzle-orm';
import { addDays } from '../../src/common/calendar-days';
import { queryRows, type DatabaseHandle } from '../../src/server/db/client';
import {
  factoryActivityByDay,
  factoryOpening,
  reportByPair,
} from '../../src/server/modules/ckd-reports/ckd-reports.repository';
import { makeCkdCategory } from '../../src/server/test/production';
import {
  createBenchFactories,
  loadTest,
  printQueryPlans,
  settle,
  signInAs,
  startBenchApp,
  uuidArray,
  verdict,
  warmUp,
} from './support';

/** BENCH_CKD_MOVEMENTS: a smaller or larger ledger while investigating (default 1,000,000). */
const MOVEMENTS = Number(process.env.BENCH_CKD_MOVEMENTS ?? 1_000_000);
/** ~3 years of days, ending today. */
const DAYS = 3 * 365 + 1;
const RUNS = 20;
const SECONDS = 5;

const CATEGORIES = 8;

/**
 * The ledger, set-based: one INSERT … SELECT per kind of movement (rows spread evenly over the
 * days, factories and categories by their number), then one opening adjustment per factory ×
 * category on the first day that keeps every day's closing at or above zero; then ckd_daily and
 * ckd_stock summed from the ledger. Foreign keys are not re-checked while seeding
 * (session_replication_role, as pg_restore --disable-triggers does).
 */
export async function seed(
  handle: DatabaseHandle,
  factoryIds: string[],
  categoryIds: string[],
  start: string,
): Promise<number> {
  const started = performance.now();
  const pairs = factoryIds.length * categoryIds.length;
  const rest = MOVEMENTS - pairs;
  const produced = Math.floor(rest * 0.1);
  const transfers = Math.floor(rest * 0.15); // two rows each
  const reversals = Math.floor(rest * 0.01);
  const adjustments = Math.floor(rest * 0.04);
  const consumed = rest - produced - 2 * transfers - reversals - adjustments;
  const reversalStep = Math.floor(consumed / Math.max(1, reversals));

  const all = uuidArray(factoryIds);
  const plants = uuidArray(factoryIds.slice(0, 2));
  const assembly = uuidArray(factoryIds.slice(2));
  const categories = uuidArray(categoryIds);
  const F = factoryIds.length;
  const C = categoryIds.length;
  /** Row g of n on its day: the days in order, as the ledger grows over time. */
  const dayOf = (g: unknown, n: number) => sql`(${start}::date + (${g}::bigint * ${DAYS} / ${n})::int)`;
  const insert = sql`insert into ckd_movements (date, factory_id, category_id, kind, delta, note)`;

  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`${insert}
      select ${dayOf(sql`g`, produced)}, (${plants})[1 + g % 2], (${categories})[1 + (g / 2) % ${C}],
             'produced', 30 + (g * 37) % 41, 'bench'
        from generate_series(0, ${produced - 1}::bigint) g`);
    await tx.execute(sql`${insert}
      select ${dayOf(sql`g`, transfers)}, side.factory, (${categories})[1 + (g / 2) % ${C}], side.kind::ckd_movement_kind,
             side.sign * (10 + (g * 13) % 21), 'bench'
        from generate_series(0, ${transfers - 1}::bigint) g
        cross join lateral (values ((${plants})[1 + g % 2], 'transfer_out', -1),
                                   ((${assembly})[1 + (g / 16) % ${F - 2}], 'transfer_in', 1)) side(factory, kind, sign)`);
    // Each transfer pair (out, then in: consecutive ids) is one kit transfer (KT-) of one line, as
    // the CKD Transfer list reads them. Where ckd_transfers still has a category (the schema before
    // multi-line transfers, when this bench runs against an older commit), it is filled too.
    const [old] = await queryRows<{ has: boolean }>(
      tx,
      sql`select exists (select 1 from information_schema.columns
                          where table_name = 'ckd_transfers' and column_name = 'category_id') as has`,
    );
    const category = old?.has ? sql`, category_id` : sql``;
    const categoryValue = old?.has ? sql`, o.category_id` : sql``;
    await tx.execute(sql`
      insert into ckd_transfers (date, from_factory_id, to_factory_id, quantity, note${category})
      select o.date, o.factory_id, i.factory_id, -o.delta, 'bench:' || o.id${categoryValue}
        from ckd_movements o join ckd_movements i on i.id = o.id + 1 and i.kind = 'transfer_in'
       where o.kind = 'transfer_out'`);
    await tx.execute(sql`
      update ckd_movements m set transfer_id = t.id
        from ckd_transfers t
       where t.note = 'bench:' || (case m.kind when 'transfer_out' then m.id else m.id - 1 end)
         and m.kind in ('transfer_out', 'transfer_in')`);
    // Consumption row h: a stove report of 1-9 stoves; the reversals void every reversalStep-th one.
    const consumption = (h: unknown) =>
      sql`${dayOf(h, consumed)}, (${all})[1 + ${h} % ${F}], (${categories})[1 + (${h} / ${F}) % ${C}]`;
    await tx.execute(sql`${insert}
      select ${consumption(sql`g`)}, 'consumed', -(1 + (g * 7) % 9), 'bench'
        from generate_series(0, ${consumed - 1}::bigint) g`);
    await tx.execute(sql`${insert}
      select ${consumption(sql`(g * ${reversalStep})`)}, 'consumption_reversed', 1 + ((g * ${reversalStep}) * 7) % 9, 'bench'
        from generate_series(0, ${reversals - 1}::bigint) g`);
    await tx.execute(sql`${insert}
      select ${dayOf(sql`g`, adjustments)}, (${all})[1 + g % ${F}], (${categories})[1 + (g / ${F}) % ${C}], 'adjustment',
             case when (g * 11) % 21 = 10 then 3 else (g * 11) % 21 - 10 end, 'bench'
        from generate_series(0, ${adjustments - 1}::bigint) g`);
    // The stock each pair starts with: enough that no day closes below zero.
    await tx.execute(sql`${insert}
      select ${start}::date, factory_id, category_id, 'adjustment', greatest(0, -min(running)) + 100, 'bench: opening stock'
        from (select factory_id, category_id,
                     sum(net) over (partition by factory_id, category_id order by date) as running
                from (select factory_id, category_id, date, sum(delta) as net
                        from ckd_movements group by 1, 2, 3) per_day) walk
       group by factory_id, category_id`);
    await tx.execute(sql`
      insert into ckd_daily (day, factory_id, category_id, produced, received, sent, consumed, adjusted)
      select date, factory_id, category_id,
             coalesce(sum(delta) filter (where kind = 'produced'), 0),
             coalesce(sum(delta) filter (where kind = 'transfer_in'), 0),
             coalesce(-sum(delta) filter (where kind = 'transfer_out'), 0),
             coalesce(-sum(delta) filter (where kind in ('consumed', 'consumption_reversed')), 0),
             coalesce(sum(delta) filter (where kind = 'adjustment'), 0)
        from ckd_movements group by 1, 2, 3`);
    await tx.execute(sql`
      insert into ckd_stock (factory_id, category_id, quantity)
      select factory_id, category_id, sum(delta) from ckd_movements group by 1, 2`);
  });
  // What the server would have done by now: autovacuum on PostgreSQL (visibility map, statistics);
  // the statistics refresh of start.ts on PGlite.
  const refresh = handle.kind === 'postgres' ? sql.raw('vacuum analyze') : sql.raw('analyze');
  for (const table of ['ckd_movements', 'ckd_daily', 'ckd_stock', 'ckd_transfers']) {
    await handle.db.execute(sql`${refresh} ${sql.identifier(table)}`);
  }
  return performance.now() - started;
}

/** The ledger, the days and the balances agree, and no day closes below zero (else the data is wrong). */
async function check(handle: DatabaseHandle): Promise<{ rows: number; days: number }> {
  const [counts] = await queryRows<{ rows: number; days: number; mismatched: number; negative: number }>(
    handle.db,
    sql`select (select count(*)::int from ckd_movements) as rows,
               (select count(*)::int from ckd_daily) as days,
               (select count(*)::int
                  from ckd_stock s
                  left join (select factory_id, category_id,
                                    sum(produced + received - sent - consumed + adjusted) as total
                               from ckd_daily group by 1, 2) d using (factory_id, category_id)
                 where d.total is distinct from s.quantity) as mismatched,
               (select count(*)::int
                  from (select sum(produced + received - sent - consumed + adjusted)
                                 over (partition by factory_id, category_id order by day) as closing
                          from ckd_daily) w
                 where closing < 0) as negative`,
  );
  if (!counts || counts.rows !== MOVEMENTS || counts.mismatched !== 0 || counts.negative !== 0) {
    throw new Error(`bench data is inconsistent: ${JSON.stringify(counts)}`);
  }
  return counts;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** RUNS requests one after another (after three unmeasured): p50/p99 and the verdict. */
async function sequential(label: string, url: string, cookie: string, target: number, note: string): Promise<void> {
  const samples: number[] = [];
  for (let i = 0; i < RUNS + 3; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    const body = await res.text();
    if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${body.slice(0, 300)}`);
    if (i >= 3) samples.push(performance.now() - started);
  }
  const sorted = samples.sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const p99 = percentile(sorted, 99);
  console.log(
    `  ${label.padEnd(34)} p50 ${p50.toFixed(0).padStart(4)} ms, p99 ${p99.toFixed(0).padStart(4)} ms  [${RUNS} runs, ${note}]  ` +
      verdict(p99 <= target, `p99 ≤ ${target} ms`),
  );
}

/**
 * EXPLAIN ANALYZE of the reports' own queries (BENCH_EXPLAIN=1), to find the cause when a target
 * is missed: the repository runs on an executor that explains each query.
 */
function explain(handle: DatabaseHandle, from: string, to: string, factoryId: string): Promise<void> {
  return printQueryPlans(handle.db, [
    ['CKD report', (explaining) => reportByPair(explaining, { from, to })],
    ['factory opening', (explaining) => factoryOpening(explaining, factoryId, undefined, from)],
    ['factory days', (explaining) => factoryActivityByDay(explaining, { factoryId, from, to })],
  ]);
}

export async function benchCkdReports(label: string, databaseUrl?: string): Promise<void> {
  const bench = await startBenchApp(databaseUrl);
  const { handle, base } = bench;
  try {
    const factoryIds = await createBenchFactories(handle);
    const categoryIds: string[] = [];
    for (let i = 1; i <= CATEGORIES; i++) {
      categoryIds.push((await makeCkdCategory(handle.db, { code: `BK${i}`, name: `Bench kit ${i}` })).id);
    }
    const user = await signInAs(bench, {
      email: 'ckd-reports-bench@example.com',
      name: 'CKD Reports Bench',
      groups: ['Senior Production Manager'],
      factoryId: null,
    });
    const today = new Date().toISOString().slice(0, 10);
    const start = addDays(today, -(DAYS - 1));
    const seedMs = await seed(handle, factoryIds, categoryIds, start);
    const { days } = await check(handle);
    const { cookie } = user;
    const target = databaseUrl ? 300 : 1000;
    const from = addDays(today, -364);
    const year = `from=${from}&to=${today}`;
    const reportUrl = `${base}/api/ckd/report?${year}`;
    const factoryUrl = `${base}/api/ckd/factory-report?${year}&factoryId=${factoryIds[2] ?? ''}`;
    const report = (await (await fetch(reportUrl, { headers: { cookie } })).json()) as { rows: unknown[] };

    console.log(
      `\n## CKD reports with ${MOVEMENTS.toLocaleString('en-US')} kit movements (${days.toLocaleString('en-US')} factory-category-days, ` +
        `${factoryIds.length} factories × ${CATEGORIES} categories, ${start} to ${today}) on ${label} ` +
        `(seeded in ${(seedMs / 1000).toFixed(1)} s; target ≤ ${target} ms)`,
    );
    await warmUp(reportUrl, cookie, 2);
    await sequential('CKD report, 1 year, one at a time', reportUrl, cookie, target, `${report.rows.length} rows`);
    await loadTest('CKD report, 1 year, 10 connections', reportUrl, cookie, { seconds: SECONDS, targetP99Ms: target });
    await settle();
    await sequential('factory report, 1 year, one at a time', factoryUrl, cookie, target, '365 days, all categories');
    await loadTest('factory report, 1 year, 10 conns', factoryUrl, cookie, { seconds: SECONDS, targetP99Ms: target });
    await settle();
    // The CKD Transfer list: its first page, and narrowed to one kit category.
    const transfersUrl = `${base}/api/ckd/transfers?limit=50`;
    const byCategoryUrl = `${base}/api/ckd/transfers?limit=50&categoryId=${categoryIds[3] ?? ''}`;
    await warmUp(transfersUrl, cookie, 2);
    await sequential('transfer list, first page', transfersUrl, cookie, target, '50 of the transfers');
    await sequential('transfer list, one category', byCategoryUrl, cookie, target, '50 of one category');
    await loadTest('transfer list, 10 connections', transfersUrl, cookie, { seconds: SECONDS, targetP99Ms: target });
    if (process.env.BENCH_EXPLAIN) await explain(handle, from, today, factoryIds[2] ?? '');
  } finally {
    await bench.close();
  }
}
