/**
 * The dashboards (DOMAIN.md §4 "Dashboards"): every figure against data made for it. Stoves coupled
 * and sold today and this month (UTC days; voided reports and canceled orders left out), revenue
 * per currency, pending transfers, kit stock by factory, steel and inventory below their reorder
 * level, the 30-day trends; the admin dashboard for all factories or one, the factory dashboard for
 * the caller's own factory only (empty, with a notice, without one); 400s and 403s.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, monthStart, utcToday } from '../../../common/calendar-days';
import type { Dashboard } from '../../../common/contracts/dashboards';
import { loadActor, type Actor } from '../../auth/actor';
import { giveInventory, makeInventoryItem } from '../../test/inventory';
import { giveKits, giveSteel, makeCkdCategory, makeSteelCategory } from '../../test/production';
import { makeSalesCategory, makeSalesPackage } from '../../test/sales';
import { makeCustomer, recordSale } from '../../test/sales-lines';
import { makeStoveIds } from '../../test/stove-ids';
import { createTestContext, type TestContext } from '../../test/test-app';
import { submitReport, voidReport } from '../stove-reports/stove-reports.service';
import { confirmTransfer, sendTransfer } from '../stove-transfers/stove-transfers.service';
import { adminDashboard, NO_FACTORY_NOTICE } from './dashboards.service';

let ctx: TestContext;
let A: { id: string; code: string };
let B: { id: string; code: string };
let admin: { cookie: string; id: string };
let managerA: { cookie: string; id: string };
let adminActor: Actor;
let sheetId: string;

const today = utcToday(new Date());
const first = monthStart(today);
/** The last day of last month: in the 30 days, not in this month. */
const lastMonth = addDays(first, -1);
/** Before the 30 days. */
const longAgo = addDays(today, -45);

/** What was made, per factory: [day, stoves] of coupling, [day, stoves, orders] of completed sales. */
const made = {
  coupled: [] as { factoryId: string; day: string; stoves: number }[],
  sold: [] as { factoryId: string; day: string; stoves: number; currency: string; amount: number }[],
};

function expected(factoryId: string | undefined) {
  const mine = <T extends { factoryId: string }>(rows: T[]) =>
    rows.filter((r) => factoryId === undefined || r.factoryId === factoryId);
  const sum = <T>(rows: T[], value: (r: T) => number) => rows.reduce((n, r) => n + value(r), 0);
  const coupled = mine(made.coupled);
  const sold = mine(made.sold);
  const revenue = new Map<string, number>();
  for (const s of sold.filter((r) => r.day >= first))
    revenue.set(s.currency, (revenue.get(s.currency) ?? 0) + s.amount);
  return {
    coupled: {
      today: sum(
        coupled.filter((r) => r.day === today),
        (r) => r.stoves,
      ),
      thisMonth: sum(
        coupled.filter((r) => r.day >= first),
        (r) => r.stoves,
      ),
    },
    sold: {
      today: sum(
        sold.filter((r) => r.day === today),
        (r) => r.stoves,
      ),
      thisMonth: sum(
        sold.filter((r) => r.day >= first),
        (r) => r.stoves,
      ),
      ordersToday: sold.filter((r) => r.day === today).length,
      ordersThisMonth: sold.filter((r) => r.day >= first).length,
    },
    revenue: [...revenue].map(([currency, amount]) => ({ currency, amount })).sort((a, b) => b.amount - a.amount),
    productionOn: (day: string) =>
      sum(
        coupled.filter((r) => r.day === day),
        (r) => r.stoves,
      ),
    salesOn: (day: string) => ({
      stoves: sum(
        sold.filter((r) => r.day === day),
        (r) => r.stoves,
      ),
      orders: sold.filter((r) => r.day === day).length,
    }),
  };
}

async function get(url: string, cookie: string) {
  return ctx.request({ method: 'GET', url, cookie });
}

