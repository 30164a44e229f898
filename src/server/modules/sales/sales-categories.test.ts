/**
 * Sales categories API (DOMAIN.md §4 "Sales"): list (search, filter, sorts, keyset paging), create,
 * change, deactivate/reactivate and delete (only while no price refers to it). Every endpoint needs
 * sales-categories; names are unique in any case, codes unique; every change is audited.
 */
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '../../../common/contracts/list';
import type { SalesCategory } from '../../../common/contracts/sales';
import { salesCategories } from '../../db/schema/sales';
import { apiRequests, letters, UNKNOWN_ID, type ErrorBody } from '../../test/api-requests';
import { auditRows, countRows } from '../../test/db-assert';
import { groupsWith } from '../../test/groups';
import { walkList } from '../../test/list-walk';
import { makeSalesCategory, makeSalesPackage, setSalesPrice } from '../../test/sales';
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

async function createCategory(payload: Record<string, unknown>): Promise<SalesCategory> {
  const res = await send('POST', '/api/sales/categories', payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<SalesCategory>();
}
async function list(query: Record<string, string>, cookie = adminCookie) {
  const res = await get(`/api/sales/categories?${new URLSearchParams(query).toString()}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListResponse<SalesCategory>>();
}
const countNamed = (prefix: string) =>
  countRows(ctx.handle.db, salesCategories, like(salesCategories.name, `${prefix}%`));
const rowOf = async (id: string) => {
  const [row] = await ctx.handle.db.select().from(salesCategories).where(eq(salesCategories.id, id));
  return row;
};

it('sales-categories belongs to Admin and Senior Sales Manager, and to Factory Manager by the spec §6 override', () => {
  expect(groupsWith('sales-categories')).toEqual(['Admin', 'Factory Manager', 'Senior Sales Manager']);
});

describe('create', () => {
  it('creates a category (name trimmed, code upper-cased), audited, with no prices', async () => {
    const name = `${letters()} Retail`;
    const code = letters(6);
    const created = await createCategory({ name: `  ${name} `, code: code.toLowerCase(), description: ' Shops ' });
    expect(created).toMatchObject({ name, code, description: 'Shops', active: true, priceCount: 0 });
    const [audit] = await auditRows(ctx.handle.db, 'create', created.id);
    expect(audit).toMatchObject({ recordType: 'sales_category', after: { name, code, active: true } });
  });

  it('refuses a name already used in any case, and a code already used (409 on each field), adding nothing', async () => {
    const taken = await createCategory({ name: `${letters()} Wholesale`, code: letters(6) });
    const byName = await send('POST', '/api/sales/categories', { name: taken.name.toLowerCase(), code: letters(6) });
    expect(byName.statusCode).toBe(409);
    expect(byName.json<ErrorBody>().error.details?.fieldErrors).toEqual({
      name: [`A sales category named "${taken.name.toLowerCase()}" already exists. Choose another name.`],
    });
    const prefix = letters();
    const byCode = await send('POST', '/api/sales/categories', { name: `${prefix} other`, code: taken.code });
    expect(byCode.statusCode).toBe(409);
    expect(byCode.json<ErrorBody>().error.details?.fieldErrors).toEqual({
      code: [`The code ${taken.code} is already used by another sales category. Choose another code.`],
    });
    expect(await countNamed(prefix)).toBe(0);
  });

  it.each([
    ['no name', { name: ' ', code: 'RET' }, 'name', 'Name is required'],
    ['no code', { name: 'x' }, 'code', 'Code is required'],
    ['a one-letter code', { name: 'x', code: 'R' }, 'code', 'A code has 2 to 16 characters'],
    ['a code with a space', { name: 'x', code: 'R T' }, 'code', 'A code uses letters, digits and dashes only'],
    [
      'a description of 1,001 characters',
      { name: 'x', code: 'DESC', description: 'd'.repeat(1001) },
      'description',
      'Description is limited to 1,000 characters',
    ],
  ])('refuses %s (400 with the field) and writes nothing', async (_, payload, field, message) => {
    const prefix = letters();
    const res = await send('POST', '/api/sales/categories', {
      ...payload,
      name: payload.name === 'x' ? `${prefix} x` : payload.name,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.details?.fieldErrors?.[field]).toEqual([message]);
    expect(await countNamed(prefix)).toBe(0);
  });

  it('is refused without sales-categories (403) and signed out (401), writing nothing', async () => {
    const prefix = letters();
    for (const group of ['Sales Manager', 'Sales Officer', 'Senior Production Manager'] as const) {
      const { cookie } = await ctx.signedInAs([group]);
      const res = await send('POST', '/api/sales/categories', { name: `${prefix} ${group}`, code: letters(6) }, cookie);
      expect(res.statusCode, group).toBe(403);
    }
    const anon = await send('POST', '/api/sales/categories', { name: `${prefix} anon`, code: letters(6) }, null);
    expect(anon.statusCode).toBe(401);
    expect(await countNamed(prefix)).toBe(0);
  });

  it('a Senior Sales Manager and a Factory Manager (spec §6) may create', async () => {
    for (const group of ['Senior Sales Manager', 'Factory Manager'] as const) {
      const { cookie } = await ctx.signedInAs([group]);
      const res = await send('POST', '/api/sales/categories', { name: `${letters()} NGO`, code: letters(6) }, cookie);
      expect(res.statusCode, res.body).toBe(201);
    }
  });
});

describe('change', () => {
  it('changes the fields, audited with before and after', async () => {
    const created = await createCategory({ name: `${letters()} Institutional`, code: letters(6) });
    const code = letters(6);
    const res = await send('PATCH', `/api/sales/categories/${created.id}`, { code, description: 'Schools' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SalesCategory>()).toMatchObject({ name: created.name, code, description: 'Schools' });
    const [audit] = await auditRows(ctx.handle.db, 'update', created.id);
    expect(audit).toMatchObject({
      before: { code: created.code, description: null },
      after: { code, description: 'Schools' },
    });
  });

  it('keeps its own name in another case, but refuses another’s name or code (409) and changes nothing', async () => {
    const a = await createCategory({ name: `${letters()} A`, code: letters(6) });
    const b = await createCategory({ name: `${letters()} B`, code: letters(6) });
    const own = await send('PATCH', `/api/sales/categories/${a.id}`, { name: a.name.toLowerCase(), code: a.code });
    expect(own.statusCode, own.body).toBe(200);
    const res = await send('PATCH', `/api/sales/categories/${b.id}`, {
      name: a.name.toUpperCase(),
      code: a.code,
      description: 'changed',
    });
    expect(res.statusCode).toBe(409);
    expect(Object.keys(res.json<ErrorBody>().error.details?.fieldErrors ?? {}).sort()).toEqual(['code', 'name']);
    expect(await rowOf(b.id)).toMatchObject({ name: b.name, code: b.code, description: null });
  });

  it('refuses an empty change or a bad code (400), an unknown id (404), a bad id (400), without permission (403)', async () => {
    const created = await createCategory({ name: `${letters()} refusals`, code: letters(6) });
    expect((await send('PATCH', `/api/sales/categories/${created.id}`, {})).statusCode).toBe(400);
    expect((await send('PATCH', `/api/sales/categories/${created.id}`, { code: 'a b' })).statusCode).toBe(400);
    expect((await send('PATCH', `/api/sales/categories/${UNKNOWN_ID}`, { description: 'x' })).statusCode).toBe(404);
    expect((await send('PATCH', '/api/sales/categories/nope', { description: 'x' })).statusCode).toBe(400);
    const { cookie } = await ctx.signedInAs(['Sales Manager']);
    expect((await send('PATCH', `/api/sales/categories/${created.id}`, { description: 'x' }, cookie)).statusCode).toBe(
      403,
    );
    expect(await rowOf(created.id)).toMatchObject({ code: created.code, description: null });
  });
});

describe('deactivate and reactivate', () => {
  it('deactivates (gone from the options), reactivates, audits both, and refuses a repeat (409)', async () => {
    const created = await createCategory({ name: `${letters()} toggled`, code: letters(6) });
    const options = async () =>
      (await get('/api/sales/options')).json<{ categories: { id: string }[] }>().categories.map((c) => c.id);
    expect(await options()).toContain(created.id);

    const off = await send('POST', `/api/sales/categories/${created.id}/deactivate`);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<SalesCategory>().active).toBe(false);
    expect(await options()).not.toContain(created.id);
    const again = await send('POST', `/api/sales/categories/${created.id}/deactivate`);
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().error.message).toBe('This sales category is already deactivated.');

    const on = await send('POST', `/api/sales/categories/${created.id}/reactivate`);
    expect(on.statusCode, on.body).toBe(200);
    expect(await options()).toContain(created.id);
    expect(await auditRows(ctx.handle.db, 'deactivate', created.id)).toHaveLength(1);
    expect(await auditRows(ctx.handle.db, 'reactivate', created.id)).toHaveLength(1);
  });

  it('is refused without sales-categories (403), and for an unknown category (404)', async () => {
    const created = await createCategory({ name: `${letters()} guarded`, code: letters(6) });
    const { cookie } = await ctx.signedInAs(['Sales Officer']);
    expect((await send('POST', `/api/sales/categories/${created.id}/deactivate`, undefined, cookie)).statusCode).toBe(
      403,
    );
    expect((await rowOf(created.id))?.active).toBe(true);
    expect((await send('POST', `/api/sales/categories/${UNKNOWN_ID}/reactivate`)).statusCode).toBe(404);
  });
});

describe('delete', () => {
  it('deletes a category no price refers to, audited with what it was', async () => {
    const created = await createCategory({ name: `${letters()} short-lived`, code: letters(6) });
    const res = await send('DELETE', `/api/sales/categories/${created.id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect(await rowOf(created.id)).toBeUndefined();
    const [audit] = await auditRows(ctx.handle.db, 'delete', created.id);
    expect(audit).toMatchObject({ recordType: 'sales_category', before: { name: created.name }, after: null });
  });

  it('refuses a category with prices (409 "… has N prices: deactivate it instead.") and keeps it', async () => {
    const category = await makeSalesCategory(ctx.handle.db);
    const pkg = await makeSalesPackage(ctx.handle.db);
    for (const day of ['2026-01-01', '2026-02-01'])
      await setSalesPrice(ctx.handle.db, {
        packageId: pkg.id,
        categoryId: category.id,
        unitPrice: 10,
        effectiveFrom: day,
      });
    const res = await send('DELETE', `/api/sales/categories/${category.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().error.message).toBe(`${category.name} has 2 prices: deactivate it instead.`);
    expect(await rowOf(category.id)).toBeDefined();
    expect(await auditRows(ctx.handle.db, 'delete', category.id)).toHaveLength(0);
  });

  it('answers 404 for an unknown category, 400 for a bad id, 403 without permission', async () => {
    expect((await send('DELETE', `/api/sales/categories/${UNKNOWN_ID}`)).statusCode).toBe(404);
    expect((await send('DELETE', '/api/sales/categories/nope')).statusCode).toBe(400);
    const created = await createCategory({ name: `${letters()} kept`, code: letters(6) });
    const { cookie } = await ctx.signedInAs(['Sales Manager']);
    expect((await send('DELETE', `/api/sales/categories/${created.id}`, undefined, cookie)).statusCode).toBe(403);
    expect(await rowOf(created.id)).toBeDefined();
  });
});

describe('list', () => {
  it('counts each category’s prices; searches name, code and description; filters active', async () => {
    const token = letters();
    const a = await createCategory({ name: `${token} one`, code: letters(6), description: 'Market stalls' });
    const b = await createCategory({ name: `${token} two`, code: `${token.slice(0, 6)}-Z` });
    const pkg = await makeSalesPackage(ctx.handle.db);
    await setSalesPrice(ctx.handle.db, {
      packageId: pkg.id,
      categoryId: a.id,
      unitPrice: 100,
      effectiveFrom: '2026-01-05',
    });
    await send('POST', `/api/sales/categories/${b.id}/deactivate`);
    const all = await list({ q: token });
    expect(all.items.map((c) => [c.name, c.priceCount, c.active])).toEqual([
      [a.name, 1, true],
      [b.name, 0, false],
    ]);
    expect((await list({ q: 'market stalls' })).items.map((c) => c.id)).toEqual([a.id]);
    expect((await list({ q: `${token.slice(0, 6).toLowerCase()}-z` })).items.map((c) => c.id)).toEqual([b.id]);
    expect((await list({ q: token, active: 'false' })).items.map((c) => c.id)).toEqual([b.id]);
  });

  it.each([
    ['name', 'asc'],
    ['name', 'desc'],
    ['code', 'asc'],
    ['createdAt', 'desc'],
  ] as const)('pages by %s %s with keyset cursors, every row once', async (sort, dir) => {
    const token = letters();
    for (let i = 0; i < 5; i++)
      await makeSalesCategory(ctx.handle.db, { name: `${token} ${String.fromCharCode(69 - i)}`, code: `${token}${i}` });
    const walk = await walkList<SalesCategory>(ctx, '/api/sales/categories', { q: token, sort, dir }, adminCookie, 2);
    expect(walk.pages).toBe(3);
    expect(walk.totals).toEqual([5, 5, 5]);
    expect(new Set(walk.items.map((c) => c.id)).size).toBe(5);
    const values = walk.items.map((c) => (sort === 'name' ? c.name : sort === 'code' ? c.code : c.createdAt));
    const sorted = [...values].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
    expect(values).toEqual(dir === 'asc' ? sorted : sorted.reverse());
  });

  it.each([
    ['an unknown sort', { sort: 'priceCount' }],
    ['active=yes', { active: 'yes' }],
    ['a foreign cursor', { cursor: 'abc' }],
  ])('refuses %s (400)', async (_, query) => {
    expect((await get(`/api/sales/categories?${new URLSearchParams(query).toString()}`)).statusCode).toBe(400);
  });

  it('is refused without sales-categories (403): Sales Manager, Sales Officer, Stove Coupler', async () => {
    for (const group of ['Sales Manager', 'Sales Officer', 'Stove Coupler'] as const) {
      const { cookie } = await ctx.signedInAs([group]);
      expect((await get('/api/sales/categories', cookie)).statusCode, group).toBe(403);
    }
  });
});
