/**
 * The inventory overview (stock per item and factory: active items, and inactive ones still in
 * stock; the low flag; filters, sorts, keyset paging, CSV) and the movement list (the ledger newest
 * first, keyset paged, filtered, CSV), each limited to a factory-scoped user's own factory.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../common/calendar-days';
import type { InventoryEntry, InventoryMovement, InventoryStockRow } from '../../../common/contracts/inventory';
import type { ListResponse } from '../../../common/contracts/list';
import { parseCsv } from '../../../common/csv';
import { makeInventoryCategory, makeInventoryItem, makeInventoryUnit } from '../../test/inventory';
import { walkList } from '../../test/list-walk';
import { createTestContext, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let admin: string;
let managerA: string;
let A: { id: string; code: string };
let B: { id: string; code: string };
let prefix: string;
let category: { id: string; name: string };
let other: { id: string; name: string };
/** gloves: 30 at A (reorder 40: low), 100 at B. paint: 0 at A after a transfer, 6.5 at B. old: inactive, 2 at A. gone: inactive, 0 at A. */
let gloves: { id: string; name: string };
let paint: { id: string; name: string };
let old: { id: string; name: string };
let gone: { id: string; name: string };
const entries: InventoryEntry[] = [];

const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await ctx.signedInAs(['Admin'])).cookie;
  A = await ctx.makeFactory({ name: 'Alpha works' });
  B = await ctx.makeFactory({ name: 'Beta works' });
  managerA = (await ctx.signedInAs(['Factory Manager'], { factoryId: A.id })).cookie;
  prefix = Array.from(randomBytes(6), (b) => String.fromCharCode(65 + (b % 26))).join('');
  category = await makeInventoryCategory(ctx.handle.db, { name: `${prefix} Consumables` });
  other = await makeInventoryCategory(ctx.handle.db, { name: `${prefix} Packaging` });
  const pcs = await makeInventoryUnit(ctx.handle.db, { name: 'Pieces', symbol: 'pcs' });
  const litres = await makeInventoryUnit(ctx.handle.db, { name: 'Litres', symbol: 'l', decimals: 2 });
  gloves = await makeInventoryItem(ctx.handle.db, {
    name: `${prefix} Gloves`,
    categoryId: category.id,
    unitId: pcs.id,
    reorderLevel: 40,
  });
  paint = await makeInventoryItem(ctx.handle.db, {
    name: `${prefix} Paint`,
    categoryId: other.id,
    unitId: litres.id,
    reorderLevel: 5,
  });
  old = await makeInventoryItem(ctx.handle.db, {
    name: `${prefix} Old`,
    categoryId: category.id,
    unitId: pcs.id,
    reorderLevel: 9,
  });
  gone = await makeInventoryItem(ctx.handle.db, { name: `${prefix} Gone`, categoryId: category.id, unitId: pcs.id });
  const post = async (path: string, payload: Record<string, unknown>) => {
    const res = await ctx.request({ method: 'POST', url: `/api/inventory/${path}`, payload, cookie: admin });
    expect(res.statusCode, res.body).toBe(201);
    entries.push(res.json<InventoryEntry>());
  };
  await post('inputs', {
    date: addDays(today, -9),
    factoryId: A.id,
    lines: [
      { itemId: gloves.id, quantity: 30 },
      { itemId: paint.id, quantity: 6.5 },
      { itemId: old.id, quantity: 2 },
      { itemId: gone.id, quantity: 1 },
    ],
  });
  await post('inputs', { date: addDays(today, -8), factoryId: B.id, lines: [{ itemId: gloves.id, quantity: 100 }] });
  await post('transfers', {
    date: addDays(today, -5),
    fromFactoryId: A.id,
    toFactoryId: B.id,
    lines: [{ itemId: paint.id, quantity: 6.5 }],
  });
  await post('removals', {
    date: addDays(today, -2),
    factoryId: A.id,
    lines: [{ itemId: gone.id, quantity: 1, reason: 'lost' }],
  });
  for (const item of [old, gone])
    await ctx.request({
      method: 'POST',
      url: `/api/inventory/items/${item.id}/deactivate`,
      cookie: admin,
      payload: {},
    });
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string, cookie = admin) => ctx.request({ method: 'GET', url, cookie });

