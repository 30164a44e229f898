/** The demo inventory: months of entries at NBO, MSA and KSM, balances equal to the ledger, seeded once. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { writeCompanyTimeZone } from '../modules/factories/time-zones.repository';
import { DEMO_TIME_ZONE } from './accounts';
import { seedDemoInventory } from './inventory';
import { createTestContext, type TestContext } from '../test/test-app';

let ctx: TestContext;
let factoryIds: Map<string, string>;
let userIds: { store: string; factoryManager: string; admin: string };
beforeAll(async () => {
  ctx = await createTestContext();
  // As the demo's seed does first: its days are Kenya's, also when Kenya is a day ahead of UTC.
  await writeCompanyTimeZone(ctx.handle.db, DEMO_TIME_ZONE);
  factoryIds = new Map();
  for (const code of ['NBO', 'MSA', 'KSM']) factoryIds.set(code, (await ctx.makeFactory({ code })).id);
  userIds = {
    store: (await ctx.makeUser(['Senior Production Manager'])).id,
    factoryManager: (await ctx.makeUser(['Factory Manager'], { factoryId: factoryIds.get('MSA') ?? null })).id,
    admin: (await ctx.makeUser(['Admin'])).id,
  };
});
afterAll(async () => {
  await ctx.close();
});

it('seeds master data and months of entries once, each audited; a second run adds nothing', async () => {
  const created = await seedDemoInventory(ctx.handle.db, factoryIds, userIds);
  expect(created).toBeGreaterThan(150);
  const [counts] = await queryRows<{
    entries: number;
    audits: number;
    items: number;
    categories: number;
    units: number;
  }>(
    ctx.handle.db,
    sql`select (select count(*)::int from inventory_entries) as entries,
               (select count(*)::int from audit_log where record_type = 'inventory_entry' and action = 'create') as audits,
               (select count(*)::int from inventory_items) as items,
               (select count(*)::int from inventory_categories) as categories,
               (select count(*)::int from inventory_units) as units`,
  );
  expect(counts).toEqual({ entries: created, audits: created, items: 25, categories: 5, units: 5 });
  expect(await seedDemoInventory(ctx.handle.db, factoryIds, userIds)).toBe(0);
}, 120_000);

it('keeps every balance equal to its ledger sum, never negative', async () => {
  const rows = await queryRows<{ stock: number; sum: number }>(
    ctx.handle.db,
    sql`select s.quantity::float8 as stock, (select sum(m.delta) from inventory_movements m
               where m.factory_id = s.factory_id and m.item_id = s.item_id)::float8 as sum
          from inventory_stock s`,
  );
  expect(rows.length).toBeGreaterThan(50);
  for (const row of rows) {
    expect(row.stock).toBeGreaterThanOrEqual(0);
    expect(row.stock).toBeCloseTo(row.sum, 3);
  }
});

it('spans about six months at the three factories, with every kind of movement and every reason', async () => {
  const [span] = await queryRows<{ months: number; factories: string[]; kinds: string[]; reasons: string[] }>(
    ctx.handle.db,
    sql`select count(distinct to_char(m.date, 'YYYY-MM'))::int as months,
               array_agg(distinct f.code order by f.code) as factories,
               array_agg(distinct m.kind::text order by m.kind::text) as kinds,
               array_remove(array_agg(distinct m.reason::text order by m.reason::text), null) as reasons
          from inventory_movements m join factories f on f.id = m.factory_id`,
  );
  expect(span?.months).toBeGreaterThanOrEqual(6);
  expect(span?.factories).toEqual(['KSM', 'MSA', 'NBO']);
  expect(span?.kinds).toEqual(['input', 'removal', 'transfer_in', 'transfer_out']);
  expect(span?.reasons).toEqual(['damaged', 'expired', 'lost', 'other', 'used']);
  const [other] = await queryRows<{ note: string | null }>(
    ctx.handle.db,
    sql`select e.note from inventory_entries e
         where exists (select 1 from inventory_movements m where m.entry_id = e.id and m.reason = 'other')`,
  );
  expect(other?.note).toMatch(/training centre/);
});

it('ends with the late items below their reorder level and one inactive item still holding spares', async () => {
  const low = await queryRows<{ name: string }>(
    ctx.handle.db,
    sql`select distinct i.name from inventory_stock s join inventory_items i on i.id = s.item_id
         where i.active and s.quantity < i.reorder_level order by i.name`,
  );
  expect(low.map((r) => r.name)).toEqual(['Dust mask FFP2', 'Heat-resistant paint, black']);
  const inactive = await queryRows<{ name: string; stock: number }>(
    ctx.handle.db,
    sql`select i.name, coalesce(sum(s.quantity), 0)::float8 as stock
          from inventory_items i left join inventory_stock s on s.item_id = i.id
         where not i.active group by i.name`,
  );
  expect(inactive).toHaveLength(1);
  expect(inactive[0]?.name).toBe('Stove carton, old print');
  expect(inactive[0]?.stock).toBeGreaterThan(0);
});
