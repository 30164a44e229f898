/** The demo CKD kits: months of production at NBO within the steel it holds, weekly transfers, seeded once. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { seedDemoCkd } from './ckd';
import { giveSteel, makeSteelCategory } from '../test/production';
import { createTestContext, type TestContext } from '../test/test-app';

let ctx: TestContext;
let factoryIds: Map<string, string>;
let actorId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  factoryIds = new Map();
  for (const [code, kind] of [
    ['NBO', 'both'],
    ['MSA', 'assembly'],
    ['KSM', 'assembly'],
  ] as const)
    factoryIds.set(code, (await ctx.makeFactory({ code, kind })).id);
  actorId = (await ctx.makeUser(['Admin'])).id;
  // The steel the steel demo leaves at NBO (about its end balances).
  for (const [name, quantity] of [
    ['Mild steel sheet 1.2 mm', 2400],
    ['Galvanised sheet 0.8 mm', 1500],
    ['Steel rod 8 mm', 600],
    ['Steel flat bar 25 × 3 mm', 400],
  ] as const) {
    const steel = await makeSteelCategory(ctx.handle.db, { name });
    await giveSteel(ctx.handle.db, { factoryId: factoryIds.get('NBO') ?? '', categoryId: steel.id, quantity });
  }
});
afterAll(async () => {
  await ctx.close();
});

const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(ctx.handle.db, query))[0];

it('seeds three categories with steel usage and months of documents once; a second run adds nothing', async () => {
  const created = await seedDemoCkd(ctx.handle.db, factoryIds, actorId);
  expect(created).toBeGreaterThan(150);
  const documents = await one<{ n: number }>(
    sql`select ((select count(*) from ckd_produced_records) + (select count(*) from ckd_transfers))::int as n`,
  );
  expect(documents?.n).toBe(created);
  const categories = await queryRows<{ code: string; lines: number }>(
    ctx.handle.db,
    sql`select c.code, (select count(*)::int from ckd_category_steel s where s.ckd_category_id = c.id) as lines
          from ckd_categories c order by c.code`,
  );
  expect(categories).toEqual([
    { code: 'INS', lines: 3 },
    { code: 'JPL', lines: 3 },
    { code: 'JPS', lines: 3 },
  ]);
  expect(await seedDemoCkd(ctx.handle.db, factoryIds, actorId)).toBe(0);
}, 120_000);

it('produces at NBO over about six months and sends kits to MSA and KSM; balances equal the ledger', async () => {
  const span = await one<{ months: number; first: string; last: string }>(
    sql`select count(distinct to_char(date, 'YYYY-MM'))::int as months, min(date)::text as first, max(date)::text as last
          from ckd_produced_records`,
  );
  expect(span?.months).toBeGreaterThanOrEqual(6);
  expect((span?.last ?? '') <= new Date().toISOString().slice(0, 10)).toBe(true);
  const where = await queryRows<{ code: string }>(
    ctx.handle.db,
    sql`select distinct f.code from ckd_produced_records r join factories f on f.id = r.factory_id`,
  );
  expect(where).toEqual([{ code: 'NBO' }]);
  const routes = await queryRows<{ route: string }>(
    ctx.handle.db,
    sql`select distinct a.code || '>' || b.code as route from ckd_transfers t
          join factories a on a.id = t.from_factory_id join factories b on b.id = t.to_factory_id order by 1`,
  );
  expect(routes.map((r) => r.route)).toEqual(['NBO>KSM', 'NBO>MSA']);
  const balances = await queryRows<{ stock: number; ledger: number }>(
    ctx.handle.db,
    sql`select s.quantity as stock, (select sum(m.delta) from ckd_movements m
               where m.factory_id = s.factory_id and m.category_id = s.category_id)::int as ledger
          from ckd_stock s`,
  );
  expect(balances.length).toBeGreaterThanOrEqual(7);
  for (const b of balances) {
    expect(b.stock).toBeGreaterThanOrEqual(0);
    expect(b.stock).toBe(b.ledger);
  }
  const kitsAt = await queryRows<{ code: string; kits: number }>(
    ctx.handle.db,
    sql`select f.code, sum(s.quantity)::int as kits from ckd_stock s join factories f on f.id = s.factory_id
         group by f.code order by f.code`,
  );
  for (const row of kitsAt) expect(row.kits).toBeGreaterThan(0);
});

it('consumed exactly per kit × kits of steel, within what NBO held', async () => {
  const mismatch = await one<{ n: number }>(
    sql`select count(*)::int as n from ckd_produced_records r
          join ckd_category_steel u on u.ckd_category_id = r.category_id
          left join steel_records s on s.produced_record_id = r.id and s.category_id = u.steel_category_id
         where s.id is null or s.quantity <> round(u.quantity_per_kit * r.quantity, 3)`,
  );
  expect(mismatch?.n).toBe(0);
  const left = await queryRows<{ quantity: number }>(
    ctx.handle.db,
    sql`select quantity::float8 as quantity from steel_stock`,
  );
  for (const row of left) expect(row.quantity).toBeGreaterThan(0);
});

it('makes usage-less categories when the demo steel is missing', async () => {
  const bare = await createTestContext();
  try {
    const ids = new Map<string, string>();
    for (const code of ['NBO', 'MSA', 'KSM']) ids.set(code, (await bare.makeFactory({ code, kind: 'both' })).id);
    const admin = (await bare.makeUser(['Admin'])).id;
    expect(await seedDemoCkd(bare.handle.db, ids, admin)).toBeGreaterThan(150);
    const lines = await queryRows<{ n: number }>(
      bare.handle.db,
      sql`select count(*)::int as n from ckd_category_steel`,
    );
    expect(lines[0]?.n).toBe(0);
  } finally {
    await bare.close();
  }
}, 120_000);