describe('stock overview', () => {
  const stock = async (query: Record<string, string>, cookie = admin) => {
    const res = await get(`/api/inventory/stock?${new URLSearchParams({ q: prefix, ...query }).toString()}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ListResponse<InventoryStockRow>>();
  };
  const cells = (page: ListResponse<InventoryStockRow>) =>
    page.items.map(
      (r) => `${r.item.name.slice(prefix.length + 1)}@${r.factory.code}=${r.quantity}${r.low ? ' low' : ''}`,
    );

  it('shows a row per item and factory: active items (also at 0) and inactive items still in stock', async () => {
    const page = await stock({});
    expect([...cells(page)].sort()).toEqual(
      [
        `Gloves@${A.code}=30 low`,
        `Gloves@${B.code}=100`,
        `Old@${A.code}=2`,
        `Paint@${A.code}=0 low`,
        `Paint@${B.code}=6.5`,
      ].sort(),
    );
    expect(page.items.map((r) => r.item.name)).toEqual(page.items.map((r) => r.item.name).sort());
    expect(page.total).toBe(5);
    const [first] = page.items;
    expect(first).toMatchObject({
      item: { id: gloves.id, active: true },
      category: { id: category.id },
      unit: { symbol: 'pcs', decimals: 0 },
      reorderLevel: 40,
    });
    expect(first?.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('filters by factory, category, item and low, and searches the item name', async () => {
    expect(cells(await stock({ low: 'true' }))).toEqual([`Gloves@${A.code}=30 low`, `Paint@${A.code}=0 low`]);
    expect((await stock({ low: 'false' })).total).toBe(3);
    expect((await stock({ factoryId: B.id })).total).toBe(2);
    expect((await stock({ categoryId: other.id })).items.every((r) => r.item.id === paint.id)).toBe(true);
    expect((await stock({ itemId: old.id })).items.map((r) => r.item.active)).toEqual([false]);
    expect(cells(await stock({ q: `${prefix} glo` }))).toHaveLength(2);
  });

  it('limits a factory-scoped user to their own factory, whatever they ask', async () => {
    expect(cells(await stock({ factoryId: B.id }, managerA))).toEqual([
      `Gloves@${A.code}=30 low`,
      `Old@${A.code}=2`,
      `Paint@${A.code}=0 low`,
    ]);
  });

  it('sorts by every column both ways and pages by keyset without gaps or repeats', async () => {
    expect(cells(await stock({ sort: 'quantity', dir: 'desc' }))[0]).toBe(`Gloves@${B.code}=100`);
    expect((await stock({ sort: 'factory' })).items.map((r) => r.factory.code)).toEqual([
      A.code,
      A.code,
      A.code,
      B.code,
      B.code,
    ]);
    for (const sort of ['item', 'category', 'factory', 'quantity'])
      for (const dir of ['asc', 'desc']) {
        const all = cells(await stock({ sort, dir }));
        const walked = await walkList<InventoryStockRow>(
          ctx,
          '/api/inventory/stock',
          { q: prefix, sort, dir },
          admin,
          2,
        );
        expect(cells({ ...walked, nextCursor: null, total: 0, totalCapped: false }), `${sort} ${dir}`).toEqual(all);
      }
    expect((await get('/api/inventory/stock?cursor=bm9wZQ')).statusCode).toBe(400);
  });

  it('exports the filtered rows as CSV, scoped', async () => {
    const res = await get(`/api/inventory/stock/export.csv?q=${prefix}&low=true`);
    expect(res.statusCode).toBe(200);
    const rows = parseCsv(res.body).map((r) => r.fields);
    expect(rows[0]?.slice(0, 5)).toEqual(['Item', 'Category', 'Factory', 'Factory code', 'Quantity']);
    expect(rows.slice(1).map((r) => [r[0], r[3], r[4], r[5], r[7]])).toEqual([
      [gloves.name, A.code, '30', 'pcs', 'yes'],
      [paint.name, A.code, '0', 'l', 'yes'],
    ]);
    const scoped = await get(`/api/inventory/stock/export.csv?q=${prefix}`, managerA);
    expect(scoped.body).not.toContain(B.code);
  });
});

describe('movements', () => {
  const movements = async (query: Record<string, string>, cookie = admin) => {
    const res = await get(`/api/inventory/movements?${new URLSearchParams(query).toString()}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ListResponse<InventoryMovement>>();
  };

  it('lists the ledger newest first with its entry, filters and keyset pages', async () => {
    const page = await movements({ itemId: paint.id });
    expect(page.items.map((m) => [m.date, m.factory.code, m.kind, m.delta])).toEqual([
      [addDays(today, -5), B.code, 'transfer_in', 6.5],
      [addDays(today, -5), A.code, 'transfer_out', -6.5],
      [addDays(today, -9), A.code, 'input', 6.5],
    ]);
    const [latest] = page.items;
    expect(latest).toMatchObject({
      item: { id: paint.id, name: paint.name },
      unit: { symbol: 'l', decimals: 2 },
      quantity: 6.5,
      entry: { id: entries[2]?.id, number: entries[2]?.number, kind: 'transfer' },
      unitCost: null,
      reason: null,
    });
    expect(latest?.createdBy?.email).toMatch(/@example\.com$/);
    expect((await movements({ kind: 'removal', itemId: gone.id })).items.map((m) => m.reason)).toEqual(['lost']);
    expect((await movements({ factoryId: B.id })).total).toBe(2);
    expect((await movements({ from: addDays(today, -8), to: addDays(today, -3) })).total).toBe(3);
    const all = await movements({});
    expect(all.total).toBe(8);
    const walked = await walkList<InventoryMovement>(ctx, '/api/inventory/movements', {}, admin, 3);
    expect(walked.items.map((m) => m.id)).toEqual(all.items.map((m) => m.id));
    const asc = await walkList<InventoryMovement>(ctx, '/api/inventory/movements', { dir: 'asc' }, admin, 3);
    expect(asc.items.map((m) => m.id)).toEqual(all.items.map((m) => m.id).reverse());
  });

  it('limits a factory-scoped user to their own factory’s movements', async () => {
    const own = await movements({ factoryId: B.id }, managerA);
    expect(own.total).toBe(6);
    expect(own.items.every((m) => m.factory.id === A.id)).toBe(true);
  });

  it('refuses a cursor that is not one of ours (400)', async () => {
    expect((await get('/api/inventory/movements?cursor=bm9wZQ')).statusCode).toBe(400);
    const forged = Buffer.from(JSON.stringify(['nope', '12'])).toString('base64url');
    expect((await get(`/api/inventory/movements?cursor=${forged}`)).statusCode).toBe(400);
  });

  it('exports the filtered movements as CSV, scoped', async () => {
    const res = await get(`/api/inventory/movements/export.csv?itemId=${gone.id}`);
    expect(res.statusCode).toBe(200);
    const rows = parseCsv(res.body).map((r) => r.fields);
    expect(rows[0]).toEqual([
      'Date',
      'Factory',
      'Item',
      'Kind',
      'Quantity',
      'Unit',
      'Stock change',
      'Unit cost',
      'Reason',
      'Entry',
      'Recorded at',
      'Recorded by',
    ]);
    expect(rows.slice(1).map((r) => [r[0], r[3], r[6], r[8], r[9]])).toEqual([
      [addDays(today, -2), 'Removed', '-1', 'Lost', `RM-${String(entries[3]?.number).padStart(6, '0')}`],
      [addDays(today, -9), 'Input', '1', '', `IN-${String(entries[0]?.number).padStart(6, '0')}`],
    ]);
    const scoped = await get('/api/inventory/movements/export.csv', managerA);
    expect(parseCsv(scoped.body).slice(1)).toHaveLength(6);
    expect(scoped.body).not.toContain(`,${B.code},`);
  });
});
