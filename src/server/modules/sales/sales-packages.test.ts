/**
 * Sales packages API (DOMAIN.md §4 "Sales"): list (search, filters, sorts, keyset paging), CSV
 * export, create, change, deactivate/reactivate and delete (only while no price refers to it), and
 * the options every sales screen reads. Packages need sales-packages; the stove model is an active
 * CKD category; names are unique in any case, codes unique; every change is audited.
 */
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '../../../common/contracts/list';
import type { SalesOptions, SalesPackage } from '../../../common/contracts/sales';
import { groupPermissions } from '../../db/schema/core';
import { salesPackages } from '../../db/schema/sales';
import { apiRequests, letters, UNKNOWN_ID, type ErrorBody } from '../../test/api-requests';
import { auditRows, countRows } from '../../test/db-assert';
import { groupsWith } from '../../test/groups';
import { walkList } from '../../test/list-walk';
import { makeCkdCategory } from '../../test/production';
import { makeSalesCategory, makeSalesPackage, setSalesPrice } from '../../test/sales';
import { createTestContext, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let adminCookie: string;
let model: { id: string; name: string; code: string };
beforeAll(async () => {
  ctx = await createTestContext();
  adminCookie = (await ctx.signedInAs(['Admin'])).cookie;
  model = await makeCkdCategory(ctx.handle.db);
});
afterAll(async () => {
  await ctx.close();
});

const { send, get } = apiRequests({ ctx: () => ctx, cookie: () => adminCookie });

async function createPackage(payload: Record<string, unknown>): Promise<SalesPackage> {
  const res = await send('POST', '/api/sales/packages', { ckdCategoryId: model.id, code: letters(6), ...payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<SalesPackage>();
}
async function list(query: Record<string, string>, cookie = adminCookie) {
  const res = await get(`/api/sales/packages?${new URLSearchParams(query).toString()}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListResponse<SalesPackage>>();
}
const countNamed = (prefix: string) => countRows(ctx.handle.db, salesPackages, like(salesPackages.name, `${prefix}%`));
const rowOf = async (id: string) => {
  const [row] = await ctx.handle.db.select().from(salesPackages).where(eq(salesPackages.id, id));
  return row;
};

it('sales-packages belongs to Admin and Senior Sales Manager, and to Factory Manager by the spec §6 override', () => {
  expect(groupsWith('sales-packages')).toEqual(['Admin', 'Factory Manager', 'Senior Sales Manager']);
});

describe('create', () => {
  it('creates a package on its stove model, audited, with no prices', async () => {
    const name = `${letters()} Dealer pack`;
    const created = await createPackage({
      name,
      code: 'jps-10x',
      stovesPerPackage: 10,
      extraItems: ' 10 user manuals ',
      description: '',
    });
    expect(created).toMatchObject({
      name,
      code: 'JPS-10X',
      ckdCategory: { id: model.id, name: model.name, code: model.code },
      stovesPerPackage: 10,
      extraItems: '10 user manuals',
      description: null,
      active: true,
      priceCount: 0,
    });
    const [audit] = await auditRows(ctx.handle.db, 'create', created.id);
    expect(audit).toMatchObject({
      recordType: 'sales_package',
      after: { name, code: 'JPS-10X', ckdCategoryId: model.id, stovesPerPackage: 10 },
    });
  });

  it('defaults to one stove per package', async () => {
    expect((await createPackage({ name: `${letters()} single` })).stovesPerPackage).toBe(1);
  });

  it('refuses a name in any case or a code already used (409 on each field), adding nothing', async () => {
    const taken = await createPackage({ name: `${letters()} Bundle` });
    const prefix = letters();
    const res = await send('POST', '/api/sales/packages', {
      name: taken.name.toUpperCase(),
      code: taken.code,
      ckdCategoryId: model.id,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().error.details?.fieldErrors).toEqual({
      name: [`A sales package named "${taken.name.toUpperCase()}" already exists. Choose another name.`],
      code: [`The code ${taken.code} is already used by another sales package. Choose another code.`],
    });
    const byCode = await send('POST', '/api/sales/packages', {
      name: `${prefix} x`,
      code: taken.code,
      ckdCategoryId: model.id,
    });
    expect(byCode.statusCode).toBe(409);
    expect(await countNamed(prefix)).toBe(0);
  });

  it('refuses a stove model that is not an active CKD category (400 on ckdCategoryId), adding nothing', async () => {
    const prefix = letters();
    const unknown = await send('POST', '/api/sales/packages', {
      name: `${prefix} a`,
      code: letters(6),
      ckdCategoryId: UNKNOWN_ID,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ErrorBody>().error.details?.fieldErrors?.ckdCategoryId).toEqual([
      'This stove model (CKD category) does not exist. Choose another one.',
    ]);
    const retired = await makeCkdCategory(ctx.handle.db);
    await ctx.handle.db.execute(sql`update ckd_categories set active = false where id = ${retired.id}`);
    const inactive = await send('POST', '/api/sales/packages', {
      name: `${prefix} b`,
      code: letters(6),
      ckdCategoryId: retired.id,
    });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json<ErrorBody>().error.details?.fieldErrors?.ckdCategoryId).toEqual([
      `${retired.name} is deactivated. Choose an active stove model.`,
    ]);
    expect(await countNamed(prefix)).toBe(0);
  });

  it.each([
    ['no stove model', { name: 'x', code: 'AB' }, 'ckdCategoryId', 'Choose the stove model'],
    ['0 stoves', { name: 'x', code: 'AB', stovesPerPackage: 0 }, 'stovesPerPackage', 'A package has at least 1 stove'],
    [
      '101 stoves',
      { name: 'x', code: 'AB', stovesPerPackage: 101 },
      'stovesPerPackage',
      'A package has at most 100 stoves',
    ],
    [
      '2.5 stoves',
      { name: 'x', code: 'AB', stovesPerPackage: 2.5 },
      'stovesPerPackage',
      'Stoves per package is a whole number',
    ],
    [
      'extra items of 501 characters',
      { name: 'x', code: 'AB', extraItems: 'e'.repeat(501) },
      'extraItems',
      'Extra items is limited to 500 characters',
    ],
  ])('refuses %s (400 with the field) and writes nothing', async (_, payload, field, message) => {
    const prefix = letters();
    const res = await send('POST', '/api/sales/packages', {
      ...(field === 'ckdCategoryId' ? {} : { ckdCategoryId: model.id }),
      ...payload,
      name: `${prefix} x`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.details?.fieldErrors?.[field]).toEqual([message]);
    expect(await countNamed(prefix)).toBe(0);
  });

  it('is refused without sales-packages (403) and signed out (401), writing nothing', async () => {
    const prefix = letters();
    for (const group of ['Sales Manager', 'Sales Officer', 'Senior Production Manager'] as const) {
      const { cookie } = await ctx.signedInAs([group]);
      const res = await send(
        'POST',
        '/api/sales/packages',
        { name: `${prefix} ${group}`, code: letters(6), ckdCategoryId: model.id },
        cookie,
      );
      expect(res.statusCode, group).toBe(403);
    }
    const anon = await send(
      'POST',
      '/api/sales/packages',
      { name: `${prefix} anon`, code: letters(6), ckdCategoryId: model.id },
      null,
    );
    expect(anon.statusCode).toBe(401);
    expect(await countNamed(prefix)).toBe(0);
  });
});

describe('change', () => {
  it('changes the fields, audited with before and after', async () => {
    const created = await createPackage({ name: `${letters()} Stove + pot` });
    const other = await makeCkdCategory(ctx.handle.db);
    const res = await send('PATCH', `/api/sales/packages/${created.id}`, {
      ckdCategoryId: other.id,
      stovesPerPackage: 2,
      extraItems: '1 cooking pot',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SalesPackage>()).toMatchObject({
      name: created.name,
      ckdCategory: { id: other.id },
      stovesPerPackage: 2,
      extraItems: '1 cooking pot',
    });
    const [audit] = await auditRows(ctx.handle.db, 'update', created.id);
    expect(audit).toMatchObject({
      before: { ckdCategoryId: model.id, stovesPerPackage: 1, extraItems: null },
      after: { ckdCategoryId: other.id, stovesPerPackage: 2, extraItems: '1 cooking pot' },
    });
  });

  it('keeps its stove model once deactivated, but cannot move to a deactivated one (400)', async () => {
    const [kept, retired] = [await makeCkdCategory(ctx.handle.db), await makeCkdCategory(ctx.handle.db)];
    const created = await createPackage({ name: `${letters()} kept model`, ckdCategoryId: kept.id });
    await ctx.handle.db.execute(sql`update ckd_categories set active = false where id in (${kept.id}, ${retired.id})`);
    const same = await send('PATCH', `/api/sales/packages/${created.id}`, {
      ckdCategoryId: kept.id,
      stovesPerPackage: 3,
    });
    expect(same.statusCode, same.body).toBe(200);
    const moved = await send('PATCH', `/api/sales/packages/${created.id}`, { ckdCategoryId: retired.id });
    expect(moved.statusCode).toBe(400);
    expect(moved.json<ErrorBody>().error.details?.fieldErrors?.ckdCategoryId).toHaveLength(1);
    expect((await rowOf(created.id))?.ckdCategoryId).toBe(kept.id);
  });

  it('refuses another package’s name (409), an empty change (400), an unknown id (404), without permission (403)', async () => {
    const a = await createPackage({ name: `${letters()} A` });
    const b = await createPackage({ name: `${letters()} B` });
    const res = await send('PATCH', `/api/sales/packages/${b.id}`, { name: a.name.toLowerCase(), stovesPerPackage: 5 });
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().error.details?.fieldErrors?.name).toHaveLength(1);
    expect((await send('PATCH', `/api/sales/packages/${b.id}`, {})).statusCode).toBe(400);
    expect((await send('PATCH', `/api/sales/packages/${UNKNOWN_ID}`, { stovesPerPackage: 2 })).statusCode).toBe(404);
    const { cookie } = await ctx.signedInAs(['Sales Officer']);
    expect((await send('PATCH', `/api/sales/packages/${b.id}`, { stovesPerPackage: 2 }, cookie)).statusCode).toBe(403);
    expect(await rowOf(b.id)).toMatchObject({ name: b.name, stovesPerPackage: 1 });
  });
});

describe('deactivate, reactivate and delete', () => {
  it('deactivates (gone from the options), reactivates, and refuses a repeat (409), audited', async () => {
    const created = await createPackage({ name: `${letters()} toggled` });
    const options = async () => (await get('/api/sales/options')).json<SalesOptions>().packages.map((p) => p.id);
    expect(await options()).toContain(created.id);
    expect((await send('POST', `/api/sales/packages/${created.id}/deactivate`)).statusCode).toBe(200);
    expect(await options()).not.toContain(created.id);
    const again = await send('POST', `/api/sales/packages/${created.id}/deactivate`);
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().error.message).toBe('This sales package is already deactivated.');
    const on = await send('POST', `/api/sales/packages/${created.id}/reactivate`);
    expect(on.statusCode).toBe(200);
    expect(on.json<SalesPackage>().active).toBe(true);
    expect(await auditRows(ctx.handle.db, 'deactivate', created.id)).toHaveLength(1);
    expect(await auditRows(ctx.handle.db, 'reactivate', created.id)).toHaveLength(1);
    expect((await send('POST', `/api/sales/packages/${UNKNOWN_ID}/deactivate`)).statusCode).toBe(404);
  });

  it('deletes a package no price refers to (204, audited); refuses one with a price (409) and keeps it', async () => {
    const unpriced = await createPackage({ name: `${letters()} unpriced` });
    const del = await send('DELETE', `/api/sales/packages/${unpriced.id}`);
    expect(del.statusCode, del.body).toBe(204);
    expect(await rowOf(unpriced.id)).toBeUndefined();
    expect(await auditRows(ctx.handle.db, 'delete', unpriced.id)).toHaveLength(1);

    const priced = await createPackage({ name: `${letters()} priced` });
    const category = await makeSalesCategory(ctx.handle.db);
    await setSalesPrice(ctx.handle.db, {
      packageId: priced.id,
      categoryId: category.id,
      unitPrice: 4500,
      effectiveFrom: '2026-01-01',
    });
    const refused = await send('DELETE', `/api/sales/packages/${priced.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorBody>().error.message).toBe(`${priced.name} has 1 price: deactivate it instead.`);
    expect(await rowOf(priced.id)).toBeDefined();
    expect((await send('DELETE', `/api/sales/packages/${UNKNOWN_ID}`)).statusCode).toBe(404);
    const { cookie } = await ctx.signedInAs(['Sales Manager']);
    expect((await send('DELETE', `/api/sales/packages/${priced.id}`, undefined, cookie)).statusCode).toBe(403);
  });
});

describe('list and export', () => {
  it('searches name, code, extra items and description; filters active and stove model; counts prices', async () => {
    const token = letters();
    const other = await makeCkdCategory(ctx.handle.db);
    const a = await createPackage({ name: `${token} one`, extraItems: 'Pot and lid' });
    const b = await createPackage({ name: `${token} two`, ckdCategoryId: other.id, description: 'For dealers' });
    await send('POST', `/api/sales/packages/${b.id}/deactivate`);
    const category = await makeSalesCategory(ctx.handle.db);
    await setSalesPrice(ctx.handle.db, {
      packageId: a.id,
      categoryId: category.id,
      unitPrice: 1,
      effectiveFrom: '2026-01-01',
    });
    expect((await list({ q: token })).items.map((p) => [p.name, p.priceCount, p.active])).toEqual([
      [a.name, 1, true],
      [b.name, 0, false],
    ]);
    expect((await list({ q: 'pot and lid' })).items.map((p) => p.id)).toEqual([a.id]);
    expect((await list({ q: 'for dealers' })).items.map((p) => p.id)).toEqual([b.id]);
    expect((await list({ q: a.code.toLowerCase() })).items.map((p) => p.id)).toEqual([a.id]);
    expect((await list({ q: token, active: 'true' })).items.map((p) => p.id)).toEqual([a.id]);
    expect((await list({ q: token, ckdCategoryId: other.id })).items.map((p) => p.id)).toEqual([b.id]);
  });

  it.each([
    ['name', 'asc'],
    ['code', 'desc'],
    ['stovesPerPackage', 'asc'],
    ['stovesPerPackage', 'desc'],
    ['createdAt', 'asc'],
  ] as const)('pages by %s %s with keyset cursors, every row once', async (sort, dir) => {
    const token = letters();
    for (const [i, stoves] of [1, 10, 1, 5, 2].entries())
      await makeSalesPackage(ctx.handle.db, {
        name: `${token} ${String.fromCharCode(69 - i)}`,
        code: `${token}${i}`,
        ckdCategoryId: model.id,
        stovesPerPackage: stoves,
      });
    const walk = await walkList<SalesPackage>(ctx, '/api/sales/packages', { q: token, sort, dir }, adminCookie, 2);
    expect(walk.pages).toBe(3);
    expect(walk.totals).toEqual([5, 5, 5]);
    expect(new Set(walk.items.map((p) => p.id)).size).toBe(5);
    const values = walk.items.map((p) =>
      sort === 'name'
        ? p.name
        : sort === 'code'
          ? p.code
          : sort === 'stovesPerPackage'
            ? p.stovesPerPackage
            : p.createdAt,
    );
    const sorted = [...values].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
    expect(values).toEqual(dir === 'asc' ? sorted : sorted.reverse());
  });

  it.each([
    ['an unknown sort', { sort: 'priceCount' }],
    ['a bad stove model id', { ckdCategoryId: 'x' }],
    ['a foreign cursor', { cursor: 'abc' }],
  ])('refuses %s (400)', async (_, query) => {
    expect((await get(`/api/sales/packages?${new URLSearchParams(query).toString()}`)).statusCode).toBe(400);
  });

  it('exports the filtered list as CSV, sorted like the list', async () => {
    const token = letters();
    await createPackage({ name: `${token} B, large`, stovesPerPackage: 10, extraItems: '=1 pot' });
    await createPackage({ name: `${token} A` });
    const res = await get(`/api/sales/packages/export.csv?q=${token}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Name,Code,Stove model,Stove model code,Stoves per package,Extra items,Description,Status,Prices,Created at',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(new RegExp(`^${token} A,`));
    expect(lines[2]).toContain(`"${token} B, large"`);
    expect(lines[2]).toContain(`,10,'=1 pot,,Active,0,`);
    const { cookie } = await ctx.signedInAs(['Sales Officer']);
    expect((await get('/api/sales/packages/export.csv', cookie)).statusCode).toBe(403);
  });
});

describe('options', () => {
  it('lists the active packages (with stove model) and categories for any sales screen', async () => {
    const token = letters();
    const pkg = await createPackage({ name: `${token} option`, stovesPerPackage: 4 });
    const category = await makeSalesCategory(ctx.handle.db, { name: `${token} category` });
    const inactive = await makeSalesCategory(ctx.handle.db, { name: `${token} retired`, active: false });
    for (const group of ['Sales Officer', 'Sales Manager', 'Factory Manager', 'Senior Sales Manager'] as const) {
      const { cookie } = await ctx.signedInAs([group]);
      const res = await get('/api/sales/options', cookie);
      expect(res.statusCode, group).toBe(200);
      const options = res.json<SalesOptions>();
      expect(options.packages).toContainEqual({
        id: pkg.id,
        name: pkg.name,
        code: pkg.code,
        stovesPerPackage: 4,
        ckdCategory: { id: model.id, name: model.name, code: model.code },
      });
      expect(options.categories).toContainEqual({ id: category.id, name: category.name, code: category.code });
      expect(options.categories.map((c) => c.id)).not.toContain(inactive.id);
    }
    for (const group of ['Stove Coupler', 'Senior Production Manager'] as const) {
      const { cookie } = await ctx.signedInAs([group]);
      expect((await get('/api/sales/options', cookie)).statusCode, group).toBe(403);
    }
  });

  it("serves the partner form's default category select with customer-management alone", async () => {
    const category = await makeSalesCategory(ctx.handle.db, { name: `${letters()} partner default` });
    const { cookie } = await ctx.signedInAs(['Production Supervisor']);
    expect((await get('/api/sales/options', cookie)).statusCode).toBe(403);
    await ctx.handle.db
      .insert(groupPermissions)
      .values({ group: 'Production Supervisor', component: 'customer-management' });
    const res = await get('/api/sales/options', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json<SalesOptions>().categories).toContainEqual({
      id: category.id,
      name: category.name,
      code: category.code,
    });
  });
});
