/**
 * Factories API: list (search, filters, sorts, keyset paging), CSV export, options, create, change,
 * deactivate/reactivate. Only factory-management may manage factories; codes are unique and upper-case.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Factory } from '../../../common/contracts/factories';
import type { ListResponse } from '../../../common/contracts/list';
import { GROUPS, type Group } from '../../../common/permissions';
import { factories } from '../../db/schema/core';
import { parseCsv } from '../../../common/csv';
import { auditRows, countRows } from '../../test/db-assert';
import { groupsWith, groupsWithout } from '../../test/groups';
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

/** A fresh, valid code: 'T' and 7 hex digits, upper-cased. */
const uniqueCode = () => `T${randomBytes(4).toString('hex').slice(0, 7)}`.toUpperCase();
const postFactory = (payload: Record<string, unknown>, cookie: string | null = adminCookie) =>
  ctx.request({
    method: 'POST',
    url: '/api/factories',
    payload,
    ...(cookie ? { cookie } : {}),
  });
const countCode = (code: string) => countRows(ctx.handle.db, factories, eq(factories.code, code));

interface ErrorBody {
  error: {
    code: string;
    message: string;
    details?: { fieldErrors?: Record<string, string[]> };
  };
}

const FACTORY_MANAGERS: Group[] = groupsWith('factory-management');
const NOT_FACTORY_MANAGERS: Group[] = groupsWithout('factory-management');

it('the groups with factory-management are Admin and Senior Production Manager', () => {
  expect(FACTORY_MANAGERS).toEqual(['Admin', 'Senior Production Manager']);
  expect([...FACTORY_MANAGERS, ...NOT_FACTORY_MANAGERS].sort()).toEqual([...GROUPS].sort());
});

describe('POST /api/factories', () => {
  it.each(FACTORY_MANAGERS.map((g) => [g]))(
    '%s (factory-management) creates a factory: 201 and an audit row',
    async (group) => {
      const { cookie, id } = await ctx.signedInAs([group]);
      const code = uniqueCode();
      const res = await postFactory(
        {
          name: ' Nairobi Assembly ',
          code,
          kind: 'assembly',
          location: 'Nairobi',
        },
        cookie,
      );
      expect(res.statusCode).toBe(201);
      const factory = res.json<{ id: string }>();
      expect(factory).toEqual({
        id: expect.any(String) as string,
        name: 'Nairobi Assembly',
        code,
        kind: 'assembly',
        location: 'Nairobi',
        timeZone: null,
        active: true,
        createdAt: expect.any(String) as string,
        updatedAt: expect.any(String) as string,
      });

      const [row] = await ctx.handle.db.select().from(factories).where(eq(factories.id, factory.id));
      expect(row).toMatchObject({
        code,
        createdBy: id,
        updatedBy: id,
        active: true,
      });

      const audit = await auditRows(ctx.handle.db, 'create', factory.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        actorId: id,
        recordType: 'factory',
        after: factory,
      });
    },
  );

  it('stores a lower-case code upper-cased, and an empty location as null', async () => {
    const code = uniqueCode();
    const res = await postFactory({
      name: 'Plant',
      code: `  ${code.toLowerCase()} `,
      kind: 'plant',
      location: '',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ code, kind: 'plant', location: null });
    expect(await countCode(code)).toBe(1);
  });

  it.each(NOT_FACTORY_MANAGERS.map((g) => [g]))(
    '%s (no factory-management) gets 403 FORBIDDEN and nothing is created',
    async (group: Group) => {
      const { cookie } = await ctx.signedInAs([group]);
      const code = uniqueCode();
      const res = await postFactory({ name: 'Nope', code, kind: 'assembly' }, cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json<ErrorBody>().error.code).toBe('FORBIDDEN');
      expect(await countCode(code)).toBe(0);
    },
  );

  it('401 when signed out, and nothing is created', async () => {
    const code = uniqueCode();
    const res = await postFactory({ name: 'Nope', code, kind: 'assembly' }, null);
    expect(res.statusCode).toBe(401);
    expect(await countCode(code)).toBe(0);
  });

  it.each([
    ['a code with a symbol', { code: 'AB-1' }, 'code'],
    ['a one-letter code', { code: 'A' }, 'code'],
    ['an 11-character code', { code: 'ABCDEFGHIJK' }, 'code'],
    ['an unknown kind', { kind: 'warehouse' }, 'kind'],
    ['an empty name', { name: '  ' }, 'name'],
    ['no name', { name: undefined }, 'name'],
  ] as [string, Record<string, unknown>, string][])(
    '400 for %s with fieldErrors.%s, and nothing is created',
    async (_label, overrides, field) => {
      const before = await countRows(ctx.handle.db, factories);
      const res = await postFactory({
        name: 'Factory',
        code: uniqueCode(),
        kind: 'both',
        ...overrides,
      });
      expect(res.statusCode).toBe(400);
      const error = res.json<ErrorBody>().error;
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.details?.fieldErrors?.[field]?.[0]).toMatch(/\S/);
      expect(await countRows(ctx.handle.db, factories)).toBe(before);
    },
  );

  it('409 for a code already in use, also when sent in lower case', async () => {
    const code = uniqueCode();
    expect((await postFactory({ name: 'First', code, kind: 'plant' })).statusCode).toBe(201);

    for (const again of [code, code.toLowerCase()]) {
      const res = await postFactory({
        name: 'Second',
        code: again,
        kind: 'assembly',
      });
      expect(res.statusCode).toBe(409);
      const error = res.json<ErrorBody>().error;
      expect(error.code).toBe('CONFLICT');
      expect(error.details?.fieldErrors?.code?.[0]).toContain(code);
    }
    expect(await countCode(code)).toBe(1);
    const [row] = await ctx.handle.db.select().from(factories).where(eq(factories.code, code));
    expect(row?.name).toBe('First');
  });
});

