/**
 * Price allocation API (DOMAIN.md §4 "Sales"): price lists from a date (all or nothing), the history
 * with each price's state and end, the grid of prices in force on a day with the next ones, the
 * withdrawal of a scheduled price, and the one query of "the price in force on day D" the sales
 * order reuses. Everything needs price-allocation (Factory Manager too, by the spec §6 override).
 */
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, utcToday } from '../../../common/calendar-days';
import type { ListResponse } from '../../../common/contracts/list';
import type { SalesPrice, SalesPriceGrid } from '../../../common/contracts/sales';
import { salesPrices } from '../../db/schema/sales';
import { apiRequests, letters, UNKNOWN_ID, type ErrorBody } from '../../test/api-requests';
import { auditRows, countRows } from '../../test/db-assert';
import { groupsWith } from '../../test/groups';
import { walkList } from '../../test/list-walk';
import { makeSalesCategory, makeSalesPackage, setSalesPrice, type MadeSalesRecord } from '../../test/sales';
import { createTestContext, type TestContext } from '../../test/test-app';
import { findPriceInForce } from './sales-prices.repository';

let ctx: TestContext;
let adminCookie: string;
beforeAll(async () => {
  ctx = await createTestContext();
  adminCookie = (await ctx.signedInAs(['Admin'])).cookie;
});
afterAll(async () => {
  await ctx.close();
});

const today = () => utcToday(new Date());
const day = (offset: number) => addDays(today(), offset);

const post = (payload: unknown, cookie: string | null = adminCookie) =>
  ctx.request({
    method: 'POST',
    url: '/api/sales/prices',
    payload: payload as Record<string, unknown>,
    ...(cookie ? { cookie } : {}),
  });
const { get } = apiRequests({ ctx: () => ctx, cookie: () => adminCookie });
const withdraw = (id: string, cookie: string = adminCookie) =>
  ctx.request({ method: 'DELETE', url: `/api/sales/prices/${id}`, cookie });

