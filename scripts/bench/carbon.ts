/**
 * The carbon programme's sales record exports (issue 26 "Checks": the exports of 1,000,000 sold
 * stoves stream, with no full load in memory, in ≤ 30 s on PostgreSQL). A set-based generator
 * writes BENCH_CARBON_STOVES sold stoves (default 1,000,000) over ~2 years across the 6 factories:
 * orders of 50 stoves (stove n on order n / 50, to customer n / 50 · 7919 mod 5,000), every stove
 * with its sales_order_items row; 7 stoves in 10 have an end user registered under their sale (3 of
 * those 7 with a GPS point). One stove in 100 was first on an order that was canceled (so the
 * first-handover test has earlier orders to look past). Then the whole period's record is exported
 * over HTTP as CSV and as XLSX, read to the end: seconds, rows, MB, and the server's resident memory
 * before and at its highest during the download (streaming keeps it near a page of 5,000 stoves).
 * For reference (no target): the list's first page, the counts of the last 3 months, the stoves of
 * those months without an end user, and the age cohorts.
 */
import { sql } from 'drizzle-orm';
import { addDays } from '../../src/common/calendar-days';
import { queryRows, type DatabaseHandle } from '../../src/server/db/client';
import { stoveCodeSql } from '../../src/server/modules/stove-ids/stove-id-batches.repository';
import { masterData } from './sales';
import { createBenchFactories, signInAs, startBenchApp, uuidArray, verdict } from './support';

/** BENCH_CARBON_STOVES: a smaller record while trying it out (default 1,000,000). */
const STOVES = Number(process.env.BENCH_CARBON_STOVES ?? 1_000_000);
const PER_ORDER = 50;
const DAYS = 2 * 365;
const PREFIX = 'CRB';
const WIDTH = 8;
const TARGET_S = 30;

async function seed(handle: DatabaseHandle, factoryIds: string[], start: string): Promise<number> {
  const started = performance.now();
  const world = await masterData(handle, start);
  const orders = Math.ceil(STOVES / PER_ORDER);
  const F = factoryIds.length;
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    // One batch per factory; stove n is at factory (n / 50) mod 6, as its order.
    const batchIds: string[] = [];
    for (const factoryId of factoryIds) {
      const [batch] = await queryRows<{ id: string }>(
        tx,
        sql`insert into stove_id_batches (kind, factory_id, prefix, first_number, width, count, first_code, last_code)
            values ('generated', ${factoryId}, ${PREFIX}, 1, ${WIDTH}, ${STOVES}, ${stoveCodeSql(PREFIX, sql`1`, WIDTH)},
                    ${stoveCodeSql(PREFIX, sql`${STOVES}::bigint`, WIDTH)})
            returning id`,
      );
      if (!batch) throw new Error('no batch');
      batchIds.push(batch.id);
    }
    await tx.execute(sql`
      insert into sales_orders (date, factory_id, customer_id, category_id, currency, package_count, stove_count, total,
                                buyer_name, status, cancel_reason, canceled_at, created_at, updated_at)
      select ${start}::date + (g * ${DAYS} / ${orders})::int, (${uuidArray(factoryIds)})[1 + g % ${F}],
             (${uuidArray(world.customerIds)})[1 + (g * 7919) % ${world.customerIds.length}],
             (${uuidArray(world.categoryIds)})[1], 'KES', ${PER_ORDER}, ${PER_ORDER}, ${PER_ORDER * 3500},
             'Bench buyer ' || g, 'completed', null, null, now(), now()
        from generate_series(0, ${orders - 1}) g
       order by g`);
    // A canceled order before the first sale of one stove in 100 (number after the others).
    await tx.execute(sql`
      insert into sales_orders (date, factory_id, customer_id, category_id, currency, package_count, stove_count, total,
                                buyer_name, status, cancel_reason, canceled_at, created_at, updated_at)
      select ${start}::date, (${uuidArray(factoryIds)})[1], (${uuidArray(world.customerIds)})[1],
             (${uuidArray(world.categoryIds)})[1], 'KES', 1, 1, 3500, 'Bench canceled', 'canceled', 'Bench: wrong customer',
             now(), now(), now()`);
    await tx.execute(sql`
      insert into stove_ids (code, batch_id, factory_id, status, created_at, updated_at)
      select ${stoveCodeSql(PREFIX, sql`n`, WIDTH)}, (${uuidArray(batchIds)})[1 + ((n - 1) / ${PER_ORDER}) % ${F}],
             (${uuidArray(factoryIds)})[1 + ((n - 1) / ${PER_ORDER}) % ${F}], 'sold', now(), now()
        from generate_series(1, ${STOVES}::bigint) n
       order by n`);
    await tx.execute(sql`
      insert into sales_order_items (order_id, stove_id_id)
      select so.id, si.id
        from stove_ids si
        join sales_orders so on so.number = (si.id - (select min(id) from stove_ids where code like ${`${PREFIX}%`})) / ${PER_ORDER} + 1
       where si.code like ${`${PREFIX}%`}`);
    await tx.execute(sql`
      insert into sales_order_items (order_id, stove_id_id)
      select (select id from sales_orders where status = 'canceled' limit 1), si.id
        from stove_ids si where si.code like ${`${PREFIX}%`} and si.id % 100 = 3`);
    await tx.execute(sql`
      insert into end_user_registrations (stove_id_id, order_id, kind, name, phone, county, sub_county, village, latitude,
                                          longitude, handover_date, source)
      select i.stove_id_id, so.id, 'household', 'Bench household ' || i.stove_id_id, '+254 700 ' || lpad((i.stove_id_id % 1000000)::text, 6, '0'),
             'County ' || (i.stove_id_id % 47), 'Sub-county ' || (i.stove_id_id % 290), 'Village ' || (i.stove_id_id % 5000),
             case when i.stove_id_id % 10 < 3 then -1.28 + (i.stove_id_id % 1000) / 10000.0 end,
             case when i.stove_id_id % 10 < 3 then 36.8 + (i.stove_id_id % 1000) / 10000.0 end,
             so.date + 3, 'import'
        from sales_order_items i join sales_orders so on so.id = i.order_id
       where so.status = 'completed' and i.stove_id_id % 10 < 7`);
  });
  const refresh = handle.kind === 'postgres' ? sql.raw('vacuum analyze') : sql.raw('analyze');
  for (const table of ['stove_ids', 'sales_orders', 'sales_order_items', 'end_user_registrations']) {
    await handle.db.execute(sql`${refresh} ${sql.identifier(table)}`);
  }
  return performance.now() - started;
}