async function dashboard(url: string, cookie: string): Promise<Dashboard> {
  const res = await get(url, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Dashboard>();
}

function expectFigures(d: Dashboard, factoryId: string | undefined) {
  const e = expected(factoryId);
  expect(d.date).toBe(today);
  expect(d.monthStart).toBe(first);
  expect(d.coupled).toEqual(e.coupled);
  expect(d.sold).toEqual(e.sold);
  expect(d.revenue).toEqual(e.revenue);
  expect(d.production).toHaveLength(30);
  expect(d.sales).toHaveLength(30);
  expect(d.production[0]?.day).toBe(addDays(today, -29));
  expect(d.production.at(-1)?.day).toBe(today);
  for (const p of d.production) expect(p.stoves, p.day).toBe(e.productionOn(p.day));
  for (const s of d.sales) expect({ stoves: s.stoves, orders: s.orders }, s.day).toEqual(e.salesOn(s.day));
}

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.handle.db;
  A = await ctx.makeFactory({ name: 'Alpha Assembly' });
  B = await ctx.makeFactory({ name: 'Beta Assembly' });
  admin = await ctx.signedInAs(['Admin']);
  managerA = await ctx.signedInAs(['Factory Manager'], { factoryId: A.id });
  const actor = await loadActor(db, admin.id);
  if (!actor) throw new Error('no admin actor');
  adminActor = actor;

  // Coupling: reports of several days at both factories; one voided report does not count.
  const kit = await makeCkdCategory(db);
  for (const f of [A, B]) await giveKits(db, { factoryId: f.id, categoryId: kit.id, quantity: 100, date: longAgo });
  const couple = async (factoryId: string, day: string, stoves: number) => {
    const ids = await makeStoveIds(db, { factoryId, count: stoves });
    const report = await submitReport(db, adminActor, {
      factoryId,
      categoryId: kit.id,
      date: day,
      codes: ids.codes,
      note: null,
    });
    return report.id;
  };
  for (const [factory, day, stoves] of [
    [A, today, 3],
    [A, first, 2],
    [A, lastMonth, 4],
    [A, longAgo, 6],
    [B, today, 5],
    [B, addDays(today, -3), 1],
  ] as const) {
    await couple(factory.id, day, stoves);
    made.coupled.push({ factoryId: factory.id, day, stoves });
  }
  const voided = await couple(A.id, today, 7);
  await voidReport(db, adminActor, voided, 'test: wrong model');

  // Sales: completed orders at both factories in two currencies; a canceled one does not count.
  const category = await makeSalesCategory(db);
  const pair = await makeSalesPackage(db, { stovesPerPackage: 2 });
  const customer = await makeCustomer(db);
  const sell = async (factoryId: string, day: string, quantity: number, currency = 'KES', canceled = false) => {
    await recordSale(db, {
      date: day,
      factoryId,
      customerId: customer.id,
      categoryId: category.id,
      currency,
      lines: [{ packageId: pair.id, quantity, unitPrice: 1000, stovesPerPackage: 2 }],
      canceled,
    });
    if (!canceled) made.sold.push({ factoryId, day, stoves: quantity * 2, currency, amount: quantity * 1000 });
  };
  await sell(A.id, today, 2);
  await sell(A.id, first, 1);
  await sell(A.id, lastMonth, 3);
  await sell(A.id, today, 4, 'KES', true);
  await sell(B.id, today, 1, 'USD');
  await sell(B.id, addDays(today, -10), 5);

  // Transfers: A → B and B → A pending, A → B confirmed.
  const send = async (from: string, to: string) => {
    const ids = await makeStoveIds(db, { factoryId: from, count: 2 });
    return sendTransfer(db, adminActor, { fromFactoryId: from, toFactoryId: to, codes: ids.codes, note: null });
  };
  await send(A.id, B.id);
  await send(B.id, A.id);
  const done = await send(A.id, B.id);
  await confirmTransfer(db, adminActor, done.id, undefined);

  // Steel: below its reorder level at A (50 < 100), above at B; an inactive category is never low.
  const sheet = await makeSteelCategory(db, { name: 'Sheet 1.2', reorderLevel: 100 });
  sheetId = sheet.id;
  await giveSteel(db, { factoryId: A.id, categoryId: sheet.id, quantity: 50 });
  await giveSteel(db, { factoryId: B.id, categoryId: sheet.id, quantity: 500 });
  const retired = await makeSteelCategory(db, { name: 'Retired', reorderLevel: 100 });
  await giveSteel(db, { factoryId: A.id, categoryId: retired.id, quantity: 1 });
  await db.execute(sql`update steel_categories set active = false where id = ${retired.id}`);

  // Inventory: an item low at A (3 < 10), fine at B.
  const gloves = await makeInventoryItem(db, { name: 'Gloves', reorderLevel: 10 });
  await giveInventory(db, { factoryId: A.id, itemId: gloves.id, quantity: 3 });
  await giveInventory(db, { factoryId: B.id, itemId: gloves.id, quantity: 30 });
}, 60_000);

