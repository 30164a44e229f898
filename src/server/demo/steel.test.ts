/** The demo steel: months of history at NBO and MSA, balances equal to the ledger, seeded once. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { seedDemoSteel } from './steel';
import { createTestContext, type TestContext } from '../test/test-app';

let ctx: TestContext;
let factoryIds: Map<string, string>;
let actorId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  factoryIds = new Map();
  for (const code of ['NBO', 'MSA', 'KSM']) factoryIds.set(code, (await ctx.makeFactory({ code })).id);
  actorId = (await ctx.makeUser(['Senior Production Supervisor'])).id;
});
afterAll(async () => {
  await ctx.close();
});

it('seeds categories and months of records once; a second run adds nothing', async () => {
  const created = await seedDemoSteel(ctx.handle.db, factoryIds, actorId);
  expect(created).toBeGreaterThan(200);
  const count = async () =>
    (await queryRows<{ n: number }>(ctx.handle.db, sql`select count(*)::int as n from steel_records`))[0]?.n;
  expect(await count()).toBe(created);
  const [audits] = await queryRows<{ n: number }>(
    ctx.handle.db,
    sql`select count(*)::int as n from audit_log where record_type = 'steel_record' and action = 'create'`,
  );
  expect(audits?.n).toBe(created);
  expect(await seedDemoSteel(ctx.handle.db, factoryIds, actorId)).toBe(0);
  expect(await count()).toBe(created);
}, 120_000);

it('keeps every balance equal to its ledger sum, never negative', async () => {
  const rows = await queryRows<{ stock: number; sum: number }>(
    ctx.handle.db,
    sql`select s.quantity::float8 as stock, (select sum(r.delta) from steel_records r
               where r.factory_id = s.factory_id and r.category_id = s.category_id)::float8 as sum
          from steel_stock s`,
  );
  expect(rows.length).toBeGreaterThanOrEqual(7);
  for (const row of rows) {
    expect(row.stock).toBeGreaterThanOrEqual(0);
    expect(row.stock).toBeCloseTo(row.sum, 3);
  }
});

it('spans about six months at NBO and MSA, with every kind, and ends with one category below its reorder level', async () => {
  const [span] = await queryRows<{ months: number; factories: string[]; kinds: string[] }>(
    ctx.handle.db,
    sql`select count(distinct to_char(date, 'YYYY-MM'))::int as months,
               array_agg(distinct f.code order by f.code) as factories,
               array_agg(distinct r.kind::text order by r.kind::text) as kinds
          from steel_records r join factories f on f.id = r.factory_id`,
  );
  expect(span?.months).toBeGreaterThanOrEqual(6);
  expect(span?.factories).toEqual(['MSA', 'NBO']);
  expect(span?.kinds).toEqual(['adjustment', 'received', 'scrap', 'used']);
  const totals = await queryRows<{ name: string; below: boolean; empty: boolean }>(
    ctx.handle.db,
    sql`select c.name, t.total < c.reorder_level as below, t.total = 0 as empty
          from steel_categories c
          cross join lateral (select coalesce(sum(quantity), 0) as total from steel_stock s where s.category_id = c.id) t
         order by c.name`,
  );
  expect(totals.filter((t) => t.below).map((t) => t.name)).toEqual(['Stainless sheet 1.0 mm']);
  // Low, not empty: the kit demo that runs next still has some of every steel.
  expect(totals.filter((t) => t.empty)).toEqual([]);
  expect(totals).toHaveLength(5);
});
