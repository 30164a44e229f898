/**
 * Steel categories API (DOMAIN.md §4 "Steel"): list with stock (search, filters, sorts, keyset
 * paging, factory scope), options for selects (also for the CKD category form), create, change,
 * deactivate/reactivate. Reads need steel-management, writes steel-categories; names are unique
 * in any case; every change is audited.
 */
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '../../../common/contracts/list';
import type { SteelCategory, SteelCategoryOption } from '../../../common/contracts/steel';
import { steelCategories } from '../../db/schema/production';
import { apiRequests, letters, type ErrorBody } from '../../test/api-requests';
import { auditRows, countRows } from '../../test/db-assert';
import { groupsWith } from '../../test/groups';
import { walkList } from '../../test/list-walk';
import { giveSteel, makeSteelCategory } from '../../test/production';
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

async function createCategory(payload: Record<string, unknown>): Promise<SteelCategory> {
  const res = await send('POST', '/api/steel/categories', { unit: 'kg', ...payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<SteelCategory>();
}
async function list(query: Record<string, string>, cookie = adminCookie) {
  const res = await get(`/api/steel/categories?${new URLSearchParams(query).toString()}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListResponse<SteelCategory>>();
}
const countNamed = (prefix: string) =>
  countRows(ctx.handle.db, steelCategories, like(steelCategories.name, `${prefix}%`));
const rowOf = async (id: string) => {
  const [row] = await ctx.handle.db.select().from(steelCategories).where(eq(steelCategories.id, id));
  return row;
};

it('steel-management, steel-categories and steel-records belong to the groups of DOMAIN.md §3', () => {
  expect(groupsWith('steel-management')).toEqual([
    'Admin',
    'Senior Production Manager',
    'Senior Production Supervisor',
  ]);
  expect(groupsWith('steel-categories')).toEqual(['Admin', 'Senior Production Supervisor']);
  expect(groupsWith('steel-records')).toEqual(['Admin', 'Senior Production Supervisor']);
});

describe('create', () => {
  it('creates a category, audited, and answers it with no stock', async () => {
    const name = `${letters()} Mild steel sheet 1.2 mm`;
    const created = await createCategory({ name: `  ${name} `, grade: 'DC01 1.2 mm', unit: 'kg', reorderLevel: 250.5 });
    expect(created).toMatchObject({
      name,
      grade: 'DC01 1.2 mm',
      unit: 'kg',
      reorderLevel: 250.5,
      active: true,
      totalStock: 0,
      belowReorder: true,
    });
    const [audit] = await auditRows(ctx.handle.db, 'create', created.id);
    expect(audit).toMatchObject({ recordType: 'steel_category', after: { name, unit: 'kg', reorderLevel: 250.5 } });
  });

  it('refuses a name already used, in any case (409 on the name field), and adds nothing', async () => {
    const name = `${letters()} Galvanised sheet`;
    await createCategory({ name });
    const res = await send('POST', '/api/steel/categories', { name: name.toLowerCase(), unit: 'sheet' });
    expect(res.statusCode).toBe(409);
    const body = res.json<ErrorBody>();
    expect(body.error.message).toBe(`A steel category named "${name}" already exists. Choose another name.`);
    expect(body.error.details?.fieldErrors?.name).toHaveLength(1);
    expect(
      await countRows(ctx.handle.db, steelCategories, eq(sql`lower(${steelCategories.name})`, name.toLowerCase())),
    ).toBe(1);
  });

  it.each([
    ['no name', { name: '  ', unit: 'kg' }, 'name', 'Name is required'],
    ['an unknown unit', { name: 'x', unit: 'ton' }, 'unit', 'Unit must be kg or sheet'],
    [
      'a negative reorder level',
      { name: 'x', unit: 'kg', reorderLevel: -1 },
      'reorderLevel',
      'Reorder level cannot be negative',
    ],
    [
      'a reorder level in tenths of a gram',
      { name: 'x', unit: 'kg', reorderLevel: 1.0001 },
      'reorderLevel',
      'Reorder level takes at most 3 decimals',
    ],
    [
      'a reorder level as text',
      { name: 'x', unit: 'kg', reorderLevel: '5' },
      'reorderLevel',
      'Reorder level must be a number',
    ],
    [
      'a grade of 101 characters',
      { name: 'x', unit: 'kg', grade: 'g'.repeat(101) },
      'grade',
      'Grade is limited to 100 characters',
    ],
  ])('refuses %s (400 with the field) and writes nothing', async (_, payload, field, message) => {
    const prefix = letters();
    const res = await send('POST', '/api/steel/categories', {
      ...payload,
      name: payload.name === 'x' ? `${prefix} x` : payload.name,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.details?.fieldErrors?.[field]).toEqual([message]);
    expect(await countNamed(prefix)).toBe(0);
  });

  it('is refused without steel-categories (403), signed out (401), and writes nothing', async () => {
    const prefix = letters();
    for (const group of ['Senior Production Manager', 'Factory Manager', 'Stove Coupler'] as const) {
      const { cookie } = await ctx.signedInAs([group]);
      const res = await send('POST', '/api/steel/categories', { name: `${prefix} ${group}`, unit: 'kg' }, cookie);
      expect(res.statusCode, group).toBe(403);
    }
    expect((await send('POST', '/api/steel/categories', { name: `${prefix} anon`, unit: 'kg' }, null)).statusCode).toBe(
      401,
    );
    expect(await countNamed(prefix)).toBe(0);
  });

  it('a Senior Production Supervisor may create', async () => {
    const { cookie } = await ctx.signedInAs(['Senior Production Supervisor']);
    const res = await send('POST', '/api/steel/categories', { name: `${letters()} rod 8 mm`, unit: 'kg' }, cookie);
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('change', () => {
  it('changes the fields, audited with before and after', async () => {
    const created = await createCategory({ name: `${letters()} Stainless`, reorderLevel: 10 });
    const res = await send('PATCH', `/api/steel/categories/${created.id}`, { reorderLevel: 40, grade: '304 1.0 mm' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SteelCategory>()).toMatchObject({ name: created.name, reorderLevel: 40, grade: '304 1.0 mm' });
    const [audit] = await auditRows(ctx.handle.db, 'update', created.id);
    expect(audit).toMatchObject({
      before: { reorderLevel: 10, grade: null },
      after: { reorderLevel: 40, grade: '304 1.0 mm' },
    });
  });

  it('keeps its own name in another case, but refuses another category’s name (409) and changes nothing', async () => {
    const a = await createCategory({ name: `${letters()} A` });
    const b = await createCategory({ name: `${letters()} B` });
    const own = await send('PATCH', `/api/steel/categories/${a.id}`, { name: a.name.toLowerCase() });
    expect(own.statusCode, own.body).toBe(200);
    const res = await send('PATCH', `/api/steel/categories/${b.id}`, { name: a.name.toUpperCase(), reorderLevel: 99 });
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().error.details?.fieldErrors?.name).toHaveLength(1);
    expect(await rowOf(b.id)).toMatchObject({ name: b.name, reorderLevel: 0 });
  });

  it('changes the unit only while no steel of the category was recorded', async () => {
    const created = await createCategory({ name: `${letters()} unit` });
    const before = await send('PATCH', `/api/steel/categories/${created.id}`, { unit: 'sheet' });
    expect(before.statusCode, before.body).toBe(200);
    const factory = await ctx.makeFactory();
    await giveSteel(ctx.handle.db, { factoryId: factory.id, categoryId: created.id, quantity: 5 });
    const res = await send('PATCH', `/api/steel/categories/${created.id}`, { unit: 'kg' });
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().error.details?.fieldErrors?.unit).toEqual([
      'The unit stays sheets: steel of this category has already been recorded in it.',
    ]);
    expect((await rowOf(created.id))?.unit).toBe('sheet');
  });

  it('refuses an empty change (400), an unknown id (404), a bad id (400), and without permission (403)', async () => {
    const created = await createCategory({ name: `${letters()} refusals` });
    expect((await send('PATCH', `/api/steel/categories/${created.id}`, {})).statusCode).toBe(400);
    expect(
      (await send('PATCH', '/api/steel/categories/00000000-0000-4000-8000-000000000000', { reorderLevel: 1 }))
        .statusCode,
    ).toBe(404);
    expect((await send('PATCH', '/api/steel/categories/nope', { reorderLevel: 1 })).statusCode).toBe(400);
    const { cookie } = await ctx.signedInAs(['Senior Production Manager']);
    expect((await send('PATCH', `/api/steel/categories/${created.id}`, { reorderLevel: 1 }, cookie)).statusCode).toBe(
      403,
    );
    expect((await rowOf(created.id))?.reorderLevel).toBe(0);
  });
});

describe('deactivate and reactivate', () => {
  it('deactivates (gone from the options), reactivates, audits both, and refuses a repeat (409)', async () => {
    const created = await createCategory({ name: `${letters()} toggled` });
    const options = async () => {
      const res = await get('/api/steel/categories/options');
      expect(res.statusCode).toBe(200);
      return res.json<{ items: SteelCategoryOption[] }>().items.map((o) => o.id);
    };
    expect(await options()).toContain(created.id);

    const off = await send('POST', `/api/steel/categories/${created.id}/deactivate`, {});
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<SteelCategory>().active).toBe(false);
    expect(await options()).not.toContain(created.id);
    const again = await send('POST', `/api/steel/categories/${created.id}/deactivate`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().error.message).toBe('This steel category is already deactivated.');

    const on = await send('POST', `/api/steel/categories/${created.id}/reactivate`, {});
    expect(on.statusCode, on.body).toBe(200);
    expect(await options()).toContain(created.id);
    expect(await auditRows(ctx.handle.db, 'deactivate', created.id)).toHaveLength(1);
    expect(await auditRows(ctx.handle.db, 'reactivate', created.id)).toHaveLength(1);
  });

  it('is refused without steel-categories (403), and for an unknown category (404)', async () => {
    const created = await createCategory({ name: `${letters()} guarded` });
    const { cookie } = await ctx.signedInAs(['Senior Production Manager']);
    expect((await send('POST', `/api/steel/categories/${created.id}/deactivate`, {}, cookie)).statusCode).toBe(403);
    expect((await rowOf(created.id))?.active).toBe(true);
    expect(
      (await send('POST', '/api/steel/categories/00000000-0000-4000-8000-000000000000/reactivate', {})).statusCode,
    ).toBe(404);
  });
});

describe('options', () => {
  it('lists active categories with their unit for steel-management or ckd-categories (the CKD form)', async () => {
    const created = await createCategory({ name: `${letters()} option`, unit: 'sheet', grade: 'G90' });
    for (const group of ['Senior Production Manager', 'Factory Manager', 'Production Manager'] as const) {
      const { cookie } = await ctx.signedInAs([group]);
      const res = await get('/api/steel/categories/options', cookie);
      expect(res.statusCode, group).toBe(200);
      expect(res.json<{ items: SteelCategoryOption[] }>().items).toContainEqual({
        id: created.id,
        name: created.name,
        grade: 'G90',
        unit: 'sheet',
      });
    }
    const { cookie } = await ctx.signedInAs(['Stove Coupler']);
    expect((await get('/api/steel/categories/options', cookie)).statusCode).toBe(403);
  });
});

describe('list', () => {
  it('shows each category’s stock across factories and flags a total below the reorder level', async () => {
    const token = letters();
    const [nbo, msa] = [await ctx.makeFactory(), await ctx.makeFactory()];
    const low = await makeSteelCategory(ctx.handle.db, { name: `${token} low`, reorderLevel: 100 });
    const fine = await makeSteelCategory(ctx.handle.db, { name: `${token} fine`, reorderLevel: 100 });
    await giveSteel(ctx.handle.db, { factoryId: nbo.id, categoryId: low.id, quantity: 60 });
    await giveSteel(ctx.handle.db, { factoryId: msa.id, categoryId: low.id, quantity: 30.25 });
    await giveSteel(ctx.handle.db, { factoryId: nbo.id, categoryId: fine.id, quantity: 100 });
    const page = await list({ q: token });
    expect(page.items.map((c) => [c.name, c.totalStock, c.belowReorder])).toEqual([
      [fine.name, 100, false],
      [low.name, 90.25, true],
    ]);
  });

  it('searches name and grade, filters active and unit', async () => {
    const token = letters();
    const a = await createCategory({ name: `${token} one`, grade: 'DX51D', unit: 'kg' });
    const b = await createCategory({ name: `${token} two`, unit: 'sheet' });
    await send('POST', `/api/steel/categories/${b.id}/deactivate`, {});
    expect((await list({ q: token })).total).toBe(2);
    expect((await list({ q: 'dx51d' })).items.map((c) => c.id)).toContain(a.id);
    expect((await list({ q: token, active: 'false' })).items.map((c) => c.id)).toEqual([b.id]);
    expect((await list({ q: token, unit: 'kg' })).items.map((c) => c.id)).toEqual([a.id]);
  });

  it.each([
    ['name', 'asc'],
    ['name', 'desc'],
    ['totalStock', 'asc'],
    ['totalStock', 'desc'],
    ['reorderLevel', 'desc'],
    ['createdAt', 'asc'],
  ] as const)('pages by %s %s with keyset cursors, every row once', async (sort, dir) => {
    const token = letters();
    const factory = await ctx.makeFactory();
    const made: { id: string; name: string; stock: number; reorder: number }[] = [];
    for (const [i, stock] of [5, 1.5, 5, 0, 12].entries()) {
      const c = await makeSteelCategory(ctx.handle.db, {
        name: `${token} ${String.fromCharCode(69 - i)}`,
        reorderLevel: i % 2,
      });
      if (stock > 0) await giveSteel(ctx.handle.db, { factoryId: factory.id, categoryId: c.id, quantity: stock });
      made.push({ id: c.id, name: c.name, stock, reorder: i % 2 });
    }
    const walk = await walkList<SteelCategory>(ctx, '/api/steel/categories', { q: token, sort, dir }, adminCookie, 2);
    expect(walk.pages).toBe(3);
    expect(walk.totals).toEqual([5, 5, 5]);
    const ids = walk.items.map((c) => c.id);
    expect(new Set(ids).size).toBe(5);
    const values = walk.items.map((c) =>
      sort === 'name'
        ? c.name
        : sort === 'totalStock'
          ? c.totalStock
          : sort === 'reorderLevel'
            ? c.reorderLevel
            : c.createdAt,
    );
    const sorted = [...values].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
    expect(values).toEqual(dir === 'asc' ? sorted : sorted.reverse());
  });

  it.each([
    ['an unknown sort', { sort: 'unit' }],
    ['an unknown unit', { unit: 'ton' }],
    ['active=yes', { active: 'yes' }],
    ['a foreign cursor', { cursor: 'abc' }],
  ])('refuses %s (400)', async (_, query) => {
    const res = await get(`/api/steel/categories?${new URLSearchParams(query).toString()}`);
    expect(res.statusCode).toBe(400);
  });

  it('is refused without steel-management (403): Factory Manager, Production Manager, Stove Coupler', async () => {
    for (const group of ['Factory Manager', 'Production Manager', 'Stove Coupler'] as const) {
      const { cookie } = await ctx.signedInAs([group]);
      expect((await get('/api/steel/categories', cookie)).statusCode, group).toBe(403);
    }
  });

  it('gives a factory-scoped user (granted steel-management) the stock of their own factory only', async () => {
    await ctx.handle.db.execute(
      sql`insert into group_permissions (group_name, component) values ('Factory Manager', 'steel-management')
          on conflict do nothing`,
    );
    try {
      const token = letters();
      const [own, other] = [await ctx.makeFactory(), await ctx.makeFactory()];
      const steel = await makeSteelCategory(ctx.handle.db, { name: `${token} scoped` });
      await giveSteel(ctx.handle.db, { factoryId: own.id, categoryId: steel.id, quantity: 7 });
      await giveSteel(ctx.handle.db, { factoryId: other.id, categoryId: steel.id, quantity: 1000 });
      const { cookie } = await ctx.signedInAs(['Factory Manager'], { factoryId: own.id });
      expect((await list({ q: token }, cookie)).items.map((c) => c.totalStock)).toEqual([7]);
      expect((await list({ q: token })).items.map((c) => c.totalStock)).toEqual([1007]);
      const { cookie: none } = await ctx.signedInAs(['Factory Manager'], { factoryId: null });
      expect((await list({ q: token }, none)).items.map((c) => c.totalStock)).toEqual([0]);
    } finally {
      await ctx.handle.db.execute(
        sql`delete from group_permissions where group_name = 'Factory Manager' and component = 'steel-management'`,
      );
    }
  });
});