afterAll(async () => {
  await ctx.close();
});

describe('GET /api/dashboards/admin', () => {
  it('sums every factory: coupled and sold today and this month, revenue per currency, the 30-day trends', async () => {
    const d = await dashboard('/api/dashboards/admin', admin.cookie);
    expect(d).toMatchObject({ scope: 'all', factory: null, notice: null });
    expectFigures(d, undefined);
    // Canceled and voided left out; this is what they would have added.
    expect(d.sold.today).toBe(expected(undefined).sold.today);
    expect(d.coupled.today).toBe(8);
  });

  it('pending transfers: every pending one, the latest first; kit stock per factory × category', async () => {
    const d = await dashboard('/api/dashboards/admin', admin.cookie);
    expect(d.pendingTransfers.total).toBe(2);
    expect(d.pendingTransfers.toConfirm).toBe(2);
    const latest = d.pendingTransfers.latest;
    expect(latest.map((t) => [t.from.id, t.to.id, t.idCount])).toEqual([
      [B.id, A.id, 2],
      [A.id, B.id, 2],
    ]);
    expect(latest[0]?.number).toBeGreaterThan(latest[1]?.number ?? Infinity);
    const rows = new Map(d.kitStock.rows.map((r) => [r.factory.id, r.total]));
    // 100 kits each, less one a stove coupled (the voided report gave its 7 back).
    const used = (f: string) => made.coupled.filter((c) => c.factoryId === f).reduce((n, c) => n + c.stoves, 0);
    expect(rows.get(A.id)).toBe(100 - used(A.id));
    expect(rows.get(B.id)).toBe(100 - used(B.id));
  });

  it('lists steel and inventory below their reorder level (active ones only), with their factory', async () => {
    const d = await dashboard('/api/dashboards/admin', admin.cookie);
    expect(d.lowSteel).toEqual({
      total: 1,
      rows: [
        {
          category: { id: sheetId, name: 'Sheet 1.2', unit: 'kg' },
          factory: { id: A.id, name: 'Alpha Assembly', code: A.code },
          quantity: 50,
          reorderLevel: 100,
        },
      ],
    });
    expect(d.lowInventory).toMatchObject({
      total: 1,
      totalCapped: false,
      rows: [{ item: { name: 'Gloves' }, factory: { id: A.id }, quantity: 3, reorderLevel: 10 }],
    });
  });

  it('narrows to one factory (factoryId)', async () => {
    const d = await dashboard(`/api/dashboards/admin?factoryId=${B.id}`, admin.cookie);
    expect(d).toMatchObject({ scope: 'factory', factory: { id: B.id, name: 'Beta Assembly', code: B.code } });
    expectFigures(d, B.id);
    expect(d.revenue.map((r) => r.currency).sort()).toEqual(['KES', 'USD']);
    // B sends one and receives none of the two pending.
    expect(d.pendingTransfers).toMatchObject({ total: 2, toConfirm: 1 });
    expect(d.kitStock.rows.map((r) => r.factory.id)).toEqual([B.id]);
    expect(d.lowSteel.total).toBe(0);
    expect(d.lowInventory.total).toBe(0);
  });

  it('400 for a bad or unknown factory id', async () => {
    expect((await get('/api/dashboards/admin?factoryId=nope', admin.cookie)).statusCode).toBe(400);
    const res = await get(`/api/dashboards/admin?factoryId=${crypto.randomUUID()}`, admin.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { details: unknown } }>().error.details).toEqual({
      fieldErrors: { factoryId: ['No such factory'] },
    });
  });

  it('a factory-scoped holder of admin-dashboard sees their own factory, whatever they ask for', async () => {
    const scoped: Actor = {
      ...adminActor,
      isGlobal: false,
      factory: { ...A, name: 'Alpha Assembly', kind: 'assembly' },
    };
    const d = await adminDashboard(ctx.handle.db, scoped, { factoryId: B.id });
    expect(d.factory?.id).toBe(A.id);
    expectFigures(d, A.id);
    const none = await adminDashboard(ctx.handle.db, { ...scoped, factory: null }, { factoryId: B.id });
    expect(none).toMatchObject({ scope: 'none', notice: NO_FACTORY_NOTICE, coupled: { today: 0, thisMonth: 0 } });
  });

  it('403 for groups without admin-dashboard', async () => {
    expect((await get('/api/dashboards/admin', managerA.cookie)).statusCode).toBe(403);
    const coupler = await ctx.signedInAs(['Stove Coupler'], { factoryId: A.id });
    expect((await get('/api/dashboards/admin', coupler.cookie)).statusCode).toBe(403);
  });
});

