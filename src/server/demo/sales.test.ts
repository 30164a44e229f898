/** The demo sales master data: categories, packages on the demo kits, months of prices, seeded once. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays } from '../../common/calendar-days';
import { demoToday } from './accounts';
import { queryRows } from '../db/client';
import { seedDemoSales } from './sales';
import { salesPriceGrid } from '../modules/sales/sales-prices.service';
import { findPriceInForce } from '../modules/sales/sales-prices.repository';
import { makeCkdCategory } from '../test/production';
import { createTestContext, type TestContext } from '../test/test-app';

let ctx: TestContext;
let actorId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  for (const code of ['JPS', 'JPL', 'INS']) await makeCkdCategory(ctx.handle.db, { code });
  actorId = (await ctx.makeUser(['Senior Sales Manager'])).id;
});
afterAll(async () => {
  await ctx.close();
});

const count = async (table: string, where = sql``) =>
  (
    await queryRows<{ n: number }>(ctx.handle.db, sql`select count(*)::int as n from ${sql.identifier(table)} ${where}`)
  )[0]?.n;

it('seeds four categories, six packages and their prices once, each audited; a second run adds nothing', async () => {
  const prices = await seedDemoSales(ctx.handle.db, actorId);
  expect(prices).toBeGreaterThan(30);
  expect(await count('sales_prices')).toBe(prices);
  expect(await count('sales_categories')).toBe(4);
  expect(await count('sales_packages')).toBe(6);
  expect(await count('audit_log', sql`where record_type = 'sales_price' and action = 'create'`)).toBe(prices);
  expect(await count('audit_log', sql`where record_type in ('sales_category', 'sales_package')`)).toBe(10);
  expect(await seedDemoSales(ctx.handle.db, actorId)).toBe(0);
  expect(await count('sales_prices')).toBe(prices);
}, 60_000);

it('has a launch list six months ago, an increase two months ago (one cell corrected) and one scheduled', async () => {
  const today = demoToday();
  const days = await queryRows<{ day: string; n: number; currencies: string[] }>(
    ctx.handle.db,
    sql`select to_char(effective_from, 'YYYY-MM-DD') as day, count(*)::int as n,
               array_agg(distinct currency) as currencies
          from sales_prices group by effective_from order by effective_from`,
  );
  expect(days.map((d) => d.day)).toEqual([
    addDays(today, -182),
    addDays(today, -61),
    expect.stringMatching(/^\d{4}-\d{2}-01$/),
  ]);
  expect(days.every((d) => d.currencies.join() === 'KES')).toBe(true);
  expect((days[2]?.day ?? '') > today).toBe(true);

  const grid = await salesPriceGrid(ctx.handle.db, {});
  expect(grid.packages.map((p) => p.code).sort()).toEqual(['INS-60', 'JPL-1', 'JPL-POT', 'JPS-1', 'JPS-10', 'JPS-POT']);
  expect(grid.categories.map((c) => c.code).sort()).toEqual(['INS', 'NGO', 'RET', 'WHS']);
  // Every priced cell has the increased price in force; the institutional and large stoves have a next one.
  expect(grid.cells.every((c) => c.inForce?.effectiveFrom === addDays(today, -61))).toBe(true);
  const withNext = grid.cells
    .filter((c) => c.next !== null)
    .map((c) => grid.packages.find((p) => p.id === c.packageId)?.code);
  expect(new Set(withNext)).toEqual(new Set(['INS-60', 'JPL-1']));

  const pack = grid.packages.find((p) => p.code === 'JPS-10');
  const wholesale = grid.categories.find((c) => c.code === 'WHS');
  if (!pack || !wholesale) throw new Error('demo dealer pack or wholesale missing');
  const cell = { packageId: pack.id, categoryId: wholesale.id };
  expect((await findPriceInForce(ctx.handle.db, { ...cell, day: today }))?.unitPrice).toBe(30_800);
  expect((await findPriceInForce(ctx.handle.db, { ...cell, day: addDays(today, -62) }))?.unitPrice).toBe(29_500);
});
