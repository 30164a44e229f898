/**
 * Inventory units API: create, change, deactivate/reactivate and delete with audit; name and symbol
 * unique in any case (409 naming the field); the decimals may rise but not fall while items use
 * the unit (409); a unit in use cannot be deleted (409, nothing changes), an unused one can.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InventoryUnit } from '../../../common/contracts/inventory';
import type { ListResponse } from '../../../common/contracts/list';
import { queryRows } from '../../db/client';
import { apiRequests, letters, type ErrorBody } from '../../test/api-requests';
import { auditRows } from '../../test/db-assert';
import { makeInventoryItem, makeInventoryUnit } from '../../test/inventory';
import { walkList } from '../../test/list-walk';
import { createTestContext, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let adminCookie: string;
beforeAll(async () => {
  ctx = await createTestContext();
  adminCookie = (await ctx.signedInAs(['Admin'])).cookie;
});
afterAll(async () => {
  await ctx.close();
});

const { send } = apiRequests({ ctx: () => ctx, cookie: () => adminCookie });

async function create(payload: Record<string, unknown>): Promise<InventoryUnit> {
  const res = await send('POST', '/api/inventory/units', payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<InventoryUnit>();
}

async function rowOf(id: string) {
  const [row] = await queryRows<{ name: string; symbol: string; decimals: number; active: boolean }>(
    ctx.handle.db,
    sql`select name, symbol, decimals, active from inventory_units where id = ${id}`,
  );
  return row ?? null;
}

describe('create', () => {
  it('creates a unit with its decimals (0 by default), audited', async () => {
    const t = letters(6);
    const created = await create({ name: `Kilograms ${t}`, symbol: `kg${t}`, decimals: 3 });
    expect(created).toMatchObject({
      name: `Kilograms ${t}`,
      symbol: `kg${t}`,
      decimals: 3,
      active: true,
      itemCount: 0,
    });
    expect((await create({ name: `Pieces ${t}`, symbol: `pc${t}` })).decimals).toBe(0);
    const [audit] = await auditRows(ctx.handle.db, 'create', created.id);
    expect(audit).toMatchObject({ recordType: 'inventory_unit', after: { symbol: `kg${t}`, decimals: 3 } });
  });

  it('refuses a name or a symbol another unit has in any case (409 naming each field), writing nothing', async () => {
    const t = letters(6);
    const existing = await create({ name: `Rolls ${t}`, symbol: `roll${t}` });
    const name = await send('POST', '/api/inventory/units', { name: `ROLLS ${t}`, symbol: `new${t}` });
    expect(name.statusCode).toBe(409);
    expect(name.json<ErrorBody>().error.details?.fieldErrors).toEqual({
      name: [`A unit named "${existing.name}" already exists. Choose another name.`],
    });
    const both = await send('POST', '/api/inventory/units', { name: `rolls ${t}`, symbol: `ROLL${t}` });
    expect(both.statusCode).toBe(409);
    expect(Object.keys(both.json<ErrorBody>().error.details?.fieldErrors ?? {})).toEqual(['name', 'symbol']);
    const [count] = await queryRows<{ n: number }>(
      ctx.handle.db,
      sql`select count(*)::int as n from inventory_units where lower(name) = lower(${`Rolls ${t}`}) or symbol ilike ${`new${t}`}`,
    );
    expect(count?.n).toBe(1);
  });

  it.each([
    ['four decimals', { decimals: 4 }, 'decimals', 'Decimals are at most 3'],
    ['half a decimal', { decimals: 1.5 }, 'decimals', 'Decimals must be a whole number'],
    ['no symbol', { symbol: '' }, 'symbol', 'Symbol is required'],
    ['a long symbol', { symbol: 's'.repeat(11) }, 'symbol', 'Symbol is limited to 10 characters'],
  ])('refuses %s (400 with the field)', async (_, payload, field, message) => {
    const t = letters(6);
    const res = await send('POST', '/api/inventory/units', { name: `Bad ${t}`, symbol: `b${t}`, ...payload });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.details?.fieldErrors?.[field]).toEqual([message]);
    const [count] = await queryRows<{ n: number }>(
      ctx.handle.db,
      sql`select count(*)::int as n from inventory_units where name = ${`Bad ${t}`}`,
    );
    expect(count?.n).toBe(0);
  });
});

describe('change', () => {
  it('raises the decimals of a unit in use, but refuses to lower them (409) and changes nothing', async () => {
    const unit = await makeInventoryUnit(ctx.handle.db, { decimals: 1 });
    await makeInventoryItem(ctx.handle.db, { unitId: unit.id });
    await makeInventoryItem(ctx.handle.db, { unitId: unit.id });
    await makeInventoryItem(ctx.handle.db, { unitId: unit.id, active: false });
    const up = await send('PATCH', `/api/inventory/units/${unit.id}`, { decimals: 2 });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json<InventoryUnit>()).toMatchObject({ decimals: 2, itemCount: 3 });
    const down = await send('PATCH', `/api/inventory/units/${unit.id}`, { decimals: 0, name: `${unit.name} x` });
    expect(down.statusCode).toBe(409);
    expect(down.json<ErrorBody>().error.details?.fieldErrors?.decimals).toEqual([
      'The decimals cannot go below 2: this unit is used by 3 items, whose stock and reorder levels may have them.',
    ]);
    expect(await rowOf(unit.id)).toMatchObject({ name: unit.name, decimals: 2 });
    const [audit] = await auditRows(ctx.handle.db, 'update', unit.id);
    expect(audit).toMatchObject({ before: { decimals: 1 }, after: { decimals: 2 } });
  });

  it('lowers the decimals of an unused unit', async () => {
    const unit = await makeInventoryUnit(ctx.handle.db, { decimals: 3 });
    const res = await send('PATCH', `/api/inventory/units/${unit.id}`, { decimals: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect((await rowOf(unit.id))?.decimals).toBe(0);
  });

  it('renames, but not to another unit’s name or symbol in any case (409)', async () => {
    const a = await makeInventoryUnit(ctx.handle.db);
    const b = await makeInventoryUnit(ctx.handle.db);
    const own = await send('PATCH', `/api/inventory/units/${a.id}`, { symbol: a.symbol.toUpperCase() });
    expect(own.statusCode, own.body).toBe(200);
    const res = await send('PATCH', `/api/inventory/units/${b.id}`, { symbol: a.symbol });
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().error.details?.fieldErrors?.symbol).toHaveLength(1);
    expect((await rowOf(b.id))?.symbol).toBe(b.symbol);
  });

  it('deactivates and reactivates (409 for a repeat, 404 for an unknown unit)', async () => {
    const unit = await makeInventoryUnit(ctx.handle.db);
    expect((await send('POST', `/api/inventory/units/${unit.id}/deactivate`, {})).statusCode).toBe(200);
    expect((await send('POST', `/api/inventory/units/${unit.id}/deactivate`, {})).statusCode).toBe(409);
    expect((await send('POST', `/api/inventory/units/${unit.id}/reactivate`, {})).statusCode).toBe(200);
    expect(await auditRows(ctx.handle.db, 'deactivate', unit.id)).toHaveLength(1);
    expect(
      (await send('POST', '/api/inventory/units/00000000-0000-4000-8000-000000000000/deactivate', {})).statusCode,
    ).toBe(404);
    expect(
      (await send('PATCH', '/api/inventory/units/00000000-0000-4000-8000-000000000000', { decimals: 1 })).statusCode,
    ).toBe(404);
  });
});

describe('delete', () => {
  it('deletes an unused unit (204), audited', async () => {
    const unit = await makeInventoryUnit(ctx.handle.db);
    expect((await send('DELETE', `/api/inventory/units/${unit.id}`)).statusCode).toBe(204);
    expect(await rowOf(unit.id)).toBeNull();
    const [audit] = await auditRows(ctx.handle.db, 'delete', unit.id);
    expect(audit).toMatchObject({ recordType: 'inventory_unit', before: { symbol: unit.symbol } });
  });

  it('refuses a unit in use (409: deactivate it instead) and changes nothing', async () => {
    const unit = await makeInventoryUnit(ctx.handle.db);
    for (let i = 0; i < 3; i++) await makeInventoryItem(ctx.handle.db, { unitId: unit.id });
    const res = await send('DELETE', `/api/inventory/units/${unit.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().error.message).toBe('This unit is used by 3 items: deactivate it instead.');
    expect(await rowOf(unit.id)).toMatchObject({ active: true });
    expect((await send('DELETE', '/api/inventory/units/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('list', () => {
  it('lists with item counts, search on name or symbol, sorts and keyset paging', async () => {
    const t = letters(6);
    const metres = await create({ name: `Metres ${t}`, symbol: `m${t}`, decimals: 2 });
    const litres = await create({ name: `Litres ${t}`, symbol: `l${t}`, decimals: 2 });
    await makeInventoryItem(ctx.handle.db, { unitId: metres.id });
    const res = await ctx.request({ method: 'GET', url: `/api/inventory/units?q=${t}`, cookie: adminCookie });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<ListResponse<InventoryUnit>>();
    expect(page.items.map((u) => [u.name, u.itemCount])).toEqual([
      [litres.name, 0],
      [metres.name, 1],
    ]);
    for (const sort of ['name', 'symbol', 'itemCount', 'createdAt']) {
      const walked = await walkList<InventoryUnit>(
        ctx,
        '/api/inventory/units',
        { q: t, sort, dir: 'desc' },
        adminCookie,
        1,
      );
      expect(walked.items.map((u) => u.id).sort()).toEqual([litres.id, metres.id].sort());
    }
  });
});