// ---------------------------------------------------------------------------
// List, export, options
// ---------------------------------------------------------------------------

const get = (url: string, cookie: string | null = adminCookie) =>
  ctx.request({ method: 'GET', url, ...(cookie ? { cookie } : {}) });
const listFactories = async (query: Record<string, string>, cookie: string = adminCookie) => {
  const res = await get(`/api/factories?${new URLSearchParams(query).toString()}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListResponse<Factory>>();
};
/** A token of upper-case letters only, so text order is the same under every collation. */
const letters = (n: number) => Array.from(randomBytes(n), (b) => String.fromCharCode(65 + (b % 26))).join('');

type SortKey = 'name' | 'code' | 'kind' | 'createdAt';
function expectedOrder(rows: Factory[], sort: SortKey, dir: 'asc' | 'desc'): string[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows]
    .sort((a, b) => {
      const ka = a[sort];
      const kb = b[sort];
      if (ka !== kb) return (ka < kb ? -1 : 1) * sign;
      return (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) * sign;
    })
    .map((r) => r.id);
}

describe('GET /api/factories', () => {
  const token = letters(8);
  let made: Factory[] = [];
  beforeAll(async () => {
    // Names (upper-case letters) in an order unlike creation order; kinds with ties.
    const specs: [string, 'plant' | 'assembly' | 'both'][] = [
      ['D', 'plant'],
      ['B', 'assembly'],
      ['E', 'both'],
      ['A', 'plant'],
      ['C', 'assembly'],
    ];
    made = [];
    for (const [suffix, kind] of specs) {
      const res = await postFactory({ name: `LIST${token}${suffix}`, code: uniqueCode(), kind, location: 'Mombasa' });
      expect(res.statusCode).toBe(201);
      made.push(res.json<Factory>());
    }
    const off = made[4];
    if (!off) throw new Error('no factory');
    const res = await ctx.request({ method: 'POST', url: `/api/factories/${off.id}/deactivate`, cookie: adminCookie });
    expect(res.statusCode).toBe(200);
    made[4] = res.json<Factory>();
  });

  it('searches name and code (case-insensitive), and totals the matches', async () => {
    const page = await listFactories({ q: token.toLowerCase() });
    expect(page.items.map((f) => f.name)).toEqual(['A', 'B', 'C', 'D', 'E'].map((s) => `LIST${token}${s}`));
    expect(page).toMatchObject({ total: 5, totalCapped: false, nextCursor: null });

    const one = made[2];
    if (!one) throw new Error('no factory');
    const byCode = await listFactories({ q: one.code.toLowerCase() });
    expect(byCode.items.map((f) => f.id)).toEqual([one.id]);
    expect(byCode.total).toBe(1);

    const none = await listFactories({ q: `${token}ZZZZ` });
    expect(none).toEqual({ items: [], nextCursor: null, total: 0, totalCapped: false });
  });

  it('treats % and _ in the search literally', async () => {
    expect((await listFactories({ q: `${token}%` })).total).toBe(0);
    expect((await listFactories({ q: `LIST_${token.slice(1)}` })).total).toBe(0);
  });

  it('filters by kind and by active, alone and together', async () => {
    const plants = await listFactories({ q: token, kind: 'plant' });
    expect(plants.items.map((f) => f.name)).toEqual([`LIST${token}A`, `LIST${token}D`]);
    expect(plants.total).toBe(2);

    const inactive = await listFactories({ q: token, active: 'false' });
    expect(inactive.items.map((f) => f.name)).toEqual([`LIST${token}C`]);

    const activeAssembly = await listFactories({ q: token, kind: 'assembly', active: 'true' });
    expect(activeAssembly.items.map((f) => f.name)).toEqual([`LIST${token}B`]);
    expect(activeAssembly.total).toBe(1);
  });

  it.each(
    (['name', 'code', 'kind', 'createdAt'] as const).flatMap((sort) =>
      (['asc', 'desc'] as const).map((dir) => [sort, dir] as const),
    ),
  )('sort=%s dir=%s: keyset pages of 2 walk every row once, in order', async (sort, dir) => {
    const walk = await walkList<Factory>(ctx, '/api/factories', { q: token, sort, dir }, adminCookie, 2);
    expect(walk.pages).toBe(3);
    expect(walk.totals).toEqual([5, 5, 5]);
    expect(walk.items.map((f) => f.id)).toEqual(expectedOrder(made, sort, dir));
  });

  it('the last page has nextCursor null; a full page at the end does not produce an empty extra page', async () => {
    const first = await listFactories({ q: token, limit: '5' });
    expect(first.items).toHaveLength(5);
    expect(first.nextCursor).toBeNull();
    const four = await listFactories({ q: token, limit: '4' });
    expect(four.nextCursor).not.toBeNull();
    const rest = await listFactories({ q: token, limit: '4', cursor: four.nextCursor ?? '' });
    expect(rest.items).toHaveLength(1);
    expect(rest.nextCursor).toBeNull();
  });

  it.each([
    ['limit=201', { limit: '201' }, 'limit'],
    ['limit=0', { limit: '0' }, 'limit'],
    ['limit=abc', { limit: 'abc' }, 'limit'],
    ['an unknown sort', { sort: 'location' }, 'sort'],
    ['an unknown dir', { dir: 'up' }, 'dir'],
    ['an unknown kind', { kind: 'warehouse' }, 'kind'],
    ['active=yes', { active: 'yes' }, 'active'],
  ] as [string, Record<string, string>, string][])('400 for %s (fieldErrors.%s)', async (_label, query, field) => {
    const res = await get(`/api/factories?${new URLSearchParams(query).toString()}`);
    expect(res.statusCode).toBe(400);
    const error = res.json<ErrorBody>().error;
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.details?.fieldErrors?.[field]?.[0]).toMatch(/\S/);
  });

  it('limit=200 is allowed', async () => {
    expect((await listFactories({ limit: '200' })).items.length).toBeGreaterThan(0);
  });

  it.each([
    ['not base64 JSON', 'not-a-cursor'],
    ['a JSON object', Buffer.from('{"v":1}').toString('base64url')],
    ['an array with a numeric id', Buffer.from('["x",1]').toString('base64url')],
    ['an id that is not a uuid', Buffer.from('["x","1; drop table factories"]').toString('base64url')],
  ])('400 for a bad cursor (%s)', async (_label, cursor) => {
    const res = await get(`/api/factories?cursor=${cursor}`);
    expect(res.statusCode).toBe(400);
    const error = res.json<ErrorBody>().error;
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.details?.fieldErrors?.cursor?.[0]).toMatch(/\S/);
  });

  it('a createdAt cursor is read from its row, whatever value it carries', async () => {
    const first = await listFactories({ q: token, sort: 'createdAt', limit: '2' });
    const [, second] = first.items;
    if (!second) throw new Error('no row');
    const forged = Buffer.from(JSON.stringify(['not a date', second.id])).toString('base64url');
    const next = await listFactories({ q: token, sort: 'createdAt', limit: '2', cursor: forged });
    expect(next.items.map((f) => f.id)).toEqual(expectedOrder(made, 'createdAt', 'asc').slice(2, 4));
  });

  it('401 when signed out', async () => {
    expect((await get('/api/factories', null)).statusCode).toBe(401);
  });
});

describe('GET /api/factories/export.csv', () => {
  const token = letters(8);
  let made: Factory[] = [];
  beforeAll(async () => {
    made = [];
    for (const [suffix, kind, location] of [
      ['B', 'plant', 'Kisumu, "West"'],
      ['A', 'assembly', '=cmd'],
      ['C', 'plant', null],
    ] as const) {
      const res = await postFactory({
        name: `EXP${token}${suffix}`,
        code: uniqueCode(),
        kind,
        ...(location ? { location } : {}),
      });
      expect(res.statusCode).toBe(201);
      made.push(res.json<Factory>());
    }
  });

  it('streams the filtered, sorted list as CSV with download headers', async () => {
    const res = await get(`/api/factories/export.csv?q=${token}&sort=name&dir=desc`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="factories.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.startsWith('\uFEFFCode,Name,Kind,Location,Time zone,Active,Created\r\n')).toBe(true);

    const records = parseCsv(res.body).map((r) => r.fields);
    expect(records[0]).toEqual(['Code', 'Name', 'Kind', 'Location', 'Time zone', 'Active', 'Created']);
    const [b, a, c] = made;
    if (!a || !b || !c) throw new Error('no factories');
    expect(records.slice(1)).toEqual([
      [c.code, c.name, 'plant', '', 'Company default', 'yes', c.createdAt],
      [b.code, b.name, 'plant', 'Kisumu, "West"', 'Company default', 'yes', b.createdAt],
      [a.code, a.name, 'assembly', "'=cmd", 'Company default', 'yes', a.createdAt],
    ]);
  });

  it('applies the filters: kind', async () => {
    const res = await get(`/api/factories/export.csv?q=${token}&kind=plant`);
    const names = parseCsv(res.body)
      .slice(1)
      .map((r) => r.fields[1]);
    expect(names).toEqual([`EXP${token}B`, `EXP${token}C`]);
  });

  it('an empty result is just the header line', async () => {
    const res = await get(`/api/factories/export.csv?q=${token}ZZZ`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('\uFEFFCode,Name,Kind,Location,Time zone,Active,Created\r\n');
  });

  it('400 for a bad filter', async () => {
    expect((await get('/api/factories/export.csv?kind=warehouse')).statusCode).toBe(400);
  });
});

describe('GET /api/factories/options', () => {
  it.each(GROUPS.map((g) => [g]))('%s (any signed-in user) gets every factory, active or not', async (group) => {
    const { cookie } = await ctx.signedInAs([group]);
    const res = await get('/api/factories/options', cookie);
    expect(res.statusCode).toBe(200);
    const { items } = res.json<{
      items: { id: string; name: string; code: string; kind: string; active: boolean }[];
    }>();
    expect(items.length).toBe(await countRows(ctx.handle.db, factories));
    expect(Object.keys(items[0] ?? {}).sort()).toEqual(['active', 'code', 'id', 'kind', 'name', 'timeZone']);
    expect(items.some((i) => !i.active)).toBe(true); // the one deactivated in the list tests
  });

  it('401 when signed out', async () => {
    expect((await get('/api/factories/options', null)).statusCode).toBe(401);
  });
});

// ---------------------------------------------------------------------------
// Change, deactivate, reactivate
// ---------------------------------------------------------------------------

const patchFactory = (id: string, payload: unknown, cookie: string = adminCookie) =>
  ctx.request({ method: 'PATCH', url: `/api/factories/${id}`, payload: payload as Record<string, unknown>, cookie });
const newFactory = async () => {
  const res = await postFactory({ name: 'To change', code: uniqueCode(), kind: 'plant', location: 'Eldoret' });
  expect(res.statusCode).toBe(201);
  return res.json<Factory>();
};
const rowOf = async (id: string) => {
  const [row] = await ctx.handle.db.select().from(factories).where(eq(factories.id, id));
  return row;
};

describe('PATCH /api/factories/:id', () => {
  it('changes the given fields only, upper-cases the code, audits before and after', async () => {
    const { cookie, id: actorId } = await ctx.signedInAs(['Senior Production Manager']);
    const before = await newFactory();
    const code = uniqueCode();
    const res = await patchFactory(before.id, { name: ' Renamed ', code: code.toLowerCase(), kind: 'both' }, cookie);
    expect(res.statusCode).toBe(200);
    const after = res.json<Factory>();
    expect(after).toEqual({
      ...before,
      name: 'Renamed',
      code,
      kind: 'both',
      updatedAt: expect.any(String) as string,
    });
    expect(after.updatedAt >= before.updatedAt).toBe(true);
    expect(await rowOf(before.id)).toMatchObject({
      name: 'Renamed',
      code,
      kind: 'both',
      location: 'Eldoret',
      updatedBy: actorId,
    });

    const audit = await auditRows(ctx.handle.db, 'update', before.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId, recordType: 'factory', before, after });
  });

  it('clears the location with null or an empty string', async () => {
    const f = await newFactory();
    expect((await patchFactory(f.id, { location: null })).json()).toMatchObject({ location: null });
    const g = await newFactory();
    expect((await patchFactory(g.id, { location: '' })).json()).toMatchObject({ location: null });
  });

  it('keeping its own code is not a conflict', async () => {
    const f = await newFactory();
    const res = await patchFactory(f.id, { code: f.code, name: 'Same code' });
    expect(res.statusCode).toBe(200);
  });

  it('409 for a code another factory uses, and nothing changes', async () => {
    const a = await newFactory();
    const b = await newFactory();
    const res = await patchFactory(b.id, { code: a.code.toLowerCase(), name: 'Clash' });
    expect(res.statusCode).toBe(409);
    const error = res.json<ErrorBody>().error;
    expect(error.code).toBe('CONFLICT');
    expect(error.details?.fieldErrors?.code?.[0]).toContain(a.code);
    expect(await rowOf(b.id)).toMatchObject({ code: b.code, name: b.name });
    expect(await auditRows(ctx.handle.db, 'update', b.id)).toHaveLength(0);
  });

  it('404 for an unknown id', async () => {
    const res = await patchFactory('00000000-0000-4000-8000-000000000000', { name: 'Ghost' });
    expect(res.statusCode).toBe(404);
    expect(res.json<ErrorBody>().error.code).toBe('NOT_FOUND');
  });

  it('400 for an id that is not a uuid', async () => {
    const res = await patchFactory('nope', { name: 'Ghost' });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.details?.fieldErrors?.id?.[0]).toBe('Not a factory id');
  });

  it.each([
    ['an empty body', {}, '_'],
    ['an empty name', { name: ' ' }, 'name'],
    ['a bad code', { code: 'A-1' }, 'code'],
    ['an unknown kind', { kind: 'depot' }, 'kind'],
  ] as [string, Record<string, unknown>, string][])(
    '400 for %s, and nothing changes',
    async (_label, payload, field) => {
      const f = await newFactory();
      const res = await patchFactory(f.id, payload);
      expect(res.statusCode).toBe(400);
      const error = res.json<ErrorBody>().error;
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.details?.fieldErrors?.[field]?.[0]).toMatch(/\S/);
      expect(await rowOf(f.id)).toMatchObject({ name: f.name, code: f.code, kind: f.kind });
    },
  );
});

describe('POST /api/factories/:id/deactivate and /reactivate', () => {
  const act = (id: string, action: 'deactivate' | 'reactivate', cookie: string = adminCookie) =>
    ctx.request({ method: 'POST', url: `/api/factories/${id}/${action}`, cookie });

  it('deactivates, then reactivates, auditing each with before and after', async () => {
    const f = await newFactory();
    const off = await act(f.id, 'deactivate');
    expect(off.statusCode).toBe(200);
    const deactivated = off.json<Factory>();
    expect(deactivated).toMatchObject({ id: f.id, active: false });
    expect((await rowOf(f.id))?.active).toBe(false);
    const [audit] = await auditRows(ctx.handle.db, 'deactivate', f.id);
    expect(audit).toMatchObject({ recordType: 'factory', before: f, after: deactivated });

    const on = await act(f.id, 'reactivate');
    expect(on.statusCode).toBe(200);
    const reactivated = on.json<Factory>();
    expect(reactivated.active).toBe(true);
    const [audit2] = await auditRows(ctx.handle.db, 'reactivate', f.id);
    expect(audit2).toMatchObject({ before: deactivated, after: reactivated });
  });

  it('409 when already in that state, and no audit row', async () => {
    const f = await newFactory();
    const again = await act(f.id, 'reactivate');
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().error).toMatchObject({
      code: 'CONFLICT',
      message: 'This factory is already active.',
    });
    expect(await auditRows(ctx.handle.db, 'reactivate', f.id)).toHaveLength(0);

    expect((await act(f.id, 'deactivate')).statusCode).toBe(200);
    const twice = await act(f.id, 'deactivate');
    expect(twice.statusCode).toBe(409);
    expect(twice.json<ErrorBody>().error.message).toBe('This factory is already deactivated.');
    expect(await auditRows(ctx.handle.db, 'deactivate', f.id)).toHaveLength(1);
  });

  it('404 for an unknown id', async () => {
    const res = await act('00000000-0000-4000-8000-000000000000', 'deactivate');
    expect(res.statusCode).toBe(404);
  });
});

// ---------------------------------------------------------------------------
// Authorization: every factory-management endpoint refuses every other group
// ---------------------------------------------------------------------------

describe('403 for every group lacking factory-management', () => {
  let target: Factory;
  beforeAll(async () => {
    target = await newFactory();
  });
  const endpoints = (id: string): [string, InjectOptionsLite][] => [
    ['GET list', { method: 'GET', url: '/api/factories' }],
    ['GET export.csv', { method: 'GET', url: '/api/factories/export.csv' }],
    [
      'POST create',
      { method: 'POST', url: '/api/factories', payload: { name: 'X', code: uniqueCode(), kind: 'plant' } },
    ],
    ['PATCH', { method: 'PATCH', url: `/api/factories/${id}`, payload: { name: 'Hacked' } }],
    ['POST deactivate', { method: 'POST', url: `/api/factories/${id}/deactivate` }],
    ['POST reactivate', { method: 'POST', url: `/api/factories/${id}/reactivate` }],
  ];

  it.each(NOT_FACTORY_MANAGERS.map((g) => [g]))(
    '%s: 403 FORBIDDEN on each endpoint, nothing changes',
    async (group) => {
      const { cookie } = await ctx.signedInAs([group]);
      const before = await countRows(ctx.handle.db, factories);
      for (const [label, options] of endpoints(target.id)) {
        const res = await ctx.request({ ...options, cookie });
        expect(res.statusCode, `${group} ${label}`).toBe(403);
        expect(res.json<ErrorBody>().error.code).toBe('FORBIDDEN');
      }
      expect(await countRows(ctx.handle.db, factories)).toBe(before);
      expect(await rowOf(target.id)).toMatchObject({ name: target.name, active: true });
    },
  );
});

interface InjectOptionsLite {
  method: 'GET' | 'POST' | 'PATCH';
  url: string;
  payload?: Record<string, unknown>;
}

// Last: it makes the table large.
describe('a capped total', () => {
  it('counts up to 10,000 and says the total is capped; paging still works', async () => {
    const prefix = letters(6);
    await ctx.handle.db.execute(
      sql`insert into factories (name, code, kind) select ${`CAP${prefix}`} || g, ${`C${prefix.slice(0, 3)}`} || g, 'plant' from generate_series(1, 10001) g`,
    );
    const page = await listFactories({ q: `CAP${prefix}`, limit: '200' });
    expect(page).toMatchObject({ total: 10_000, totalCapped: true });
    expect(page.items).toHaveLength(200);
    const next = await listFactories({ q: `CAP${prefix}`, limit: '200', cursor: page.nextCursor ?? '' });
    expect(next.items).toHaveLength(200);
    expect(new Set([...page.items, ...next.items].map((f) => f.id)).size).toBe(400);
    // …1000, …10000 and …10001
    expect(await listFactories({ q: `CAP${prefix}1000`, limit: '200' })).toMatchObject({
      total: 3,
      totalCapped: false,
    });
  });
});
