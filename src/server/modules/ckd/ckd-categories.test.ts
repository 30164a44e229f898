/**
 * CKD categories (DOMAIN.md §4 "CKD kits"): list, search, active filter, options, create, edit
 * (steel usage replaced all or nothing), deactivate and reactivate. Proves: code and name unique
 * (409 with field errors), bad input a 400 that changes nothing, every change audited, and who may
 * read and write.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CkdCategory, CkdCategoryOption } from '../../../common/contracts/ckd';
import type { ListResponse } from '../../../common/contracts/list';
import { queryRows } from '../../db/client';
import { steelCategories } from '../../db/schema/production';
import type { ErrorBody } from '../../test/api-requests';
import { auditRows } from '../../test/db-assert';
import { makeSteelCategory } from '../../test/production';
import { createTestContext, type TestContext } from '../../test/test-app';

interface User {
  cookie: string;
}

let ctx: TestContext;
let admin: User;
let seniorProduction: User;
let factoryManager: User;
let supervisor: User;
let coupler: User;
let salesOfficer: User;
let sheet: { id: string; name: string };
let rod: { id: string; name: string };
let retired: { id: string; name: string };

beforeAll(async () => {
  ctx = await createTestContext();
  const factory = await ctx.makeFactory();
  admin = await ctx.signedInAs(['Admin']);
  seniorProduction = await ctx.signedInAs(['Senior Production Manager']);
  factoryManager = await ctx.signedInAs(['Factory Manager'], { factoryId: factory.id });
  supervisor = await ctx.signedInAs(['Production Supervisor'], { factoryId: factory.id });
  coupler = await ctx.signedInAs(['Stove Coupler'], { factoryId: factory.id });
  salesOfficer = await ctx.signedInAs(['Sales Officer'], { factoryId: factory.id });
  sheet = await makeSteelCategory(ctx.handle.db, { name: 'Mild sheet 1.2 mm' });
  rod = await makeSteelCategory(ctx.handle.db, { name: 'Rod 8 mm' });
  retired = await makeSteelCategory(ctx.handle.db, { name: 'Old sheet' });
  await ctx.handle.db.update(steelCategories).set({ active: false }).where(eq(steelCategories.id, retired.id));
});
afterAll(async () => {
  await ctx.close();
});

const send = (method: 'POST' | 'PATCH', url: string, payload: unknown, user: User) =>
  ctx.request({ method, url, payload: payload as Record<string, unknown>, cookie: user.cookie });
const get = (url: string, user: User) => ctx.request({ method: 'GET', url, cookie: user.cookie });

let serial = 0;
function newCategory(overrides: Record<string, unknown> = {}) {
  serial++;
  return {
    name: `Jiko ${serial} ${Date.now()}`,
    code: `jk-${serial}`,
    stoveModel: 'Jiko Poa',
    description: 'Household charcoal stove',
    steelUsage: [
      { steelCategoryId: sheet.id, quantityPerKit: 2.75 },
      { steelCategoryId: rod.id, quantityPerKit: 0.4 },
    ],
    ...overrides,
  };
}

async function create(overrides: Record<string, unknown> = {}): Promise<CkdCategory> {
  const res = await send('POST', '/api/ckd/categories', newCategory(overrides), admin);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CkdCategory>();
}

/** Every category row and usage line, to prove a refused request changed nothing. */
async function snapshot() {
  const [row] = await queryRows<Record<string, unknown>>(
    ctx.handle.db,
    sql`select
      (select md5(coalesce(string_agg(concat_ws('|', id, name, code, stove_model, description, active, updated_at), ',' order by id), '')) from ckd_categories) as categories,
      (select md5(coalesce(string_agg(concat_ws('|', ckd_category_id, steel_category_id, quantity_per_kit), ',' order by ckd_category_id, steel_category_id), '')) from ckd_category_steel) as usage,
      (select count(*)::int from audit_log where record_type = 'ckd_category') as audits`,
  );
  return row;
}

