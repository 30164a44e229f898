/**
 * Inventory items ("Names") API and the options: create and change with an active category and
 * unit and a reorder level that fits the unit; the unit locked once the item has movements; delete
 * refused while it has movements or stock (409, nothing changes); the list with stock and low flags
 * at the factories the viewer sees; the CSV export.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InventoryItem, InventoryOptions } from '../../../common/contracts/inventory';
import type { ListResponse } from '../../../common/contracts/list';
import { queryRows } from '../../db/client';
import { parseCsv } from '../../../common/csv';
import { apiRequests, letters, type ErrorBody } from '../../test/api-requests';
import { auditRows } from '../../test/db-assert';
import { giveInventory, makeInventoryCategory, makeInventoryItem, makeInventoryUnit } from '../../test/inventory';
import { walkList } from '../../test/list-walk';
import { createTestContext, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let adminCookie: string;
let A: { id: string; code: string };
let B: { id: string; code: string };
let managerA: string;
let category: { id: string; name: string };
let pcs: { id: string; name: string; symbol: string };
let litres: { id: string; name: string; symbol: string };

beforeAll(async () => {
  ctx = await createTestContext();
  adminCookie = (await ctx.signedInAs(['Admin'])).cookie;
  A = await ctx.makeFactory();
  B = await ctx.makeFactory();
  managerA = (await ctx.signedInAs(['Factory Manager'], { factoryId: A.id })).cookie;
  category = await makeInventoryCategory(ctx.handle.db, { name: 'Consumables' });
  pcs = await makeInventoryUnit(ctx.handle.db, { name: 'Pieces', symbol: 'pcs', decimals: 0 });
  litres = await makeInventoryUnit(ctx.handle.db, { name: 'Litres', symbol: 'l', decimals: 2 });
});
afterAll(async () => {
  await ctx.close();
});

const { send, get } = apiRequests({ ctx: () => ctx, cookie: () => adminCookie });

async function create(payload: Record<string, unknown>): Promise<InventoryItem> {
  const res = await send('POST', '/api/inventory/items', { categoryId: category.id, unitId: pcs.id, ...payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<InventoryItem>();
}

async function rowOf(id: string) {
  const [row] = await queryRows<{
    name: string;
    unitId: string;
    categoryId: string;
    reorderLevel: number;
    active: boolean;
  }>(
    ctx.handle.db,
    sql`select name, unit_id as "unitId", category_id as "categoryId", reorder_level::float8 as "reorderLevel", active
          from inventory_items where id = ${id}`,
  );
  return row ?? null;
}

const countNamed = async (name: string) =>
  (
    await queryRows<{ n: number }>(
      ctx.handle.db,
      sql`select count(*)::int as n from inventory_items where lower(name) = lower(${name})`,
    )
  )[0]?.n;

describe('create', () => {
  it('creates an item with its category, unit and reorder level, audited', async () => {
    const name = `${letters()} Work gloves`;
    const item = await create({ name, reorderLevel: 20, description: 'Size L' });
    expect(item).toMatchObject({
      name,
      description: 'Size L',
      category: { id: category.id, name: 'Consumables' },
      unit: { id: pcs.id, name: 'Pieces', symbol: 'pcs', decimals: 0 },
      reorderLevel: 20,
      active: true,
      totalStock: 0,
      lowStock: false,
      hasMovements: false,
    });
    const [audit] = await auditRows(ctx.handle.db, 'create', item.id);
    expect(audit).toMatchObject({ recordType: 'inventory_item', after: { name, unitId: pcs.id, reorderLevel: 20 } });
  });

  it('refuses a name another item has in any case (409 with the field)', async () => {
    const item = await create({ name: `${letters()} Tape` });
    const res = await send('POST', '/api/inventory/items', {
      name: item.name.toUpperCase(),
      categoryId: category.id,
      unitId: pcs.id,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().error.details?.fieldErrors?.name).toEqual([
      `An item named "${item.name}" already exists. Choose another name.`,
    ]);
    expect(await countNamed(item.name)).toBe(1);
  });

  it('refuses a reorder level with more decimals than the unit takes (400 reorderLevel)', async () => {
    const name = `${letters()} Bolts`;
    const res = await send('POST', '/api/inventory/items', {
      name,
      categoryId: category.id,
      unitId: pcs.id,
      reorderLevel: 2.5,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.details?.fieldErrors?.reorderLevel).toEqual(['Pieces take whole numbers']);
    const three = await send('POST', '/api/inventory/items', {
      name,
      categoryId: category.id,
      unitId: litres.id,
      reorderLevel: 2.125,
    });
    expect(three.json<ErrorBody>().error.details?.fieldErrors?.reorderLevel).toEqual([
      'Litres take at most 2 decimals',
    ]);
    expect(await countNamed(name)).toBe(0);
    expect((await create({ name, unitId: litres.id, reorderLevel: 2.25 })).reorderLevel).toBe(2.25);
  });

  it('refuses a missing or deactivated category or unit (400 with the field), writing nothing', async () => {
    const name = `${letters()} Refused`;
    const closedCategory = await makeInventoryCategory(ctx.handle.db, { active: false });
    const closedUnit = await makeInventoryUnit(ctx.handle.db, { active: false });
    const cases: [Record<string, unknown>, string, string | RegExp][] = [
      [
        { categoryId: '00000000-0000-4000-8000-000000000000' },
        'categoryId',
        'This category does not exist. Choose another one.',
      ],
      [{ categoryId: closedCategory.id }, 'categoryId', /is deactivated: reactivate it on Categories/],
      [{ unitId: '00000000-0000-4000-8000-000000000000' }, 'unitId', 'This unit does not exist. Choose another one.'],
      [{ unitId: closedUnit.id }, 'unitId', /is deactivated: reactivate it on Units/],
      [{ categoryId: 'nope' }, 'categoryId', 'Choose a category'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await send('POST', '/api/inventory/items', {
        name,
        categoryId: category.id,
        unitId: pcs.id,
        ...payload,
      });
      expect(res.statusCode, field).toBe(400);
      expect(res.json<ErrorBody>().error.details?.fieldErrors?.[field]?.[0]).toMatch(message);
    }
    expect(await countNamed(name)).toBe(0);
  });
});

describe('change', () => {
  it('changes the unit while the item has no movements, then refuses (409) and changes nothing', async () => {
    const item = await create({ name: `${letters()} Paint`, reorderLevel: 4 });
    const before = await send('PATCH', `/api/inventory/items/${item.id}`, { unitId: litres.id, reorderLevel: 4.5 });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json<InventoryItem>()).toMatchObject({ unit: { symbol: 'l' }, reorderLevel: 4.5 });
    await giveInventory(ctx.handle.db, { factoryId: A.id, itemId: item.id, quantity: 1.5 });
    const res = await send('PATCH', `/api/inventory/items/${item.id}`, { unitId: pcs.id, name: `${item.name} x` });
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().error.details?.fieldErrors?.unitId).toEqual([
      'The unit stays as it is: this item already has movements in it.',
    ]);
    expect(await rowOf(item.id)).toMatchObject({ name: item.name, unitId: litres.id });
    const same = await send('PATCH', `/api/inventory/items/${item.id}`, { unitId: litres.id, reorderLevel: 3 });
    expect(same.statusCode, same.body).toBe(200);
    const [audit] = await auditRows(ctx.handle.db, 'update', item.id);
    expect(audit).toMatchObject({ before: { unitId: pcs.id, reorderLevel: 4 }, after: { unitId: litres.id } });
  });

  it('checks a new reorder level against the unit, and a new category (400)', async () => {
    const item = await create({ name: `${letters()} Rivets` });
    const level = await send('PATCH', `/api/inventory/items/${item.id}`, { reorderLevel: 0.5 });
    expect(level.statusCode).toBe(400);
    expect(level.json<ErrorBody>().error.details?.fieldErrors?.reorderLevel).toEqual(['Pieces take whole numbers']);
    const closedCategory = await makeInventoryCategory(ctx.handle.db, { active: false });
    const moved = await send('PATCH', `/api/inventory/items/${item.id}`, { categoryId: closedCategory.id });
    expect(moved.statusCode).toBe(400);
    expect(await rowOf(item.id)).toMatchObject({ reorderLevel: 0, categoryId: category.id });
    const other = await makeInventoryCategory(ctx.handle.db);
    const ok = await send('PATCH', `/api/inventory/items/${item.id}`, { categoryId: other.id, reorderLevel: 7 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<InventoryItem>()).toMatchObject({ category: { id: other.id }, reorderLevel: 7 });
  });

  it('keeps a deactivated unit it already has when only the reorder level changes', async () => {
    const unit = await makeInventoryUnit(ctx.handle.db);
    const item = await makeInventoryItem(ctx.handle.db, { unitId: unit.id, categoryId: category.id });
    await send('POST', `/api/inventory/units/${unit.id}/deactivate`, {});
    const res = await send('PATCH', `/api/inventory/items/${item.id}`, { reorderLevel: 3 });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('deactivates and reactivates (audited; 409 for a repeat; 404 unknown; 400 bad id)', async () => {
    const item = await create({ name: `${letters()} Toggled` });
    const off = await send('POST', `/api/inventory/items/${item.id}/deactivate`, {});
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<InventoryItem>().active).toBe(false);
    expect((await send('POST', `/api/inventory/items/${item.id}/deactivate`, {})).statusCode).toBe(409);
    expect((await send('POST', `/api/inventory/items/${item.id}/reactivate`, {})).statusCode).toBe(200);
    expect(await auditRows(ctx.handle.db, 'deactivate', item.id)).toHaveLength(1);
    expect(await auditRows(ctx.handle.db, 'reactivate', item.id)).toHaveLength(1);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await send('POST', `/api/inventory/items/${unknown}/deactivate`, {})).statusCode).toBe(404);
    expect((await send('PATCH', `/api/inventory/items/${unknown}`, { reorderLevel: 1 })).statusCode).toBe(404);
    expect((await send('PATCH', '/api/inventory/items/nope', { reorderLevel: 1 })).statusCode).toBe(400);
    expect((await send('PATCH', `/api/inventory/items/${item.id}`, {})).statusCode).toBe(400);
  });
});

describe('delete', () => {
  it('deletes an item without movements (204), audited', async () => {
    const item = await create({ name: `${letters()} Unused` });
    expect((await send('DELETE', `/api/inventory/items/${item.id}`)).statusCode).toBe(204);
    expect(await rowOf(item.id)).toBeNull();
    const [audit] = await auditRows(ctx.handle.db, 'delete', item.id);
    expect(audit).toMatchObject({ recordType: 'inventory_item', before: { name: item.name } });
  });

  it('refuses an item with movements (409: deactivate it instead) and changes nothing', async () => {
    const item = await create({ name: `${letters()} Used` });
    await giveInventory(ctx.handle.db, { factoryId: A.id, itemId: item.id, quantity: 2 });
    await giveInventory(ctx.handle.db, { factoryId: B.id, itemId: item.id, quantity: 2 });
    const res = await send('DELETE', `/api/inventory/items/${item.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().error.message).toBe('This item has 2 movements: deactivate it instead.');
    expect(await rowOf(item.id)).toMatchObject({ active: true });
    expect((await send('DELETE', '/api/inventory/items/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('list, export and options', () => {
  let low: InventoryItem;
  let fine: InventoryItem;
  let retired: InventoryItem;
  let prefix: string;

  beforeAll(async () => {
    prefix = letters();
    low = await create({ name: `${prefix} A low`, reorderLevel: 10 });
    fine = await create({ name: `${prefix} B fine`, reorderLevel: 10, unitId: litres.id });
    retired = await create({ name: `${prefix} C retired`, reorderLevel: 10 });
    // low: 3 at A (below), 50 at B; fine: 12.5 at A; retired: 1 at A but inactive (never low).
    await giveInventory(ctx.handle.db, { factoryId: A.id, itemId: low.id, quantity: 3 });
    await giveInventory(ctx.handle.db, { factoryId: B.id, itemId: low.id, quantity: 50 });
    await giveInventory(ctx.handle.db, { factoryId: A.id, itemId: fine.id, quantity: 12.5 });
    await giveInventory(ctx.handle.db, { factoryId: A.id, itemId: retired.id, quantity: 1 });
    await send('POST', `/api/inventory/items/${retired.id}/deactivate`, {});
  });

  const list = async (query: Record<string, string>, cookie = adminCookie) => {
    const res = await get(`/api/inventory/items?${new URLSearchParams({ q: prefix, ...query }).toString()}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ListResponse<InventoryItem>>();
  };

  it('shows stock and low flags across all factories to a global user, and the own factory’s to a scoped one', async () => {
    const all = await list({});
    expect(all.items.map((i) => [i.name, i.totalStock, i.lowStock, i.hasMovements, i.active])).toEqual([
      [low.name, 53, true, true, true],
      [fine.name, 12.5, false, true, true],
      [retired.name, 1, false, true, false],
    ]);
    const own = await list({}, managerA);
    expect(own.items.map((i) => [i.name, i.totalStock, i.lowStock])).toEqual([
      [low.name, 3, true],
      [fine.name, 12.5, false],
      [retired.name, 1, false],
    ]);
  });

  it('filters (active, category, unit), sorts and pages by keyset', async () => {
    expect((await list({ active: 'false' })).items.map((i) => i.id)).toEqual([retired.id]);
    expect((await list({ unitId: litres.id })).items.map((i) => i.id)).toEqual([fine.id]);
    expect((await list({ categoryId: category.id })).total).toBe(3);
    expect((await list({ sort: 'totalStock', dir: 'desc' })).items.map((i) => i.id)).toEqual([
      low.id,
      fine.id,
      retired.id,
    ]);
    for (const sort of ['name', 'category', 'reorderLevel', 'totalStock', 'createdAt']) {
      const walked = await walkList<InventoryItem>(ctx, '/api/inventory/items', { q: prefix, sort }, adminCookie, 1);
      expect(walked.items.map((i) => i.id).sort(), sort).toEqual([low.id, fine.id, retired.id].sort());
    }
  });

  it('exports the filtered items as CSV', async () => {
    const res = await get(`/api/inventory/items/export.csv?q=${prefix}`);
    expect(res.statusCode).toBe(200);
    const rows = parseCsv(res.body).map((r) => r.fields);
    expect(rows[0]).toEqual([
      'Name',
      'Category',
      'Unit',
      'Reorder level',
      'Stock',
      'Low stock',
      'Active',
      'Description',
      'Created at',
    ]);
    expect(rows.slice(1).map((r) => r.slice(0, 7))).toEqual([
      [low.name, 'Consumables', 'pcs', '10', '53', 'yes', 'yes'],
      [fine.name, 'Consumables', 'l', '10', '12.5', 'no', 'yes'],
      [retired.name, 'Consumables', 'pcs', '10', '1', 'no', 'no'],
    ]);
    const scoped = parseCsv((await get(`/api/inventory/items/export.csv?q=${prefix}`, managerA)).body);
    expect(scoped[1]?.fields[4]).toBe('3');
  });

  it('offers the active categories, units and items for the forms', async () => {
    const res = await get('/api/inventory/options', managerA);
    expect(res.statusCode, res.body).toBe(200);
    const options = res.json<InventoryOptions>();
    expect(options.items).toContainEqual({
      id: low.id,
      name: low.name,
      category: { id: category.id, name: 'Consumables' },
      unit: { id: pcs.id, name: 'Pieces', symbol: 'pcs', decimals: 0 },
    });
    expect(options.items.map((i) => i.id)).not.toContain(retired.id);
    expect(options.categories).toContainEqual({ id: category.id, name: 'Consumables' });
    expect(options.units).toContainEqual({ id: litres.id, name: 'Litres', symbol: 'l', decimals: 2 });
    const closed = await makeInventoryUnit(ctx.handle.db, { active: false });
    expect((await get('/api/inventory/options')).json<InventoryOptions>().units.map((u) => u.id)).not.toContain(
      closed.id,
    );
    const coupler = (await ctx.signedInAs(['Stove Coupler'])).cookie;
    expect((await get('/api/inventory/options', coupler)).statusCode).toBe(403);
  });
});