describe('GET /api/dashboards/factory', () => {
  it("shows the caller's own factory only, the same figures as the admin dashboard narrowed to it", async () => {
    const mine = await dashboard('/api/dashboards/factory', managerA.cookie);
    expect(mine).toMatchObject({ scope: 'factory', factory: { id: A.id, code: A.code } });
    expectFigures(mine, A.id);
    expect(mine.pendingTransfers).toMatchObject({ total: 2, toConfirm: 1 });
    expect(mine.lowSteel.rows.map((r) => r.factory.id)).toEqual([A.id]);
    expect(mine.lowInventory.rows.map((r) => r.factory.id)).toEqual([A.id]);
    expect(mine.kitStock.rows.map((r) => r.factory.id)).toEqual([A.id]);
    expect(mine).toEqual(await dashboard(`/api/dashboards/admin?factoryId=${A.id}`, admin.cookie));
  });

  it('asking for another factory changes nothing', async () => {
    const d = await dashboard(`/api/dashboards/factory?factoryId=${B.id}`, managerA.cookie);
    expect(d.factory?.id).toBe(A.id);
  });

  it('a Factory Manager without a factory gets an empty dashboard with a notice', async () => {
    const loose = await ctx.signedInAs(['Factory Manager']);
    const d = await dashboard('/api/dashboards/factory', loose.cookie);
    expect(d).toMatchObject({
      scope: 'none',
      factory: null,
      notice: NO_FACTORY_NOTICE,
      coupled: { today: 0, thisMonth: 0 },
      sold: { today: 0, thisMonth: 0, ordersToday: 0, ordersThisMonth: 0 },
      revenue: [],
      pendingTransfers: { total: 0, toConfirm: 0, latest: [] },
      kitStock: { rows: [] },
      lowSteel: { total: 0 },
      lowInventory: { total: 0 },
    });
    expect(d.production).toHaveLength(30);
    expect(d.production.every((p) => p.stoves === 0)).toBe(true);
  });

  it('403 for groups without factory-dashboard (Admin has the admin one)', async () => {
    expect((await get('/api/dashboards/factory', admin.cookie)).statusCode).toBe(403);
    const officer = await ctx.signedInAs(['Sales Officer'], { factoryId: A.id });
    expect((await get('/api/dashboards/factory', officer.cookie)).statusCode).toBe(403);
  });
});