describe('create and read', () => {
  it('creates a category with its steel usage (code upper-cased), audited; the list and options show it', async () => {
    const res = await send(
      'POST',
      '/api/ckd/categories',
      newCategory({ name: '  Jiko Poa Standard  ', code: ' jps-1 ', description: '' }),
      admin,
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<CkdCategory>();
    expect(created).toMatchObject({
      name: 'Jiko Poa Standard',
      code: 'JPS-1',
      stoveModel: 'Jiko Poa',
      description: null,
      active: true,
      steelUsage: [
        { steelCategoryId: sheet.id, steelCategoryName: sheet.name, unit: 'kg', quantityPerKit: 2.75 },
        { steelCategoryId: rod.id, steelCategoryName: rod.name, unit: 'kg', quantityPerKit: 0.4 },
      ],
    });
    const [audit] = await auditRows(ctx.handle.db, 'create', created.id);
    expect(audit?.after).toMatchObject({
      code: 'JPS-1',
      steelUsage: [{ quantityPerKit: 2.75 }, { quantityPerKit: 0.4 }],
    });

    const list = (await get('/api/ckd/categories?q=poa%20standard', admin)).json<ListResponse<CkdCategory>>();
    expect(list.items.map((c) => c.id)).toEqual([created.id]);
    expect(list.total).toBe(1);
    const byCode = (await get('/api/ckd/categories?q=jps-1', admin)).json<ListResponse<CkdCategory>>();
    expect(byCode.items.map((c) => c.code)).toEqual(['JPS-1']);

    const options = await get('/api/ckd/categories/options', coupler);
    expect(options.statusCode).toBe(200);
    expect(options.json<{ items: CkdCategoryOption[] }>().items).toContainEqual({
      id: created.id,
      name: 'Jiko Poa Standard',
      code: 'JPS-1',
      stoveModel: 'Jiko Poa',
    });
  });

  it('creates a category without steel usage', async () => {
    const created = await create({ steelUsage: undefined });
    expect(created.steelUsage).toEqual([]);
  });

  it('refuses a taken code or name (any case) with 409 and field errors; nothing changes', async () => {
    const first = await create();
    const before = await snapshot();
    const sameCode = await send('POST', '/api/ckd/categories', newCategory({ code: first.code.toLowerCase() }), admin);
    expect(sameCode.statusCode).toBe(409);
    expect(sameCode.json<ErrorBody>().error.details?.fieldErrors).toEqual({
      code: [`The code ${first.code} is already used by another CKD category. Choose another code.`],
    });
    const sameName = await send('POST', '/api/ckd/categories', newCategory({ name: first.name.toUpperCase() }), admin);
    expect(sameName.statusCode).toBe(409);
    expect(Object.keys(sameName.json<ErrorBody>().error.details?.fieldErrors ?? {})).toEqual(['name']);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses bad input with 400 and the field, and changes nothing', async () => {
    const before = await snapshot();
    const cases: [Record<string, unknown>, string][] = [
      [{ code: 'J' }, 'code'],
      [{ code: 'JPS 1' }, 'code'],
      [{ code: 'ABCDEFGHIJKLMNOPQ' }, 'code'],
      [{ name: '  ' }, 'name'],
      [{ stoveModel: '' }, 'stoveModel'],
      [{ steelUsage: [{ steelCategoryId: sheet.id, quantityPerKit: 0 }] }, 'steelUsage.0.quantityPerKit'],
      [{ steelUsage: [{ steelCategoryId: sheet.id, quantityPerKit: 1.2345 }] }, 'steelUsage.0.quantityPerKit'],
      [{ steelUsage: [{ steelCategoryId: 'nope', quantityPerKit: 1 }] }, 'steelUsage.0.steelCategoryId'],
      [
        {
          steelUsage: [
            { steelCategoryId: sheet.id, quantityPerKit: 1 },
            { steelCategoryId: sheet.id, quantityPerKit: 2 },
          ],
        },
        'steelUsage.1.steelCategoryId',
      ],
      [
        { steelUsage: [{ steelCategoryId: '00000000-0000-4000-8000-000000000000', quantityPerKit: 1 }] },
        'steelUsage.0.steelCategoryId',
      ],
      [{ steelUsage: [{ steelCategoryId: retired.id, quantityPerKit: 1 }] }, 'steelUsage.0.steelCategoryId'],
    ];
    for (const [overrides, field] of cases) {
      const res = await send('POST', '/api/ckd/categories', newCategory(overrides), admin);
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      const body = res.json<ErrorBody>();
      expect(Object.keys(body.error.details?.fieldErrors ?? {}), JSON.stringify(overrides)).toContain(field);
      expect(body.error.message.length).toBeGreaterThan(0);
    }
    const unknown = await send(
      'POST',
      '/api/ckd/categories',
      newCategory({ steelUsage: [{ steelCategoryId: '00000000-0000-4000-8000-000000000000', quantityPerKit: 1 }] }),
      admin,
    );
    expect(unknown.json<ErrorBody>().error.message).toBe('This steel category does not exist. Choose another one.');
    const inactive = await send(
      'POST',
      '/api/ckd/categories',
      newCategory({ steelUsage: [{ steelCategoryId: retired.id, quantityPerKit: 1 }] }),
      admin,
    );
    expect(inactive.json<ErrorBody>().error.message).toBe('Old sheet is deactivated. Choose an active steel category.');
    expect(await snapshot()).toEqual(before);
  });

  it('lists with the active filter, sorts and pages', async () => {
    const made = [await create({ stoveModel: 'Pager' }), await create({ stoveModel: 'Pager' })];
    const off = await create({ stoveModel: 'Pager' });
    expect((await send('POST', `/api/ckd/categories/${off.id}/deactivate`, {}, admin)).statusCode).toBe(200);
    const active = (await get('/api/ckd/categories?q=pager&active=true&sort=code', admin)).json<
      ListResponse<CkdCategory>
    >();
    expect(active.items.map((c) => c.id)).toEqual(made.map((c) => c.id));
    const inactive = (await get('/api/ckd/categories?q=pager&active=false', admin)).json<ListResponse<CkdCategory>>();
    expect(inactive.items.map((c) => c.id)).toEqual([off.id]);
    const first = (await get('/api/ckd/categories?q=pager&limit=2&sort=code&dir=desc', admin)).json<
      ListResponse<CkdCategory>
    >();
    expect(first.items.map((c) => c.id)).toEqual([off.id, made[1]?.id]);
    const second = (
      await get(`/api/ckd/categories?q=pager&limit=2&sort=code&dir=desc&cursor=${first.nextCursor ?? ''}`, admin)
    ).json<ListResponse<CkdCategory>>();
    expect(second.items.map((c) => c.id)).toEqual([made[0]?.id]);
    expect(second.nextCursor).toBeNull();
    expect((await get('/api/ckd/categories?active=maybe', admin)).statusCode).toBe(400);
  });
});

describe('edit', () => {
  it('replaces every steel line and the fields; audits before and after', async () => {
    const category = await create();
    const res = await send(
      'PATCH',
      `/api/ckd/categories/${category.id}`,
      { name: `${category.name} v2`, steelUsage: [{ steelCategoryId: rod.id, quantityPerKit: 1.25 }] },
      seniorProduction,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CkdCategory>()).toMatchObject({
      name: `${category.name} v2`,
      code: category.code,
      steelUsage: [{ steelCategoryId: rod.id, quantityPerKit: 1.25 }],
    });
    const [audit] = await auditRows(ctx.handle.db, 'update', category.id);
    expect((audit?.before as CkdCategory | undefined)?.steelUsage).toHaveLength(2);
    expect((audit?.after as CkdCategory | undefined)?.steelUsage).toHaveLength(1);

    // Fields only: the usage stays.
    const renamed = await send('PATCH', `/api/ckd/categories/${category.id}`, { stoveModel: 'Jiko Poa II' }, admin);
    expect(renamed.json<CkdCategory>().steelUsage).toEqual([
      { steelCategoryId: rod.id, steelCategoryName: rod.name, unit: 'kg', quantityPerKit: 1.25 },
    ]);
    // An empty list removes every line.
    const cleared = await send('PATCH', `/api/ckd/categories/${category.id}`, { steelUsage: [] }, admin);
    expect(cleared.json<CkdCategory>().steelUsage).toEqual([]);
  });

  it('is all or nothing: one bad line or a taken name changes nothing', async () => {
    const category = await create();
    const other = await create();
    const before = await snapshot();
    const badLine = await send(
      'PATCH',
      `/api/ckd/categories/${category.id}`,
      {
        name: `${category.name} renamed`,
        steelUsage: [
          { steelCategoryId: rod.id, quantityPerKit: 3 },
          { steelCategoryId: '00000000-0000-4000-8000-000000000000', quantityPerKit: 1 },
        ],
      },
      admin,
    );
    expect(badLine.statusCode).toBe(400);
    expect(Object.keys(badLine.json<ErrorBody>().error.details?.fieldErrors ?? {})).toEqual([
      'steelUsage.1.steelCategoryId',
    ]);
    const taken = await send(
      'PATCH',
      `/api/ckd/categories/${category.id}`,
      { name: other.name.toLowerCase(), steelUsage: [{ steelCategoryId: rod.id, quantityPerKit: 3 }] },
      admin,
    );
    expect(taken.statusCode).toBe(409);
    const takenCode = await send('PATCH', `/api/ckd/categories/${category.id}`, { code: other.code }, admin);
    expect(takenCode.statusCode).toBe(409);
    expect((await send('PATCH', `/api/ckd/categories/${category.id}`, {}, admin)).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('keeps a line whose steel category was deactivated since, but does not add one', async () => {
    const steel = await makeSteelCategory(ctx.handle.db);
    const category = await create({ steelUsage: [{ steelCategoryId: steel.id, quantityPerKit: 2 }] });
    await ctx.handle.db.update(steelCategories).set({ active: false }).where(eq(steelCategories.id, steel.id));
    const kept = await send(
      'PATCH',
      `/api/ckd/categories/${category.id}`,
      {
        steelUsage: [
          { steelCategoryId: steel.id, quantityPerKit: 2.5 },
          { steelCategoryId: rod.id, quantityPerKit: 1 },
        ],
      },
      admin,
    );
    expect(kept.statusCode, kept.body).toBe(200);
    const added = await send(
      'PATCH',
      `/api/ckd/categories/${category.id}`,
      { steelUsage: [{ steelCategoryId: retired.id, quantityPerKit: 1 }] },
      admin,
    );
    expect(added.statusCode).toBe(400);
  });

  it('answers 404 for an unknown category and 400 for a malformed id', async () => {
    const missing = await send(
      'PATCH',
      '/api/ckd/categories/00000000-0000-4000-8000-000000000000',
      { name: 'Nobody' },
      admin,
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json<ErrorBody>().error.message).toBe('No CKD category with this id.');
    expect((await send('PATCH', '/api/ckd/categories/nope', { name: 'Nobody' }, admin)).statusCode).toBe(400);
  });
});

describe('deactivate and reactivate', () => {
  it('deactivates (leaving the options) and reactivates once each, audited', async () => {
    const category = await create();
    const off = await send('POST', `/api/ckd/categories/${category.id}/deactivate`, {}, admin);
    expect(off.statusCode).toBe(200);
    expect(off.json<CkdCategory>().active).toBe(false);
    const options = (await get('/api/ckd/categories/options', admin)).json<{ items: CkdCategoryOption[] }>();
    expect(options.items.map((o) => o.id)).not.toContain(category.id);
    const again = await send('POST', `/api/ckd/categories/${category.id}/deactivate`, {}, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().error.message).toBe('This CKD category is already deactivated.');
    const on = await send('POST', `/api/ckd/categories/${category.id}/reactivate`, {}, admin);
    expect(on.json<CkdCategory>().active).toBe(true);
    expect((await send('POST', `/api/ckd/categories/${category.id}/reactivate`, {}, admin)).statusCode).toBe(409);
    expect(await auditRows(ctx.handle.db, 'deactivate', category.id)).toHaveLength(1);
    expect(await auditRows(ctx.handle.db, 'reactivate', category.id)).toHaveLength(1);
  });
});

describe('permissions', () => {
  it('reads with ckd-categories or ckd-management; writes with ckd-categories only', async () => {
    const category = await create();
    expect((await get('/api/ckd/categories', supervisor)).statusCode).toBe(200);
    expect((await get('/api/ckd/categories', factoryManager)).statusCode).toBe(200);
    expect((await get('/api/ckd/categories', coupler)).statusCode).toBe(403);
    expect((await get('/api/ckd/categories', salesOfficer)).statusCode).toBe(403);
    expect((await get('/api/ckd/categories/options', salesOfficer)).statusCode).toBe(403);
    const before = await snapshot();
    const refused = await send('POST', '/api/ckd/categories', newCategory(), supervisor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorBody>().error.message).toBe(
      "You don't have permission to do this (it needs CKD Categories).",
    );
    expect((await send('PATCH', `/api/ckd/categories/${category.id}`, { name: 'X' }, coupler)).statusCode).toBe(403);
    expect((await send('POST', `/api/ckd/categories/${category.id}/deactivate`, {}, supervisor)).statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
    // Factory Manager holds ckd-categories (spec §6 override).
    expect((await send('POST', '/api/ckd/categories', newCategory(), factoryManager)).statusCode).toBe(201);
  });
});
