/**
 * Stove reports of 200 IDs (issue 5 "Performance": submit p99 ≤ 150 ms) over HTTP, with
 * BENCH_STOVE_REPORT_REGISTRY IDs (default 1,000,000) already coupled through reports of 200 (so
 * stove_report_items holds that many rows, stove_reports a 200th of it, and the history two events
 * per ID), generated set-based. Then Stove Couplers of one factory submit reports of 200 fresh
 * in-stock IDs of one stove model: 100 one at a time, then 100 by BENCH_STOVE_REPORT_CONCURRENCY
 * (default 4) at once (they share the factory's kit balance, which each report locks; PGlite runs
 * one transaction at a time, so there they queue), plus the live check of 200 codes the form
 * calls (no target; for reference).
 */
import { sql } from 'drizzle-orm';
import { stoveCode } from '../../src/common/stove-codes';
import { queryRows, type DatabaseHandle } from '../../src/server/db/client';
import { createFactory } from '../../src/server/modules/factories/factories.service';
import { stoveCodeSql } from '../../src/server/modules/stove-ids/stove-id-batches.repository';
import { giveKits, makeCkdCategory } from '../../src/server/test/production';
import { makeStoveIds } from '../../src/server/test/stove-ids';
import { report, timedPost } from './stove-transfers';
import { signInAs, startBenchApp } from './support';

/** IDs already coupled through reports (a multiple of 100,000). */
const REGISTRY = Number(process.env.BENCH_STOVE_REPORT_REGISTRY ?? 1_000_000);
const CONCURRENCY = Number(process.env.BENCH_STOVE_REPORT_CONCURRENCY ?? 4);
const PER_REPORT = 200;
const PER_BATCH = 100_000;
const REPORTS_PER_BATCH = PER_BATCH / PER_REPORT;
const WIDTH = 7;
const PREFIX = 'SRB';
const WARM_UP = 8;
const SEQUENTIAL = 100;
const CONCURRENT = 100;
const TARGET_MS = 150;

interface World {
  factoryIds: string[];
  msa: string;
  categoryId: string;
  couplerIds: string[];
}

/**
 * The registry: batches of 100,000 IDs (factories in turn), each ID coupled on one of 500 reports
 * of 200 dated over the last year, with its 'created' and 'coupled' events, each report's kit
 * consumption in the kit ledger and the day's totals. Set-based, foreign keys not re-checked while
 * seeding (session_replication_role, as pg_restore --disable-triggers does).
 */
export async function seed(handle: DatabaseHandle, world: World): Promise<number> {
  const started = performance.now();
  const { categoryId } = world;
  // Kits for the registry's reports and the bench's, received before the first report.
  for (const factoryId of world.factoryIds)
    await giveKits(handle.db, {
      factoryId,
      categoryId,
      quantity: REGISTRY + 100_000,
      date: new Date(Date.now() - 400 * 86_400_000).toISOString().slice(0, 10),
    });
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    for (let b = 0; b < REGISTRY / PER_BATCH; b++) {
      const first = b * PER_BATCH + 1;
      const last = first + PER_BATCH - 1;
      const factoryId = world.factoryIds[b % world.factoryIds.length] ?? '';
      const couplerId = world.couplerIds[b % world.couplerIds.length] ?? null;
      const [batch] = await queryRows<{ id: string }>(
        tx,
        sql`insert into stove_id_batches (kind, factory_id, prefix, first_number, width, count, first_code, last_code, created_by, updated_by)
            values ('generated', ${factoryId}, ${PREFIX}, ${first}, ${WIDTH}, ${PER_BATCH}, ${stoveCode(PREFIX, first, WIDTH)},
                    ${stoveCode(PREFIX, last, WIDTH)}, ${couplerId}, ${couplerId})
            returning id`,
      );
      if (!batch) throw new Error('no batch');
      await tx.execute(sql`
        insert into stove_ids (code, batch_id, factory_id, status, created_by, updated_by, created_at, updated_at)
        select ${stoveCodeSql(PREFIX, sql`n`, WIDTH)}, ${batch.id}::uuid, ${factoryId}::uuid, 'coupled',
               ${couplerId}::uuid, ${couplerId}::uuid, now() - interval '400 days', now() - interval '1 day'
          from generate_series(${first}::bigint, ${last}::bigint) n`);
      // 500 reports of 200 IDs, one a day going back from the batch's place in the year.
      await tx.execute(sql`
        with reports as (
          insert into stove_reports (date, factory_id, category_id, stove_count, created_by, updated_by)
          select current_date - ((${b * REPORTS_PER_BATCH}::int + k) % 365), ${factoryId}::uuid, ${categoryId}::uuid,
                 ${PER_REPORT}, ${couplerId}::uuid, ${couplerId}::uuid
            from generate_series(0, ${REPORTS_PER_BATCH - 1}) k
          returning id, number
        ), ranked as (
          select id, row_number() over (order by number) - 1 as k from reports
        ), ids as (
          select id, row_number() over (order by id) - 1 as i from stove_ids where batch_id = ${batch.id}
        )
        insert into stove_report_items (report_id, stove_id_id)
        select r.id, s.id from ids s join ranked r on r.k = s.i / ${PER_REPORT}
         order by 1, 2`);
      await tx.execute(sql`
        insert into stove_id_events (stove_id_id, kind, from_status, to_status, factory_id, document_type, document_id, actor_id, at)
        select id, 'created', null, 'in_stock', factory_id, 'batch', batch_id, created_by, created_at
          from stove_ids where batch_id = ${batch.id} order by id`);
      await tx.execute(sql`
        insert into stove_id_events (stove_id_id, kind, from_status, to_status, factory_id, document_type, document_id, actor_id, at)
        select s.id, 'coupled', 'in_stock', 'coupled', s.factory_id, 'stove_report', i.report_id, s.created_by, s.updated_at
          from stove_ids s join stove_report_items i on i.stove_id_id = s.id
         where s.batch_id = ${batch.id} order by s.id`);
    }
    // Each seeded report's kits: one 'consumed' movement, the day's totals and the balance.
    await tx.execute(sql`
      insert into ckd_movements (date, factory_id, category_id, kind, delta, stove_report_id, created_by)
      select date, factory_id, category_id, 'consumed', -stove_count, id, created_by from stove_reports order by date, id`);
    await tx.execute(sql`
      insert into ckd_daily as d (day, factory_id, category_id, consumed)
      select date, factory_id, category_id, sum(stove_count) from stove_reports group by 1, 2, 3 order by 1, 2, 3
      on conflict (day, factory_id, category_id) do update set consumed = d.consumed + excluded.consumed`);
    await tx.execute(sql`
      update ckd_stock k set quantity = k.quantity - r.used
        from (select factory_id, category_id, sum(stove_count)::int as used from stove_reports group by 1, 2) r
       where k.factory_id = r.factory_id and k.category_id = r.category_id`);
  });
  // What the server would have done by now: autovacuum and a checkpoint on PostgreSQL (so the
  // seed's writes are not flushed during the timings), the statistics refresh of start.ts on PGlite.
  const refresh = handle.kind === 'postgres' ? sql.raw('vacuum analyze') : sql.raw('analyze');
  for (const table of ['stove_ids', 'stove_id_events', 'stove_reports', 'stove_report_items', 'ckd_movements'])
    await handle.db.execute(sql`${refresh} ${sql.identifier(table)}`);
  if (handle.kind === 'postgres') await handle.db.execute(sql`checkpoint`);
  return performance.now() - started;
}

