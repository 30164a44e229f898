/**
 * Inventory categories API: create, change, deactivate/reactivate and delete with audit; the name
 * unique in any case (409); a category with items cannot be deleted (409, nothing changes), an
 * unused one can; the list with item counts, filters and keyset paging.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InventoryCategory } from '../../../common/contracts/inventory';
import type { ListResponse } from '../../../common/contracts/list';
import { queryRows } from '../../db/client';
import { apiRequests, letters, type ErrorBody } from '../../test/api-requests';
import { auditRows } from '../../test/db-assert';
import { makeInventoryCategory, makeInventoryItem } from '../../test/inventory';
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

const { send, get } = apiRequests({ ctx: () => ctx, cookie: () => adminCookie });

async function create(payload: Record<string, unknown>): Promise<InventoryCategory> {
  const res = await send('POST', '/api/inventory/categories', payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<InventoryCategory>();
}

async function rowOf(id: string) {
  const [row] = await queryRows<{ name: string; description: string | null; active: boolean }>(
    ctx.handle.db,
    sql`select name, description, active from inventory_categories where id = ${id}`,
  );
  return row ?? null;
}

async function countNamed(prefix: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ctx.handle.db,
    sql`select count(*)::int as n from inventory_categories where name like ${`${prefix}%`}`,
  );
  return row?.n ?? 0;
}

describe('create', () => {
  it('creates a category (trimmed), audited', async () => {
    const name = `${letters()} Packaging`;
    const created = await create({ name: `  ${name} `, description: 'Cartons, tape, labels' });
    expect(created).toMatchObject({ name, description: 'Cartons, tape, labels', active: true, itemCount: 0 });
    const [audit] = await auditRows(ctx.handle.db, 'create', created.id);
    expect(audit).toMatchObject({ recordType: 'inventory_category', after: { name, active: true } });
  });

  it('refuses a name another category has in any case (409 with the field) and writes nothing', async () => {
    const existing = await create({ name: `${letters()} Spare parts` });
    const res = await send('POST', '/api/inventory/categories', { name: existing.name.toLowerCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().error.details?.fieldErrors?.name).toEqual([
      `An inventory category named "${existing.name}" already exists. Choose another name.`,
    ]);
    expect(await countNamed(existing.name.slice(0, 8))).toBe(1);
  });

  it.each([
    ['no name', { name: '  ' }, 'name', 'Name is required'],
    ['a long name', { name: 'x'.repeat(201) }, 'name', 'Name is limited to 200 characters'],
    [
      'a long description',
      { name: 'x', description: 'd'.repeat(1001) },
      'description',
      'Description is limited to 1,000 characters',
    ],
  ])('refuses %s (400 with the field) and writes nothing', async (_, payload, field, message) => {
    const prefix = letters();
    const res = await send('POST', '/api/inventory/categories', {
      ...payload,
      name: payload.name === 'x' ? `${prefix} x` : payload.name,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.details?.fieldErrors?.[field]).toEqual([message]);
    expect(await countNamed(prefix)).toBe(0);
  });

  it('is allowed to every group with inventory-management, refused to the others (403)', async () => {
    for (const group of ['Senior Production Manager', 'Senior Production Supervisor', 'Factory Manager'] as const) {
      const { cookie } = await ctx.signedInAs([group]);
      const res = await send('POST', '/api/inventory/categories', { name: `${letters()} ${group}` }, cookie);
      expect(res.statusCode, group).toBe(201);
    }
    const prefix = letters();
    for (const group of ['Production Manager', 'Stove Coupler', 'Sales Manager'] as const) {
      const { cookie } = await ctx.signedInAs([group]);
      const res = await send('POST', '/api/inventory/categories', { name: `${prefix} ${group}` }, cookie);
      expect(res.statusCode, group).toBe(403);
    }
    expect((await send('POST', '/api/inventory/categories', { name: `${prefix} anon` }, null)).statusCode).toBe(401);
    expect(await countNamed(prefix)).toBe(0);
  });
});

describe('change, deactivate, reactivate', () => {
  it('changes the fields, audited with before and after', async () => {
    const created = await create({ name: `${letters()} Tools` });
    const res = await send('PATCH', `/api/inventory/categories/${created.id}`, { description: 'Hand tools' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<InventoryCategory>()).toMatchObject({ name: created.name, description: 'Hand tools' });
    const [audit] = await auditRows(ctx.handle.db, 'update', created.id);
    expect(audit).toMatchObject({ before: { description: null }, after: { description: 'Hand tools' } });
  });

  it('keeps its own name in another case, refuses another category’s (409) and changes nothing', async () => {
    const a = await create({ name: `${letters()} A` });
    const b = await create({ name: `${letters()} B` });
    expect((await send('PATCH', `/api/inventory/categories/${a.id}`, { name: a.name.toLowerCase() })).statusCode).toBe(
      200,
    );
    const res = await send('PATCH', `/api/inventory/categories/${b.id}`, { name: a.name, description: 'x' });
    expect(res.statusCode).toBe(409);
    expect(await rowOf(b.id)).toEqual({ name: b.name, description: null, active: true });
  });

  it('refuses an empty change (400), an unknown id (404) and a bad id (400)', async () => {
    const created = await create({ name: `${letters()} refusals` });
    expect((await send('PATCH', `/api/inventory/categories/${created.id}`, {})).statusCode).toBe(400);
    expect(
      (await send('PATCH', '/api/inventory/categories/00000000-0000-4000-8000-000000000000', { name: 'x' })).statusCode,
    ).toBe(404);
    expect((await send('PATCH', '/api/inventory/categories/nope', { name: 'x' })).statusCode).toBe(400);
  });

  it('deactivates and reactivates, audited, refusing a repeat (409) and an unknown id (404)', async () => {
    const created = await create({ name: `${letters()} toggled` });
    const off = await send('POST', `/api/inventory/categories/${created.id}/deactivate`, {});
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<InventoryCategory>().active).toBe(false);
    const again = await send('POST', `/api/inventory/categories/${created.id}/deactivate`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().error.message).toBe('This inventory category is already deactivated.');
    expect((await send('POST', `/api/inventory/categories/${created.id}/reactivate`, {})).statusCode).toBe(200);
    expect(await auditRows(ctx.handle.db, 'deactivate', created.id)).toHaveLength(1);
    expect(await auditRows(ctx.handle.db, 'reactivate', created.id)).toHaveLength(1);
    expect(
      (await send('POST', '/api/inventory/categories/00000000-0000-4000-8000-000000000000/reactivate', {})).statusCode,
    ).toBe(404);
  });
});

describe('delete', () => {
  it('deletes an unused category (204), audited with what it was', async () => {
    const created = await create({ name: `${letters()} unused` });
    const res = await send('DELETE', `/api/inventory/categories/${created.id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect(await rowOf(created.id)).toBeNull();
    const [audit] = await auditRows(ctx.handle.db, 'delete', created.id);
    expect(audit).toMatchObject({ recordType: 'inventory_category', before: { name: created.name }, after: null });
  });

  it('refuses a category with items, active or not (409: deactivate it instead), and changes nothing', async () => {
    const category = await makeInventoryCategory(ctx.handle.db);
    await makeInventoryItem(ctx.handle.db, { categoryId: category.id });
    await makeInventoryItem(ctx.handle.db, { categoryId: category.id, active: false });
    const res = await send('DELETE', `/api/inventory/categories/${category.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().error.message).toBe('This category has 2 items: deactivate it instead.');
    expect(await rowOf(category.id)).toMatchObject({ name: category.name, active: true });
    expect(await auditRows(ctx.handle.db, 'delete', category.id)).toHaveLength(0);
  });

  it('answers 404 for an unknown category and 400 for a bad id', async () => {
    expect((await send('DELETE', '/api/inventory/categories/00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
    expect((await send('DELETE', '/api/inventory/categories/nope')).statusCode).toBe(400);
  });
});

describe('list', () => {
  it('lists with item counts, search, the active filter, sorts and keyset paging', async () => {
    const prefix = letters();
    const a = await create({ name: `${prefix} Alpha`, description: 'first' });
    const b = await create({ name: `${prefix} Beta`, description: 'needle in here' });
    const c = await create({ name: `${prefix} Gamma` });
    for (let i = 0; i < 3; i++) await makeInventoryItem(ctx.handle.db, { categoryId: c.id });
    await makeInventoryItem(ctx.handle.db, { categoryId: a.id });
    await send('POST', `/api/inventory/categories/${b.id}/deactivate`, {});

    const page = async (query: Record<string, string>) => {
      const res = await get(`/api/inventory/categories?${new URLSearchParams({ q: prefix, ...query }).toString()}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ListResponse<InventoryCategory>>();
    };
    const first = await page({});
    expect(first.items.map((x) => [x.name, x.itemCount, x.active])).toEqual([
      [a.name, 1, true],
      [b.name, 0, false],
      [c.name, 3, true],
    ]);
    expect(first.total).toBe(3);
    expect((await page({ active: 'true' })).items.map((x) => x.id)).toEqual([a.id, c.id]);
    expect((await page({ sort: 'itemCount', dir: 'desc' })).items.map((x) => x.id)).toEqual([c.id, a.id, b.id]);
    const needle = await get('/api/inventory/categories?q=needle');
    expect(needle.json<ListResponse<InventoryCategory>>().items.map((x) => x.id)).toEqual([b.id]);
    for (const sort of ['name', 'itemCount', 'createdAt']) {
      const walked = await walkList<InventoryCategory>(
        ctx,
        '/api/inventory/categories',
        { q: prefix, sort },
        adminCookie,
        1,
      );
      expect(walked.items).toHaveLength(3);
      expect(new Set(walked.items.map((x) => x.id)).size).toBe(3);
    }
  });
});
