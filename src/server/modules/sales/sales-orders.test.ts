/**
 * Sales orders (DOMAIN.md §4 "Sales"): prices quote, ID check, create (all or nothing: the IDs
 * sold, the lines priced from the price in force on the order's day whatever the client sends),
 * cancel (once; the IDs back to validated, the lines out of the report), list, export and detail.
 * Proves: every refusal is a clear 4xx that changes nothing; factory-scoped sellers sell, see and
 * cancel only their factory's orders; only sales-management cancels. Races: sales-orders-concurrency.test.ts.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '../../../common/contracts/list';
import {
  salesOrderNumberLabel,
  type SalesOrder,
  type SalesOrderDetail,
  type SalesOrderIdCheck,
  type SalesOrderPrices,
  type SalesOverview,
} from '../../../common/contracts/sales-orders';
import type { StoveIdDetail, StoveIdStatus } from '../../../common/contracts/stove-ids';
import { queryRows } from '../../db/client';
import { parseCsv } from '../../../common/csv';
import { auditRows } from '../../test/db-assert';
import { makeCustomer } from '../../test/sales-lines';
import { makeSalesCategory, makeSalesPackage, setSalesPrice, type MadeSalesRecord } from '../../test/sales';
import { makeCkdCategory } from '../../test/production';
import { makeStoveIds } from '../../test/stove-ids';
import { createTestContext, type ErrorBody, type SignedInUser, type TestContext } from '../../test/test-app';
import { sqlBigintArray } from '../stove-ids/stove-id-status.repository';

let ctx: TestContext;
let A: { id: string; code: string };
let B: { id: string; code: string };
let retail: MadeSalesRecord;
let wholesale: MadeSalesRecord;
let single: MadeSalesRecord;
let pair: MadeSalesRecord;
let customer: { id: string; name: string };
let admin: SignedInUser;
let managerA: SignedInUser;
let officerA: SignedInUser;
let salesManagerB: SignedInUser;

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const today = () => daysAgo(0);

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.handle.db;
  A = await ctx.makeFactory();
  B = await ctx.makeFactory();
  retail = await makeSalesCategory(db);
  wholesale = await makeSalesCategory(db);
  single = await makeSalesPackage(db);
  pair = await makeSalesPackage(db, { stovesPerPackage: 2 });
  // Retail: single 3,000 from 60 days ago, 3,500 from 10 days ago; pair 5,999.99 from 60 days ago.
  await setSalesPrice(db, { packageId: single.id, categoryId: retail.id, unitPrice: 3000, effectiveFrom: daysAgo(60) });
  await setSalesPrice(db, { packageId: single.id, categoryId: retail.id, unitPrice: 3500, effectiveFrom: daysAgo(10) });
  await setSalesPrice(db, {
    packageId: pair.id,
    categoryId: retail.id,
    unitPrice: 5999.99,
    effectiveFrom: daysAgo(60),
  });
  // Wholesale: only the single, 2,800.
  await setSalesPrice(db, {
    packageId: single.id,
    categoryId: wholesale.id,
    unitPrice: 2800,
    effectiveFrom: daysAgo(60),
  });
  customer = await makeCustomer(db, { name: 'Mama Mboga Stores' });
  await db.execute(sql`update partners set default_sales_category_id = ${retail.id} where id = ${customer.id}`);
  admin = await ctx.signedInAs(['Admin']);
  managerA = await ctx.signedInAs(['Factory Manager'], { factoryId: A.id });
  officerA = await ctx.signedInAs(['Sales Officer'], { factoryId: A.id });
  salesManagerB = await ctx.signedInAs(['Sales Manager'], { factoryId: B.id });
});
afterAll(async () => {
  await ctx.close();
});

const post = (url: string, payload: unknown, user: SignedInUser) =>
  ctx.request({ method: 'POST', url, payload: payload as Record<string, unknown>, cookie: user.cookie });
const get = (url: string, user: SignedInUser) => ctx.request({ method: 'GET', url, cookie: user.cookie });

const validated = (factoryId: string, count: number, status: Exclude<StoveIdStatus, 'in_transit'> = 'validated') =>
  makeStoveIds(ctx.handle.db, { factoryId, count, status });

function orderBody(codes: string[], overrides: Record<string, unknown> = {}) {
  return {
    date: today(),
    factoryId: A.id,
    customerId: customer.id,
    lines: [{ packageId: single.id, quantity: codes.length }],
    codes,
    buyerName: 'Wanjiru Kamau',
    buyerPhone: '+254 700 000 000',
    buyerLocation: 'Kisumu',
    ...overrides,
  };
}

async function sell(
  user: SignedInUser,
  codes: string[],
  overrides: Record<string, unknown> = {},
): Promise<SalesOrderDetail> {
  const res = await post('/api/sales/orders', orderBody(codes, overrides), user);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<SalesOrderDetail>();
}

async function statuses(ids: number[]): Promise<StoveIdStatus[]> {
  const rows = await queryRows<{ status: StoveIdStatus }>(
    ctx.handle.db,
    sql`select status from stove_ids where id = any(${sqlBigintArray(ids)}) order by id`,
  );
  return rows.map((r) => r.status);
}

async function orderCount(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(ctx.handle.db, sql`select count(*)::int as n from sales_orders`);
  return row?.n ?? 0;
}

describe('GET /api/sales/orders/prices', () => {
  it('lists the active packages with the price in force for the category on the day', async () => {
    const res = await get(`/api/sales/orders/prices?date=${today()}&categoryId=${retail.id}`, officerA);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<SalesOrderPrices>();
    const s = body.packages.find((p) => p.id === single.id);
    expect(s?.price).toMatchObject({ unitPrice: 3500, currency: 'KES', effectiveFrom: daysAgo(10) });
    expect(body.packages.find((p) => p.id === pair.id)?.price?.unitPrice).toBe(5999.99);
    const before = await get(`/api/sales/orders/prices?date=${daysAgo(20)}&categoryId=${retail.id}`, officerA);
    expect(before.json<SalesOrderPrices>().packages.find((p) => p.id === single.id)?.price?.unitPrice).toBe(3000);
    const wholesalePrices = await get(`/api/sales/orders/prices?date=${today()}&categoryId=${wholesale.id}`, officerA);
    expect(wholesalePrices.json<SalesOrderPrices>().packages.find((p) => p.id === pair.id)?.price).toBeNull();
  });

  it('400 without a valid date or category', async () => {
    expect((await get(`/api/sales/orders/prices?categoryId=${retail.id}`, officerA)).statusCode).toBe(400);
    expect((await get(`/api/sales/orders/prices?date=2026-02-30&categoryId=${retail.id}`, officerA)).statusCode).toBe(
      400,
    );
    const unknown = await get(`/api/sales/orders/prices?date=${today()}&categoryId=${crypto.randomUUID()}`, officerA);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ErrorBody>().error.details?.fieldErrors?.categoryId).toBeDefined();
  });
});

describe('POST /api/sales/orders/check', () => {
  it('gives each code its verdict at the factory', async () => {
    const ok = await validated(A.id, 1);
    const coupled = await validated(A.id, 1, 'coupled');
    const inStock = await validated(A.id, 1, 'in_stock');
    const sold = await validated(A.id, 1, 'sold');
    const atB = await validated(B.id, 1);
    const codes = [
      ok.codes[0],
      ok.codes[0],
      coupled.codes[0],
      inStock.codes[0],
      sold.codes[0],
      atB.codes[0],
      'NOPE-0000',
      'x!',
    ];
    const res = await post('/api/sales/orders/check', { factoryId: A.id, codes }, officerA);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<SalesOrderIdCheck>();
    expect(body.items.map((i) => i.verdict)).toEqual([
      'ok',
      'duplicate',
      'coupled',
      'in_stock',
      'sold',
      'wrong_factory',
      'unknown',
      'malformed',
    ]);
    expect(body.items[2]?.reason).toBe('Coupled but not validated yet: validate it first');
    // A factory-scoped user is not told where another factory's ID is.
    expect(body.items[5]?.reason).toBe('At another factory');
    expect(body).toMatchObject({ ok: 1, problems: 7 });
  });

  it("403 for another factory's check by a factory-scoped user; 400 for an empty list", async () => {
    const res = await post('/api/sales/orders/check', { factoryId: B.id, codes: ['ABCD-1'] }, officerA);
    expect(res.statusCode).toBe(403);
    expect((await post('/api/sales/orders/check', { factoryId: A.id, codes: [] }, officerA)).statusCode).toBe(400);
  });
});

describe('POST /api/sales/orders', () => {
  it('sells: prices from the price in force, totals from the server, IDs sold with a history event', async () => {
    const ids = await validated(A.id, 4);
    const res = await post(
      '/api/sales/orders',
      orderBody(ids.codes, {
        lines: [
          { packageId: single.id, quantity: 2, unitPrice: 1 },
          { packageId: pair.id, quantity: 1 },
        ],
        total: 1,
        note: 'Delivered by van',
      }),
      officerA,
    );
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<SalesOrderDetail>();
    expect(order).toMatchObject({
      status: 'completed',
      factory: { id: A.id },
      customer: { id: customer.id, name: 'Mama Mboga Stores' },
      category: { id: retail.id },
      currency: 'KES',
      packageCount: 3,
      stoveCount: 4,
      total: 12999.99,
      buyer: { name: 'Wanjiru Kamau', phone: '+254 700 000 000', location: 'Kisumu' },
      note: 'Delivered by van',
      seller: { id: officerA.id },
      can: { cancel: false },
    });
    expect(order.lines).toEqual([
      expect.objectContaining({ position: 1, quantity: 2, unitPrice: 3500, lineTotal: 7000, stovesPerPackage: 1 }),
      expect.objectContaining({
        position: 2,
        quantity: 1,
        unitPrice: 5999.99,
        lineTotal: 5999.99,
        stovesPerPackage: 2,
      }),
    ]);
    expect(order.items.map((i) => i.code)).toEqual([...ids.codes].sort());
    expect(order.items.every((i) => i.status === 'sold')).toBe(true);
    expect(await statuses(ids.ids)).toEqual(['sold', 'sold', 'sold', 'sold']);

    const detail = (await get(`/api/stove-ids/${ids.codes[0]}`, admin)).json<StoveIdDetail>();
    const last = detail.events[detail.events.length - 1];
    expect(last).toMatchObject({ kind: 'sold', fromStatus: 'validated', toStatus: 'sold' });
    expect(last?.document).toEqual({ type: 'sales_order', id: order.id, label: salesOrderNumberLabel(order.number) });

    const [audit] = await auditRows(ctx.handle.db, 'create', order.id);
    expect(audit).toMatchObject({ recordType: 'sales_order', actorId: officerA.id });
  });

  it("a back-dated order takes that day's price", async () => {
    const ids = await validated(A.id, 1);
    const order = await sell(officerA, ids.codes, { date: daysAgo(20) });
    expect(order.lines[0]).toMatchObject({ unitPrice: 3000, priceEffectiveFrom: daysAgo(60) });
    expect(order.total).toBe(3000);
  });

  it("the category defaults to the customer's and can be chosen", async () => {
    const ids = await validated(A.id, 1);
    const order = await sell(officerA, ids.codes, { categoryId: wholesale.id });
    expect(order.category.id).toBe(wholesale.id);
    expect(order.total).toBe(2800);
  });

  it('refuses the whole order when any ID cannot be sold, naming each (409), and changes nothing', async () => {
    const good = await validated(A.id, 2);
    const coupled = await validated(A.id, 1, 'coupled');
    const atB = await validated(B.id, 1);
    const before = await orderCount();
    const res = await post(
      '/api/sales/orders',
      orderBody([...good.codes, coupled.codes[0] ?? '', atB.codes[0] ?? '']),
      admin,
    );
    expect(res.statusCode, res.body).toBe(409);
    const body = res.json<ErrorBody>();
    expect(body.error.message).toBe('Nothing was sold: 2 of 4 stove IDs cannot be sold.');
    expect(body.error.details?.problems).toEqual([
      { code: coupled.codes[0], reason: 'Coupled but not validated yet: validate it first' },
      // A global user is told where it is.
      { code: atB.codes[0], reason: `At another factory (${B.code})` },
    ]);
    expect(await statuses(good.ids)).toEqual(['validated', 'validated']);
    expect(await orderCount()).toBe(before);
  });

  it('refuses an already sold ID and a duplicate in the list', async () => {
    const ids = await validated(A.id, 2);
    await sell(officerA, [ids.codes[0] ?? '']);
    const again = await post('/api/sales/orders', orderBody([ids.codes[0] ?? '']), officerA);
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().error.details?.problems?.[0]?.reason).toBe('Already sold');
    const twice = await post('/api/sales/orders', orderBody([ids.codes[1] ?? '', ids.codes[1] ?? '']), officerA);
    expect(twice.statusCode).toBe(409);
    expect(twice.json<ErrorBody>().error.details?.problems).toEqual([
      { code: ids.codes[1], reason: 'Duplicate in the list' },
    ]);
    expect(await statuses([ids.ids[1] ?? 0])).toEqual(['validated']);
  });

  it('400 when the IDs do not match the stoves of the lines', async () => {
    const ids = await validated(A.id, 3);
    const res = await post(
      '/api/sales/orders',
      orderBody(ids.codes, { lines: [{ packageId: pair.id, quantity: 1 }] }),
      officerA,
    );
    expect(res.statusCode).toBe(400);
    const body = res.json<ErrorBody>();
    expect(body.error.message).toBe('The lines deliver 2 stove IDs and 3 stove IDs were given: they must match.');
    expect(body.error.details?.fieldErrors?.codes).toEqual(['Give exactly 2 stove IDs.']);
    expect(await statuses(ids.ids)).toEqual(['validated', 'validated', 'validated']);
  });

  it('400 for a package without a price in force, an inactive package, an unknown one (on the line)', async () => {
    const ids = await validated(A.id, 1);
    const noPrice = await post(
      '/api/sales/orders',
      orderBody(ids.codes, {
        categoryId: wholesale.id,
        lines: [{ packageId: pair.id, quantity: 1 }],
        codes: ids.codes,
      }),
      officerA,
    );
    expect(noPrice.statusCode).toBe(400);
    expect(noPrice.json<ErrorBody>().error.details?.fieldErrors?.['lines.0.packageId']?.[0]).toBe(
      `${pair.name} has no price for ${wholesale.name} on ${today()}.`,
    );
    const inactive = await makeSalesPackage(ctx.handle.db, { active: false });
    await setSalesPrice(ctx.handle.db, {
      packageId: inactive.id,
      categoryId: retail.id,
      unitPrice: 100,
      effectiveFrom: daysAgo(5),
    });
    const off = await post(
      '/api/sales/orders',
      orderBody(ids.codes, { lines: [{ packageId: inactive.id, quantity: 1 }] }),
      officerA,
    );
    expect(off.statusCode).toBe(400);
    expect(off.json<ErrorBody>().error.details?.fieldErrors?.['lines.0.packageId']?.[0]).toContain('is inactive');
    const unknown = await post(
      '/api/sales/orders',
      orderBody(ids.codes, { lines: [{ packageId: crypto.randomUUID(), quantity: 1 }] }),
      officerA,
    );
    expect(unknown.statusCode).toBe(400);
    expect(await statuses(ids.ids)).toEqual(['validated']);
  });

  it('400 for packages priced in different currencies', async () => {
    const usd = await makeSalesPackage(ctx.handle.db);
    await setSalesPrice(ctx.handle.db, {
      packageId: usd.id,
      categoryId: retail.id,
      unitPrice: 30,
      currency: 'USD',
      effectiveFrom: daysAgo(5),
    });
    const ids = await validated(A.id, 2);
    const res = await post(
      '/api/sales/orders',
      orderBody(ids.codes, {
        lines: [
          { packageId: single.id, quantity: 1 },
          { packageId: usd.id, quantity: 1 },
        ],
      }),
      officerA,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.message).toContain('different currencies (KES, USD)');
    expect(res.json<ErrorBody>().error.details?.fieldErrors?.['lines.1.packageId']).toEqual([
      'Priced in USD, the first line in KES.',
    ]);
  });

  it('400 for a customer that is inactive, unknown, or without a default category when none is chosen', async () => {
    const ids = await validated(A.id, 1);
    const bare = await makeCustomer(ctx.handle.db);
    const none = await post('/api/sales/orders', orderBody(ids.codes, { customerId: bare.id }), officerA);
    expect(none.statusCode).toBe(400);
    expect(none.json<ErrorBody>().error.message).toBe(`${bare.name} has no default sales category: choose one.`);
    const inactive = await makeCustomer(ctx.handle.db);
    await ctx.handle.db.execute(sql`update partners set active = false where id = ${inactive.id}`);
    const off = await post(
      '/api/sales/orders',
      orderBody(ids.codes, { customerId: inactive.id, categoryId: retail.id }),
      officerA,
    );
    expect(off.statusCode).toBe(400);
    expect(off.json<ErrorBody>().error.details?.fieldErrors?.customerId).toEqual(['This customer is inactive.']);
    const unknown = await post(
      '/api/sales/orders',
      orderBody(ids.codes, { customerId: crypto.randomUUID() }),
      officerA,
    );
    expect(unknown.statusCode).toBe(400);
    const offCategory = await makeSalesCategory(ctx.handle.db, { active: false });
    const inactiveCategory = await post(
      '/api/sales/orders',
      orderBody(ids.codes, { categoryId: offCategory.id }),
      officerA,
    );
    expect(inactiveCategory.statusCode).toBe(400);
    expect(await statuses(ids.ids)).toEqual(['validated']);
  });

  it('400 for bad input, naming the field', async () => {
    const ids = await validated(A.id, 1);
    const cases: [Record<string, unknown>, string][] = [
      [{ buyerName: '  ' }, 'buyerName'],
      [{ lines: [] }, 'lines'],
      [{ lines: [{ packageId: single.id, quantity: 0 }] }, 'lines.0.quantity'],
      [{ lines: [{ packageId: single.id, quantity: 1.5 }] }, 'lines.0.quantity'],
      [
        {
          lines: [
            { packageId: single.id, quantity: 1 },
            { packageId: single.id, quantity: 1 },
          ],
        },
        'lines.1.packageId',
      ],
      [{ codes: [] }, 'codes'],
      [{ date: '2999-01-01' }, 'date'],
      [{ factoryId: 'nope' }, 'factoryId'],
    ];
    for (const [override, field] of cases) {
      const res = await post('/api/sales/orders', orderBody(ids.codes, override), officerA);
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(Object.keys(res.json<ErrorBody>().error.details?.fieldErrors ?? {}), JSON.stringify(override)).toContain(
        field,
      );
    }
    expect(await statuses(ids.ids)).toEqual(['validated']);
  });

  it('a factory-scoped seller sells only from their factory (403)', async () => {
    const atB = await validated(B.id, 1);
    const res = await post('/api/sales/orders', orderBody(atB.codes, { factoryId: B.id }), officerA);
    expect(res.statusCode).toBe(403);
    expect(await statuses(atB.ids)).toEqual(['validated']);
  });

  it('400 for an inactive factory', async () => {
    const closed = await ctx.makeFactory();
    await ctx.handle.db.execute(sql`update factories set active = false where id = ${closed.id}`);
    const ids = await validated(closed.id, 1);
    const res = await post('/api/sales/orders', orderBody(ids.codes, { factoryId: closed.id }), admin);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.details?.fieldErrors?.factoryId).toEqual(['This factory is inactive.']);
  });
});

describe('a stove is sold as the model it was coupled as', () => {
  let standard: { id: string; name: string };
  let large: { id: string; name: string };
  let standardPackage: MadeSalesRecord;
  let largePackage: MadeSalesRecord;

  beforeAll(async () => {
    const db = ctx.handle.db;
    const suffix = Date.now().toString(36).toUpperCase();
    standard = await makeCkdCategory(db, { name: `Jiko Poa ${suffix}` });
    large = await makeCkdCategory(db, { name: `Jiko Poa L ${suffix}` });
    standardPackage = await makeSalesPackage(db, { ckdCategoryId: standard.id });
    largePackage = await makeSalesPackage(db, { ckdCategoryId: large.id, stovesPerPackage: 2 });
    for (const p of [standardPackage, largePackage])
      await setSalesPrice(db, { packageId: p.id, categoryId: retail.id, unitPrice: 4000, effectiveFrom: daysAgo(60) });
  });

  const coupledAs = (model: string, count: number) =>
    makeStoveIds(ctx.handle.db, { factoryId: A.id, count, status: 'validated', model });

  it('the check gives an ID of a model the lines do not need, or one too many of a model, its verdict', async () => {
    const asStandard = await coupledAs(standard.id, 2);
    const asLarge = await coupledAs(large.id, 3);
    const carriedOver = await validated(A.id, 1);
    const codes = [...asStandard.codes, ...asLarge.codes, ...carriedOver.codes];
    const lines = [{ packageId: largePackage.id, quantity: 1 }];
    const res = await post('/api/sales/orders/check', { factoryId: A.id, codes, lines }, officerA);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<SalesOrderIdCheck>();
    expect(body.items.map((i) => [i.verdict, i.reason])).toEqual([
      ['wrong_model', `Wrong model: ${standard.name}; this order needs ${large.name}`],
      ['wrong_model', `Wrong model: ${standard.name}; this order needs ${large.name}`],
      ['ok', null],
      ['ok', null],
      ['wrong_model', `One ${large.name} too many: this order needs 2 stoves of that model`],
      // Carried over from the previous system without a model: it may fill any line.
      ['ok', null],
    ]);
    expect(body).toMatchObject({ ok: 3, problems: 3 });

    // Both models on the lines: each names what the order needs; without lines, no model verdict.
    const both = [...lines, { packageId: standardPackage.id, quantity: 1 }];
    const two = (
      await post('/api/sales/orders/check', { factoryId: A.id, codes, lines: both }, officerA)
    ).json<SalesOrderIdCheck>();
    expect(two.items.map((i) => i.verdict)).toEqual(['ok', 'wrong_model', 'ok', 'ok', 'wrong_model', 'ok']);
    expect(two.items[1]?.reason).toBe(`One ${standard.name} too many: this order needs 1 stove of that model`);
    const none = (
      await post('/api/sales/orders/check', { factoryId: A.id, codes }, officerA)
    ).json<SalesOrderIdCheck>();
    expect(none.ok).toBe(6);
    // Lines that are not lines are refused, naming the field.
    const bad = await post(
      '/api/sales/orders/check',
      { factoryId: A.id, codes, lines: [{ packageId: 'nope', quantity: 0 }] },
      officerA,
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<ErrorBody>().error.details?.fieldErrors ?? {})).toEqual(
      expect.arrayContaining(['lines.0.packageId', 'lines.0.quantity']),
    );
  });

  it('refuses the whole order with 409 when an ID is of the wrong model, and changes nothing', async () => {
    const asStandard = await coupledAs(standard.id, 1);
    const asLarge = await coupledAs(large.id, 1);
    const before = await orderCount();
    const res = await post(
      '/api/sales/orders',
      orderBody([...asLarge.codes, ...asStandard.codes], { lines: [{ packageId: largePackage.id, quantity: 1 }] }),
      officerA,
    );
    expect(res.statusCode, res.body).toBe(409);
    const body = res.json<ErrorBody>();
    expect(body.error.message).toBe('Nothing was sold: 1 of 2 stove IDs is not the model the order’s packages need.');
    expect(body.error.details?.problems).toEqual([
      { code: asStandard.codes[0], reason: `Wrong model: ${standard.name}; this order needs ${large.name}` },
    ]);
    expect(await statuses([...asLarge.ids, ...asStandard.ids])).toEqual(['validated', 'validated']);
    expect(await orderCount()).toBe(before);
  });

  it('sells IDs of the lines’ models, with IDs carried over without a model filling any line', async () => {
    const asStandard = await coupledAs(standard.id, 1);
    const asLarge = await coupledAs(large.id, 1);
    const carriedOver = await validated(A.id, 1);
    const order = await sell(officerA, [...carriedOver.codes, ...asLarge.codes, ...asStandard.codes], {
      lines: [
        { packageId: standardPackage.id, quantity: 1 },
        { packageId: largePackage.id, quantity: 1 },
      ],
    });
    expect(order.stoveCount).toBe(3);
    expect(await statuses([...asStandard.ids, ...asLarge.ids, ...carriedOver.ids])).toEqual(['sold', 'sold', 'sold']);
  });
});

describe('POST /api/sales/orders/:id/cancel', () => {
  it('applies once: the IDs return to validated with a sale_canceled event, the lines leave the report', async () => {
    const ids = await validated(A.id, 2);
    const order = await sell(officerA, ids.codes);
    expect((await get(`/api/sales/orders/${order.id}`, managerA)).json<SalesOrderDetail>().can.cancel).toBe(true);
    const res = await post(
      `/api/sales/orders/${order.id}/cancel`,
      { reason: 'Customer returned the stoves' },
      managerA,
    );
    expect(res.statusCode, res.body).toBe(200);
    const canceled = res.json<SalesOrderDetail>();
    expect(canceled).toMatchObject({
      status: 'canceled',
      cancelReason: 'Customer returned the stoves',
      canceledBy: { id: managerA.id },
      can: { cancel: false },
    });
    expect(canceled.canceledAt).not.toBeNull();
    expect(canceled.items.every((i) => i.status === 'validated')).toBe(true);
    expect(await statuses(ids.ids)).toEqual(['validated', 'validated']);
    const detail = (await get(`/api/stove-ids/${ids.codes[0]}`, admin)).json<StoveIdDetail>();
    expect(detail.events.slice(-2).map((e) => e.kind)).toEqual(['sold', 'sale_canceled']);
    expect(detail.events[detail.events.length - 1]).toMatchObject({
      fromStatus: 'sold',
      toStatus: 'validated',
      note: 'Customer returned the stoves',
    });
    // Back in stock to sell: its current document is no longer the canceled order.
    expect(detail.currentDocument).toMatchObject({ type: 'batch' });
    const [lines] = await queryRows<{ n: number }>(
      ctx.handle.db,
      sql`select count(*)::int as n from sales_order_lines where order_id = ${order.id} and canceled`,
    );
    expect(lines?.n).toBe(1);

    const again = await post(`/api/sales/orders/${order.id}/cancel`, { reason: 'twice' }, managerA);
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().error.message).toBe(`${salesOrderNumberLabel(order.number)} is already canceled.`);
    const audit = await auditRows(ctx.handle.db, 'cancel', order.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ recordType: 'sales_order', actorId: managerA.id });
    // The returned IDs can be sold again.
    await sell(officerA, ids.codes);
  });

  it("400 without a reason; 404 for another factory's order or an unknown one", async () => {
    const ids = await validated(A.id, 1);
    const order = await sell(officerA, ids.codes);
    expect((await post(`/api/sales/orders/${order.id}/cancel`, { reason: ' ' }, managerA)).statusCode).toBe(400);
    expect((await post(`/api/sales/orders/${order.id}/cancel`, { reason: 'x' }, salesManagerB)).statusCode).toBe(404);
    expect((await post(`/api/sales/orders/${crypto.randomUUID()}/cancel`, { reason: 'x' }, managerA)).statusCode).toBe(
      404,
    );
    expect((await post(`/api/sales/orders/nope/cancel`, { reason: 'x' }, managerA)).statusCode).toBe(400);
    expect(await statuses(ids.ids)).toEqual(['sold']);
  });

  it('a Sales Officer (no sales-management) may not cancel (403)', async () => {
    const ids = await validated(A.id, 1);
    const order = await sell(officerA, ids.codes);
    expect((await post(`/api/sales/orders/${order.id}/cancel`, { reason: 'x' }, officerA)).statusCode).toBe(403);
  });
});

describe('GET /api/sales/orders, export and detail', () => {
  let listed: SalesOrderDetail;
  let atB: SalesOrderDetail;
  let code: string;

  beforeAll(async () => {
    const other = await makeCustomer(ctx.handle.db, { name: 'Kibera Women Group' });
    const ids = await validated(A.id, 1);
    code = ids.codes[0] ?? '';
    listed = await sell(admin, ids.codes, {
      customerId: other.id,
      categoryId: wholesale.id,
      buyerName: 'Achieng Otieno',
      buyerPhone: '0722 123 456',
      date: daysAgo(3),
    });
    atB = await sell(admin, (await validated(B.id, 1)).codes, { factoryId: B.id });
  });

  const items = async (query: string, user: SignedInUser = admin) => {
    const res = await get(`/api/sales/orders?${query}`, user);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ListResponse<SalesOrder>>().items;
  };

  it('searches by order number, customer, buyer name or phone, and stove ID', async () => {
    for (const q of [salesOrderNumberLabel(listed.number), 'kibera', 'achieng', '0722', code.toLowerCase()]) {
      const found = await items(`q=${encodeURIComponent(q)}`);
      expect(
        found.map((o) => o.id),
        q,
      ).toContain(listed.id);
    }
    expect(await items('q=zzzz-nothing')).toEqual([]);
  });

  it('filters by factory, customer, category, status, seller and dates; sorts by total', async () => {
    expect((await items(`factoryId=${B.id}`)).every((o) => o.factory.id === B.id)).toBe(true);
    expect((await items(`customerId=${listed.customer.id}`)).map((o) => o.id)).toEqual([listed.id]);
    expect((await items(`categoryId=${wholesale.id}`)).every((o) => o.category.id === wholesale.id)).toBe(true);
    expect((await items(`from=${daysAgo(3)}&to=${daysAgo(3)}`)).map((o) => o.id)).toContain(listed.id);
    expect((await items(`sellerId=${officerA.id}`)).every((o) => o.seller?.id === officerA.id)).toBe(true);
    const canceled = await items('status=canceled');
    expect(canceled.length).toBeGreaterThan(0);
    expect(canceled.every((o) => o.status === 'canceled')).toBe(true);
    const byTotal = await items('sort=total&dir=desc&limit=200');
    const totals = byTotal.map((o) => o.total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
  });

  it('sorted by canceledAt, lists canceled orders newest first, paging with a cursor', async () => {
    const first = await get('/api/sales/orders?sort=canceledAt&dir=desc&limit=1', managerA);
    const page = first.json<ListResponse<SalesOrder>>();
    expect(page.items).toHaveLength(1);
    expect(page.items[0]?.status).toBe('canceled');
    if (page.nextCursor) {
      const next = await get(`/api/sales/orders?sort=canceledAt&dir=desc&limit=1&cursor=${page.nextCursor}`, managerA);
      const second = next.json<ListResponse<SalesOrder>>().items[0];
      expect(second?.id).not.toBe(page.items[0]?.id);
      expect((second?.canceledAt ?? '') <= (page.items[0]?.canceledAt ?? '')).toBe(true);
    }
  });

  it("a factory-scoped user sees only their factory's orders, whatever they ask", async () => {
    const mine = await items(`factoryId=${B.id}`, officerA);
    expect(mine.every((o) => o.factory.id === A.id)).toBe(true);
    expect(mine.map((o) => o.id)).not.toContain(atB.id);
    expect((await get(`/api/sales/orders/${atB.id}`, officerA)).statusCode).toBe(404);
    expect((await get(`/api/sales/orders/${atB.id}`, salesManagerB)).statusCode).toBe(200);
  });

  it('exports the filtered list as CSV', async () => {
    const res = await get(`/api/sales/orders/export.csv?customerId=${listed.customer.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const [header, ...rows] = parseCsv(res.body).map((r) => r.fields);
    expect(rows).toHaveLength(1);
    expect(Object.fromEntries((header ?? []).map((h, i) => [h, rows[0]?.[i]]))).toMatchObject({
      Number: salesOrderNumberLabel(listed.number),
      Status: 'Completed',
      Customer: 'Kibera Women Group',
      'Sales category': wholesale.code,
      Stoves: '1',
      Currency: 'KES',
      Total: '2800.00',
      Buyer: 'Achieng Otieno',
    });
  });

  it('400 for a bad filter; 404 for an unknown order', async () => {
    expect((await get('/api/sales/orders?status=lost', admin)).statusCode).toBe(400);
    expect((await get('/api/sales/orders?sort=price', admin)).statusCode).toBe(400);
    expect((await get(`/api/sales/orders/${crypto.randomUUID()}`, admin)).statusCode).toBe(404);
  });
});

describe('GET /api/sales/overview', () => {
  it("sums this month's and last month's sales, the last 30 days, stoves ready to sell and the latest orders", async () => {
    const db = ctx.handle.db;
    const F = await ctx.makeFactory();
    const G = await ctx.makeFactory();
    const boss = await ctx.signedInAs(['Senior Sales Manager']);
    const managerF = await ctx.signedInAs(['Factory Manager'], { factoryId: F.id });
    const pkg = await makeSalesPackage(db, { stovesPerPackage: 2 });
    await setSalesPrice(db, { packageId: pkg.id, categoryId: retail.id, unitPrice: 1000, effectiveFrom: '2020-01-01' });
    const overview = async (user: SignedInUser) => {
      const res = await get('/api/sales/overview', user);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<SalesOverview>();
    };
    const sellAt = (factoryId: string, date: string, packages: number) =>
      makeStoveIds(db, { factoryId, count: packages * 2, status: 'validated' }).then((ids) =>
        sell(boss, ids.codes, {
          date,
          factoryId,
          categoryId: retail.id,
          lines: [{ packageId: pkg.id, quantity: packages }],
        }),
      );
    const now = new Date();
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const thisMonth = day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)));
    const lastMonth = day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
    const before = await overview(boss);

    await sellAt(F.id, thisMonth, 3);
    const canceled = await sellAt(F.id, thisMonth, 1);
    expect((await post(`/api/sales/orders/${canceled.id}/cancel`, { reason: 'test' }, boss)).statusCode).toBe(200);
    await sellAt(F.id, lastMonth, 2);
    await sellAt(G.id, thisMonth, 5);
    await makeStoveIds(db, { factoryId: F.id, count: 4, status: 'validated' });

    const after = await overview(boss);
    expect(after.thisMonth).toMatchObject({ from: thisMonth, to: after.date });
    // Last month over the same days: from its 1st to today's day of the month (or its last day).
    expect(after.lastMonth.from).toBe(lastMonth);
    expect(after.lastMonth.to.slice(0, 7)).toBe(lastMonth.slice(0, 7));
    expect(Number(after.lastMonth.to.slice(8))).toBe(
      Math.min(
        Number(after.date.slice(8)),
        new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)).getUTCDate(),
      ),
    );
    expect(after.thisMonth.orders - before.thisMonth.orders).toBe(2);
    expect(after.thisMonth.canceled - before.thisMonth.canceled).toBe(1);
    expect(after.thisMonth.stoves - before.thisMonth.stoves).toBe(16);
    expect(after.lastMonth.stoves - before.lastMonth.stoves).toBe(4);
    expect(after.daily).toHaveLength(30);
    expect(after.daily[29]?.day).toBe(after.date);
    // The canceled order's 2 stoves are validated again at F, beside the 4 never sold.
    expect(after.readyToSell.find((r) => r.factory.id === F.id)?.stoves).toBe(6);
    expect(after.readyToSell.find((r) => r.factory.id === G.id)?.stoves).toBe(0);
    // At most 8 (the file's other tests add orders too).
    expect(after.recentOrders.length).toBeGreaterThanOrEqual(4);
    expect(after.recentOrders.length).toBeLessThanOrEqual(8);
    const dates = after.recentOrders.map((o) => o.date);
    expect(dates).toEqual([...dates].sort().reverse());

    // A factory-scoped manager sees their factory only.
    const mine = await overview(managerF);
    expect(mine.thisMonth).toMatchObject({
      orders: 1,
      canceled: 1,
      stoves: 6,
      revenue: [{ currency: 'KES', amount: 3000 }],
    });
    expect(mine.lastMonth).toMatchObject({ orders: 1, stoves: 4, revenue: [{ currency: 'KES', amount: 2000 }] });
    expect(mine.readyToSell.map((r) => r.factory.id)).toEqual([F.id]);
    expect(mine.recentOrders.map((o) => o.factory.id)).toEqual([F.id, F.id, F.id]);
  });
});

describe('prices and orders', () => {
  it('a price an order used cannot be withdrawn, even when it is from a later day than UTC today', async () => {
    const pkg = await makeSalesPackage(ctx.handle.db);
    const priceId = await setSalesPrice(ctx.handle.db, {
      packageId: pkg.id,
      categoryId: retail.id,
      unitPrice: 10,
      effectiveFrom: daysAgo(1),
    });
    await sell(officerA, (await validated(A.id, 1)).codes, { lines: [{ packageId: pkg.id, quantity: 1 }] });
    // As if it were scheduled: move it to tomorrow (the order keeps pointing at it).
    await ctx.handle.db.execute(sql`update sales_prices set effective_from = current_date + 1 where id = ${priceId}`);
    const res = await ctx.request({ method: 'DELETE', url: `/api/sales/prices/${priceId}`, cookie: admin.cookie });
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().error.message).toContain('An order was sold at this price');
  });
});