async function setPrices(
  effectiveFrom: string,
  prices: { packageId: string; categoryId: string; unitPrice: number }[],
  extra: Record<string, unknown> = {},
): Promise<SalesPrice[]> {
  const res = await post({ effectiveFrom, prices, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ items: SalesPrice[] }>().items;
}
async function history(query: Record<string, string>, cookie = adminCookie) {
  const res = await get(`/api/sales/prices?${new URLSearchParams(query).toString()}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListResponse<SalesPrice>>();
}
async function grid(query: Record<string, string> = {}, cookie = adminCookie) {
  const res = await get(`/api/sales/prices/grid?${new URLSearchParams(query).toString()}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SalesPriceGrid>();
}
/** A package and a category of their own, so every test has fresh cells. */
async function cell(): Promise<{ pkg: MadeSalesRecord; category: MadeSalesRecord }> {
  return { pkg: await makeSalesPackage(ctx.handle.db), category: await makeSalesCategory(ctx.handle.db) };
}
const pricesOf = (packageId: string) =>
  countRows(ctx.handle.db, salesPrices, inArray(salesPrices.packageId, [packageId]));

it('price-allocation belongs to Admin and Senior Sales Manager, and to Factory Manager by the spec §6 override', () => {
  expect(groupsWith('price-allocation')).toEqual(['Admin', 'Factory Manager', 'Senior Sales Manager']);
});

describe('setting a price list', () => {
  it('sets several cells from one date in one request (201), in KES by default, each audited', async () => {
    const pkg = await makeSalesPackage(ctx.handle.db);
    const [retail, wholesale] = [await makeSalesCategory(ctx.handle.db), await makeSalesCategory(ctx.handle.db)];
    const items = await setPrices(
      today(),
      [
        { packageId: pkg.id, categoryId: retail.id, unitPrice: 4500 },
        { packageId: pkg.id, categoryId: wholesale.id, unitPrice: 3999.5 },
      ],
      { note: ' January list ' },
    );
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      package: { id: pkg.id, name: pkg.name, code: pkg.code },
      category: { id: retail.id, name: retail.name, code: retail.code },
      unitPrice: 4500,
      currency: 'KES',
      effectiveFrom: today(),
      effectiveTo: null,
      state: 'in_force',
      note: 'January list',
      createdBy: { name: 'Test Admin' },
    });
    expect(items[1]).toMatchObject({ category: { id: wholesale.id }, unitPrice: 3999.5, state: 'in_force' });
    for (const item of items) {
      const [audit] = await auditRows(ctx.handle.db, 'create', item.id);
      expect(audit).toMatchObject({ recordType: 'sales_price', after: { unitPrice: item.unitPrice, currency: 'KES' } });
    }
  });

  it('takes another currency, upper-cased', async () => {
    const { pkg, category } = await cell();
    const [price] = await setPrices(today(), [{ packageId: pkg.id, categoryId: category.id, unitPrice: 35 }], {
      currency: 'usd',
    });
    expect(price?.currency).toBe('USD');
  });

  it('is all or nothing: an unknown or deactivated package or category refuses the whole list (400 per line)', async () => {
    const { pkg, category } = await cell();
    const retiredPackage = await makeSalesPackage(ctx.handle.db, { active: false });
    const retiredCategory = await makeSalesCategory(ctx.handle.db, { active: false });
    const res = await post({
      effectiveFrom: today(),
      prices: [
        { packageId: pkg.id, categoryId: category.id, unitPrice: 100 },
        { packageId: retiredPackage.id, categoryId: category.id, unitPrice: 100 },
        { packageId: pkg.id, categoryId: retiredCategory.id, unitPrice: 100 },
        { packageId: UNKNOWN_ID, categoryId: UNKNOWN_ID, unitPrice: 100 },
      ],
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<ErrorBody>();
    expect(body.error.details?.fieldErrors).toEqual({
      'prices.1.packageId': [`${retiredPackage.name} is deactivated: reactivate it before setting its prices.`],
      'prices.2.categoryId': [`${retiredCategory.name} is deactivated: reactivate it before setting its prices.`],
      'prices.3.packageId': ['This sales package does not exist. Choose another one.'],
      'prices.3.categoryId': ['This sales category does not exist. Choose another one.'],
    });
    expect(body.error.message).toBe(
      `${retiredPackage.name} is deactivated: reactivate it before setting its prices. (and 3 more problems)`,
    );
    expect(await pricesOf(pkg.id)).toBe(0);
  });

  it.each([
    ['no prices', { prices: [] }, 'prices', 'Add at least one price'],
    ['a negative price', { unitPrice: -1 }, 'prices.0.unitPrice', 'A price cannot be negative'],
    ['a price in thousandths', { unitPrice: 10.005 }, 'prices.0.unitPrice', 'A price takes at most 2 decimals'],
    ['a price as text', { unitPrice: '4500' }, 'prices.0.unitPrice', 'Price must be a number'],
    ['a price too large', { unitPrice: 100_000_001 }, 'prices.0.unitPrice', 'The price is too large'],
    ['no date', { effectiveFrom: undefined }, 'effectiveFrom', 'Choose the date the prices take effect'],
    ['a date that is not one', { effectiveFrom: '2026-02-30' }, 'effectiveFrom', 'Use a date like 2026-01-31'],
    ['a date before 2000', { effectiveFrom: '1999-12-31' }, 'effectiveFrom', 'The date is too far in the past'],
    ['a currency of 4 letters', { currency: 'KESH' }, 'currency', 'Use a three-letter currency code such as KES'],
    ['a note of 501 characters', { note: 'n'.repeat(501) }, 'note', 'Note is limited to 500 characters'],
  ])('refuses %s (400 with the field) and writes nothing', async (_, change, field, message) => {
    const { pkg, category } = await cell();
    const { unitPrice = 100, ...rest } = change as { unitPrice?: unknown };
    const res = await post({
      effectiveFrom: today(),
      prices: [{ packageId: pkg.id, categoryId: category.id, unitPrice }],
      ...rest,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.details?.fieldErrors?.[field]).toEqual([message]);
    expect(await pricesOf(pkg.id)).toBe(0);
  });

  it('refuses the same cell twice in one list (400 on the second) and writes nothing', async () => {
    const { pkg, category } = await cell();
    const line = { packageId: pkg.id, categoryId: category.id, unitPrice: 100 };
    const res = await post({ effectiveFrom: today(), prices: [line, { ...line, unitPrice: 200 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.details?.fieldErrors?.['prices.1']).toEqual([
      'This package and category are set twice',
    ]);
    expect(await pricesOf(pkg.id)).toBe(0);
  });

  it('is refused without price-allocation (403) and signed out (401); a Factory Manager may', async () => {
    const { pkg, category } = await cell();
    const body = { effectiveFrom: today(), prices: [{ packageId: pkg.id, categoryId: category.id, unitPrice: 1 }] };
    for (const group of ['Sales Manager', 'Sales Officer', 'Production Manager'] as const) {
      const { cookie } = await ctx.signedInAs([group]);
      expect((await post(body, cookie)).statusCode, group).toBe(403);
    }
    expect((await post(body, null)).statusCode).toBe(401);
    expect(await pricesOf(pkg.id)).toBe(0);
    const { cookie } = await ctx.signedInAs(['Factory Manager'], { factoryId: (await ctx.makeFactory()).id });
    expect((await post(body, cookie)).statusCode).toBe(201);
  });
});

describe('the price in force', () => {
  it('follows the dates: each price from its date until the day before the next one', async () => {
    const { pkg, category } = await cell();
    const at = (offset: number, unitPrice: number) =>
      setSalesPrice(ctx.handle.db, {
        packageId: pkg.id,
        categoryId: category.id,
        unitPrice,
        effectiveFrom: day(offset),
      });
    const old = await at(-90, 4000);
    const current = await at(-30, 4200);
    const scheduled = await at(20, 4600);
    const later = await at(50, 4800);

    const found = (offset: number) =>
      findPriceInForce(ctx.handle.db, { packageId: pkg.id, categoryId: category.id, day: day(offset) });
    expect(await found(-91)).toBeNull();
    expect(await found(-90)).toMatchObject({ id: old, unitPrice: 4000, effectiveFrom: day(-90), currency: 'KES' });
    expect((await found(-31))?.id).toBe(old);
    expect((await found(-30))?.id).toBe(current);
    expect((await found(0))?.id).toBe(current);
    expect((await found(19))?.id).toBe(current);
    expect((await found(20))?.id).toBe(scheduled);
    expect((await found(365))?.id).toBe(later);

    const { items } = await history({ packageId: pkg.id, categoryId: category.id });
    expect(items.map((p) => [p.id, p.effectiveFrom, p.effectiveTo, p.state])).toEqual([
      [later, day(50), null, 'scheduled'],
      [scheduled, day(20), day(49), 'scheduled'],
      [current, day(-30), day(19), 'in_force'],
      [old, day(-90), day(-31), 'superseded'],
    ]);
  });

  it('a same-day correction wins over the price it corrects, which stays in the history', async () => {
    const { pkg, category } = await cell();
    const [first] = await setPrices(today(), [{ packageId: pkg.id, categoryId: category.id, unitPrice: 4500 }]);
    const [correction] = await setPrices(today(), [{ packageId: pkg.id, categoryId: category.id, unitPrice: 4450 }], {
      note: 'Typo',
    });
    expect(correction).toMatchObject({ unitPrice: 4450, state: 'in_force', effectiveTo: null });
    expect(
      await findPriceInForce(ctx.handle.db, { packageId: pkg.id, categoryId: category.id, day: today() }),
    ).toMatchObject({
      id: correction?.id,
      unitPrice: 4450,
    });
    const { items } = await history({ packageId: pkg.id });
    expect(items.map((p) => [p.id, p.state, p.effectiveTo])).toEqual([
      [correction?.id, 'in_force', null],
      // Corrected on its first day: it ends before it began.
      [first?.id, 'superseded', day(-1)],
    ]);
    const page = await grid();
    expect(page.cells.find((c) => c.packageId === pkg.id)?.inForce).toMatchObject({
      id: correction?.id,
      unitPrice: 4450,
    });
  });

  it('a correction of a scheduled price replaces it as the next one', async () => {
    const { pkg, category } = await cell();
    await setSalesPrice(ctx.handle.db, {
      packageId: pkg.id,
      categoryId: category.id,
      unitPrice: 10,
      effectiveFrom: day(-5),
    });
    const [planned] = await setPrices(day(7), [{ packageId: pkg.id, categoryId: category.id, unitPrice: 12 }]);
    const [fixed] = await setPrices(day(7), [{ packageId: pkg.id, categoryId: category.id, unitPrice: 11 }]);
    const { items } = await history({ packageId: pkg.id });
    expect(items.map((p) => [p.id, p.state])).toEqual([
      [fixed?.id, 'scheduled'],
      [planned?.id, 'superseded'],
      [expect.any(String), 'in_force'],
    ]);
    expect((await grid()).cells.find((c) => c.packageId === pkg.id)?.next).toMatchObject({
      id: fixed?.id,
      unitPrice: 11,
    });
  });
});

describe('the grid', () => {
  it('shows the active packages × categories, the price in force today and the next scheduled one', async () => {
    const token = letters();
    const pkg = await makeSalesPackage(ctx.handle.db, { name: `${token} package`, stovesPerPackage: 10 });
    const [a, b] = [
      await makeSalesCategory(ctx.handle.db, { name: `${token} A` }),
      await makeSalesCategory(ctx.handle.db, { name: `${token} B` }),
    ];
    const retired = await makeSalesPackage(ctx.handle.db, { name: `${token} retired`, active: false });
    const now = await setSalesPrice(ctx.handle.db, {
      packageId: pkg.id,
      categoryId: a.id,
      unitPrice: 40_000,
      effectiveFrom: day(-10),
    });
    const next = await setSalesPrice(ctx.handle.db, {
      packageId: pkg.id,
      categoryId: a.id,
      unitPrice: 42_000,
      effectiveFrom: day(30),
    });
    const onlyNext = await setSalesPrice(ctx.handle.db, {
      packageId: pkg.id,
      categoryId: b.id,
      unitPrice: 38_000,
      effectiveFrom: day(1),
    });
    await setSalesPrice(ctx.handle.db, {
      packageId: retired.id,
      categoryId: a.id,
      unitPrice: 1,
      effectiveFrom: day(-10),
    });

    const page = await grid();
    expect(page.date).toBe(today());
    expect(page.packages).toContainEqual({
      id: pkg.id,
      name: pkg.name,
      code: pkg.code,
      active: true,
      stovesPerPackage: 10,
    });
    expect(page.packages.map((p) => p.id)).not.toContain(retired.id);
    expect(page.categories).toContainEqual({ id: a.id, name: a.name, code: a.code, active: true });
    const mine = page.cells.filter((c) => c.packageId === pkg.id);
    expect(mine).toHaveLength(2);
    expect(mine.find((c) => c.categoryId === a.id)).toEqual({
      packageId: pkg.id,
      categoryId: a.id,
      inForce: { id: now, unitPrice: 40_000, currency: 'KES', effectiveFrom: day(-10) },
      next: { id: next, unitPrice: 42_000, currency: 'KES', effectiveFrom: day(30) },
    });
    expect(mine.find((c) => c.categoryId === b.id)).toMatchObject({ inForce: null, next: { id: onlyNext } });
    expect(page.cells.filter((c) => c.packageId === retired.id)).toEqual([]);

    const all = await grid({ includeInactive: 'true' });
    expect(all.packages).toContainEqual(expect.objectContaining({ id: retired.id, active: false }));
    expect(all.cells.find((c) => c.packageId === retired.id)?.inForce?.unitPrice).toBe(1);
  });

  it('on a past day shows the prices in force then, and the price that followed as next', async () => {
    const { pkg, category } = await cell();
    const first = await setSalesPrice(ctx.handle.db, {
      packageId: pkg.id,
      categoryId: category.id,
      unitPrice: 100,
      effectiveFrom: day(-60),
    });
    const second = await setSalesPrice(ctx.handle.db, {
      packageId: pkg.id,
      categoryId: category.id,
      unitPrice: 120,
      effectiveFrom: day(-20),
    });
    const past = await grid({ date: day(-45) });
    expect(past.date).toBe(day(-45));
    expect(past.cells.find((c) => c.packageId === pkg.id)).toMatchObject({
      inForce: { id: first, unitPrice: 100 },
      next: { id: second, unitPrice: 120 },
    });
    const before = await grid({ date: day(-61) });
    expect(before.cells.find((c) => c.packageId === pkg.id)).toMatchObject({ inForce: null, next: { id: first } });
  });

  it('refuses a day that is not one (400), and without price-allocation (403)', async () => {
    expect((await get('/api/sales/prices/grid?date=2026-13-01')).statusCode).toBe(400);
    expect((await get('/api/sales/prices/grid?includeInactive=yes')).statusCode).toBe(400);
    const { cookie } = await ctx.signedInAs(['Sales Officer']);
    expect((await get('/api/sales/prices/grid', cookie)).statusCode).toBe(403);
  });
});

describe('withdrawing a scheduled price', () => {
  it('withdraws a price from a later day (204, audited); the one in force stays in force', async () => {
    const { pkg, category } = await cell();
    const current = await setSalesPrice(ctx.handle.db, {
      packageId: pkg.id,
      categoryId: category.id,
      unitPrice: 50,
      effectiveFrom: day(-3),
    });
    const scheduled = await setSalesPrice(ctx.handle.db, {
      packageId: pkg.id,
      categoryId: category.id,
      unitPrice: 55,
      effectiveFrom: day(1),
    });
    const res = await withdraw(scheduled);
    expect(res.statusCode, res.body).toBe(204);
    const [audit] = await auditRows(ctx.handle.db, 'withdraw', scheduled);
    expect(audit).toMatchObject({
      recordType: 'sales_price',
      before: { unitPrice: 55, effectiveFrom: day(1) },
      after: null,
    });
    const { items } = await history({ packageId: pkg.id });
    expect(items.map((p) => [p.id, p.state, p.effectiveTo])).toEqual([[current, 'in_force', null]]);
  });

  it('refuses a price in force or past (409) and keeps it; 404 for an unknown price', async () => {
    const { pkg, category } = await cell();
    const past = await setSalesPrice(ctx.handle.db, {
      packageId: pkg.id,
      categoryId: category.id,
      unitPrice: 50,
      effectiveFrom: day(-30),
    });
    const current = await setSalesPrice(ctx.handle.db, {
      packageId: pkg.id,
      categoryId: category.id,
      unitPrice: 60,
      effectiveFrom: today(),
    });
    for (const id of [past, current]) {
      const res = await withdraw(id);
      expect(res.statusCode).toBe(409);
      expect(res.json<ErrorBody>().error.message).toBe(
        'A price in force or past stays in the history: set a new price instead.',
      );
    }
    expect(await pricesOf(pkg.id)).toBe(2);
    expect((await withdraw(UNKNOWN_ID)).statusCode).toBe(404);
    expect(
      (await ctx.request({ method: 'DELETE', url: '/api/sales/prices/nope', cookie: adminCookie })).statusCode,
    ).toBe(400);
  });

  it('is refused without price-allocation (403)', async () => {
    const { pkg, category } = await cell();
    const scheduled = await setSalesPrice(ctx.handle.db, {
      packageId: pkg.id,
      categoryId: category.id,
      unitPrice: 1,
      effectiveFrom: day(3),
    });
    const { cookie } = await ctx.signedInAs(['Sales Manager']);
    expect((await withdraw(scheduled, cookie)).statusCode).toBe(403);
    expect(await pricesOf(pkg.id)).toBe(1);
  });
});

describe('the history list and export', () => {
  it('filters by package, category, from and to, and searches package, category and note', async () => {
    const token = letters();
    const pkg = await makeSalesPackage(ctx.handle.db, { name: `${token} pkg` });
    const other = await makeSalesPackage(ctx.handle.db);
    const category = await makeSalesCategory(ctx.handle.db, { name: `${token} cat` });
    const early = await setSalesPrice(ctx.handle.db, {
      packageId: pkg.id,
      categoryId: category.id,
      unitPrice: 1,
      effectiveFrom: '2025-01-01',
    });
    const mid = await setSalesPrice(ctx.handle.db, {
      packageId: pkg.id,
      categoryId: category.id,
      unitPrice: 2,
      effectiveFrom: '2025-06-01',
    });
    const otherPrice = await setSalesPrice(ctx.handle.db, {
      packageId: other.id,
      categoryId: category.id,
      unitPrice: 3,
      effectiveFrom: '2025-03-01',
    });
    const ids = async (query: Record<string, string>) => (await history(query)).items.map((p) => p.id);
    expect(await ids({ categoryId: category.id })).toEqual([mid, otherPrice, early]);
    expect(await ids({ categoryId: category.id, sort: 'effectiveFrom', dir: 'asc' })).toEqual([early, otherPrice, mid]);
    expect(await ids({ packageId: pkg.id })).toEqual([mid, early]);
    expect(await ids({ categoryId: category.id, from: '2025-02-01', to: '2025-05-31' })).toEqual([otherPrice]);
    expect(await ids({ q: `${token.toLowerCase()} pkg` })).toEqual([mid, early]);
    // A filter on dates does not change a price's state or end: they come from the whole cell.
    const [filtered] = (await history({ packageId: pkg.id, to: '2025-03-01' })).items;
    expect(filtered).toMatchObject({ id: early, effectiveTo: '2025-05-31', state: 'superseded' });
    expect((await history({ categoryId: category.id })).total).toBe(3);
  });

  it.each([
    ['effectiveFrom', 'desc'],
    ['effectiveFrom', 'asc'],
    ['createdAt', 'desc'],
    ['createdAt', 'asc'],
  ] as const)('pages by %s %s with keyset cursors, every row once (same-day prices too)', async (sort, dir) => {
    const category = await makeSalesCategory(ctx.handle.db);
    const packages = [await makeSalesPackage(ctx.handle.db), await makeSalesPackage(ctx.handle.db)];
    const base = Date.now() - 3_600_000;
    let n = 0;
    for (const date of ['2025-01-01', '2025-01-01', '2025-02-01'])
      for (const pkg of packages)
        await setSalesPrice(ctx.handle.db, {
          packageId: pkg.id,
          categoryId: category.id,
          unitPrice: ++n,
          effectiveFrom: date,
          createdAt: new Date(base + n * 1000),
        });
    const walk = await walkList<SalesPrice>(
      ctx,
      '/api/sales/prices',
      { categoryId: category.id, sort, dir },
      adminCookie,
      4,
    );
    expect(walk.pages).toBe(2);
    expect(walk.totals).toEqual([6, 6]);
    expect(new Set(walk.items.map((p) => p.id)).size).toBe(6);
    const values = walk.items.map((p) =>
      sort === 'effectiveFrom' ? `${p.effectiveFrom} ${p.createdAt}` : p.createdAt,
    );
    const sorted = [...values].sort();
    expect(values).toEqual(dir === 'asc' ? sorted : sorted.reverse());
  });

  it.each([
    ['an unknown sort', { sort: 'unitPrice' }],
    ['a bad package id', { packageId: 'x' }],
    ['a bad day', { from: '2025-02-30' }],
    ['a foreign cursor', { cursor: 'abc' }],
  ])('refuses %s (400)', async (_, query) => {
    expect((await get(`/api/sales/prices?${new URLSearchParams(query).toString()}`)).statusCode).toBe(400);
  });

  it('exports the filtered history as CSV, with states and ends', async () => {
    const { pkg, category } = await cell();
    await setSalesPrice(ctx.handle.db, {
      packageId: pkg.id,
      categoryId: category.id,
      unitPrice: 4500,
      effectiveFrom: '2025-01-01',
    });
    await setPrices(day(10), [{ packageId: pkg.id, categoryId: category.id, unitPrice: 4750.5 }], { note: 'New year' });
    const res = await get(`/api/sales/prices/export.csv?packageId=${pkg.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('sales-prices.csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Package,Package code,Sales category,Category code,Unit price,Currency,Effective from,Effective to,State,Note,Set at,Set by',
    );
    expect(lines[1]).toContain(
      `${pkg.name},${pkg.code},${category.name},${category.code},4750.5,KES,${day(10)},,Scheduled,New year,`,
    );
    expect(lines[1]?.endsWith(',Test Admin')).toBe(true);
    expect(lines[2]).toContain(`,4500,KES,2025-01-01,${day(9)},In force,,`);
    const { cookie } = await ctx.signedInAs(['Sales Manager']);
    expect((await get('/api/sales/prices/export.csv', cookie)).statusCode).toBe(403);
  });
});