/** Downloads `url` to the end, sampling the server's resident memory (same process) meanwhile. */
async function timeDownload(
  label: string,
  url: string,
  cookie: string,
  countRows: boolean,
): Promise<{ seconds: number }> {
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 100);
  const started = performance.now();
  let bytes = 0;
  let newlines = 0;
  try {
    const res = await fetch(url, { headers: { cookie } });
    if (!res.ok || !res.body) throw new Error(`${label} failed: ${res.status}`);
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (countRows) for (const b of value) if (b === 10) newlines++;
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  const rows = countRows ? `${(newlines - 1).toLocaleString('en-US')} rows, ` : '';
  console.log(
    `  ${label.padEnd(34)} ${seconds.toFixed(2)} s, ${rows}${(bytes / 1e6).toFixed(1)} MB; ` +
      `memory ${(rssBefore / 1e6).toFixed(0)} MB before, ${(rssPeak / 1e6).toFixed(0)} MB at most  ` +
      `${verdict(seconds <= TARGET_S, `≤ ${TARGET_S} s`)}`,
  );
  return { seconds };
}

export async function benchCarbon(label: string, databaseUrl?: string): Promise<void> {
  const bench = await startBenchApp(databaseUrl);
  const { handle, base } = bench;
  try {
    const factoryIds = await createBenchFactories(handle);
    const today = new Date().toISOString().slice(0, 10);
    const start = addDays(today, -DAYS);
    const seedMs = await seed(handle, factoryIds, start);
    const { cookie } = await signInAs(bench, {
      email: 'carbon-bench@example.com',
      name: 'Carbon Bench',
      groups: ['Senior Sales Manager'],
      factoryId: null,
    });
    console.log(
      `\n## Carbon sales record exports of ${STOVES.toLocaleString('en-US')} sold stoves on ${label} (seeded in ${(seedMs / 1000).toFixed(1)} s)`,
    );
    const period = `from=${start}&to=${today}`;
    await timeDownload(
      'sales record CSV (whole period)',
      `${base}/api/carbon/sales-record/export.csv?${period}`,
      cookie,
      true,
    );
    await timeDownload(
      'sales record XLSX (whole period)',
      `${base}/api/carbon/sales-record/export.xlsx?${period}`,
      cookie,
      false,
    );
    const quarter = `from=${addDays(today, -91)}&to=${today}`;
    for (const [what, url] of [
      ['first page of the list (limit=50)', `/api/carbon/sales-record?${period}&limit=50`],
      ['counts of the last 3 months', `/api/carbon/sales-record/summary?${quarter}`],
      ['missing end user, first page', `/api/carbon/sales-record?${quarter}&missing=endUser&limit=50`],
      ['age cohorts (every month)', '/api/carbon/cohorts'],
    ] as const) {
      const started = performance.now();
      const res = await fetch(`${base}${url}`, { headers: { cookie } });
      if (!res.ok) throw new Error(`${url}: ${res.status}`);
      await res.arrayBuffer();
      console.log(`  ${what.padEnd(34)} ${(performance.now() - started).toFixed(0)} ms (no target)`);
    }
  } finally {
    await bench.close();
  }
}