export async function benchStoveReports(label: string, databaseUrl?: string): Promise<void> {
  const bench = await startBenchApp(databaseUrl);
  const { handle, base } = bench;
  try {
    const factoryIds: string[] = [];
    for (const [code, name] of [
      ['NBO', 'Nairobi'],
      ['MSA', 'Mombasa'],
      ['KSM', 'Kisumu'],
    ] as const)
      factoryIds.push((await createFactory(handle.db, null, { name, code, kind: 'assembly' })).id);
    const msa = factoryIds[1] ?? '';
    const couplers: { id: string; cookie: string }[] = [];
    for (let i = 0; i < Math.max(CONCURRENCY, 1); i++)
      couplers.push(
        await signInAs(bench, {
          email: `coupler-${i}@bench.example`,
          name: `Bench Coupler ${i}`,
          groups: ['Stove Coupler'],
          factoryId: msa,
        }),
      );
    const category = await makeCkdCategory(handle.db, { code: 'BENCH', stoveModel: 'Bench Jiko' });
    const world = { factoryIds, msa, categoryId: category.id, couplerIds: couplers.map((c) => c.id) };
    const seedMs = await seed(handle, world);
    const total = WARM_UP + SEQUENTIAL + CONCURRENT;
    const fresh = await makeStoveIds(handle.db, { factoryId: msa, count: total * PER_REPORT, prefix: 'SRN' });
    const lists = Array.from({ length: total }, (_, i) => fresh.codes.slice(i * PER_REPORT, (i + 1) * PER_REPORT));
    const [items] = await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from stove_report_items`);

    console.log(
      `\n## Stove reports of ${PER_REPORT} IDs on ${label} (${(items?.n ?? 0).toLocaleString('en-US')} IDs already on ` +
        `${(REGISTRY / PER_REPORT).toLocaleString('en-US')} reports, seeded in ${(seedMs / 1000).toFixed(1)} s)`,
    );
    const body = (codes: string[]) => ({
      factoryId: msa,
      categoryId: category.id,
      date: new Date().toISOString().slice(0, 10),
      codes,
    });
    const submit = async (coupler: { cookie: string }, codes: string[]) =>
      (await timedPost(base, '/api/stove-reports', coupler.cookie, body(codes), 201)).ms;

    const checks: number[] = [];
    const sequential: number[] = [];
    let next = 0;
    const [first] = couplers;
    if (!first) throw new Error('no coupler');
    for (let i = 0; i < WARM_UP + SEQUENTIAL; i++) {
      const codes = lists[next++] ?? [];
      const check = await timedPost<{ ok: number }>(base, '/api/stove-reports/check', first.cookie, body(codes), 200);
      if (check.json.ok !== codes.length) throw new Error(`only ${check.json.ok} of ${codes.length} in stock`);
      const ms = await submit(first, codes);
      if (i >= WARM_UP) {
        checks.push(check.ms);
        sequential.push(ms);
      }
    }
    // CONCURRENCY couplers submitting at once, each taking the next list as soon as its last is in.
    const concurrent: number[] = [];
    const started = performance.now();
    await Promise.all(
      couplers.slice(0, CONCURRENCY).map(async (coupler) => {
        while (next < total) {
          const codes = lists[next++] ?? [];
          concurrent.push(await submit(coupler, codes));
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    report(`check ${PER_REPORT} codes (report form)`, checks, null);
    report(`submit ${PER_REPORT} IDs, one at a time`, sequential, TARGET_MS);
    report(`submit ${PER_REPORT} IDs, ${CONCURRENCY} at once`, concurrent, TARGET_MS);
    console.log(`  (${CONCURRENCY} at once: ${(concurrent.length / seconds).toFixed(1)} reports/s)`);
  } finally {
    await bench.close();
  }
}
