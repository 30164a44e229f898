/**
 * Stove ID batches and imports (DOMAIN.md §4 "Stove IDs"): generation computes the same codes as
 * src/common/stove-codes.ts (in SQL), a code exists once ever (a unique index, and overlapping
 * batches refused with the codes listed), every batch and import is all or nothing, writes one
 * 'created' event per ID and one audit row; progress streams as NDJSON; factory scope holds.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '../../../common/contracts/list';
import type { ImportPreview, NextBatchNumber, StoveBatch } from '../../../common/contracts/stove-ids';
import { STOVE_WIDTH_MAX, STOVE_WIDTH_MIN, stoveCode } from '../../../common/stove-codes';
import type { Group } from '../../../common/permissions';
import { queryRows } from '../../db/client';
import { stoveIdBatches, stoveIdEvents, stoveIds } from '../../db/schema/stove-ids';
import { auditRows, countRows } from '../../test/db-assert';
import { walkList } from '../../test/list-walk';
import { makeStoveIds } from '../../test/stove-ids';
import { createTestContext, type TestContext } from '../../test/test-app';
import { stoveCodesFromSql } from './stove-id-batches.repository';
import { writeBatch } from './stove-id-batches.service';

let ctx: TestContext;
let admin: { cookie: string; id: string };
let factoryA: { id: string; code: string };
let factoryB: { id: string; code: string };
let managerA: { cookie: string; id: string };

beforeAll(async () => {
  ctx = await createTestContext();
  factoryA = await ctx.makeFactory();
  factoryB = await ctx.makeFactory();
  admin = await ctx.signedInAs(['Admin']);
  managerA = await ctx.signedInAs(['Factory Manager'], { factoryId: factoryA.id });
});
afterAll(async () => {
  await ctx.close();
});

interface ErrorBody {
  error: {
    code: string;
    message: string;
    details?: { fieldErrors?: Record<string, string[]>; problems?: { code: string; reason: string }[] };
  };
}

const NOT_ALLOWED: Group[] = ['Stove Coupler', 'Sales Officer'];
const letters = (n: number) => Array.from(randomBytes(n), (b) => String.fromCharCode(65 + (b % 26))).join('');
const prefix = () => `G${letters(5)}`;

const get = (url: string, cookie = admin.cookie) => ctx.request({ method: 'GET', url, cookie });
const post = (url: string, payload: unknown, cookie = admin.cookie, headers: Record<string, string> = {}) =>
  ctx.request({ method: 'POST', url, payload: payload as Record<string, unknown>, cookie, headers });

const codesWithPrefix = async (p: string) =>
  (
    await ctx.handle.db
      .select({ code: stoveIds.code })
      .from(stoveIds)
      .where(like(stoveIds.code, `${p}%`))
      .orderBy(stoveIds.code)
  ).map((r) => r.code);
const batchCount = () => countRows(ctx.handle.db, stoveIdBatches);
const idCount = () => countRows(ctx.handle.db, stoveIds);
const eventTotal = () => countRows(ctx.handle.db, stoveIdEvents);
/** Everything a refused request must leave as it was. */
const snapshot = async () => ({ batches: await batchCount(), ids: await idCount(), events: await eventTotal() });

const generate = async (body: Record<string, unknown>, cookie = admin.cookie) => {
  const res = await post(
    '/api/stove-id-batches',
    { factoryId: factoryA.id, width: 7, firstNumber: 1, ...body },
    cookie,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<StoveBatch>();
};

// ---------------------------------------------------------------------------------------------

describe('the check digit in SQL', () => {
  it('agrees with stoveCode() of src/common/stove-codes.ts for every width and many numbers', async () => {
    for (let width = STOVE_WIDTH_MIN; width <= STOVE_WIDTH_MAX; width++) {
      const max = 10 ** width - 1;
      const numbers = [
        0,
        1,
        9,
        10,
        max,
        max - 1,
        ...Array.from({ length: 3000 }, () => Math.floor(Math.random() * max)),
      ];
      const fromSql = await stoveCodesFromSql(ctx.handle.db, 'STV', numbers, width);
      expect(fromSql, `width ${width}`).toEqual(numbers.map((n) => stoveCode('STV', n, width)));
    }
  });

  it('agrees for the first 20,000 numbers at width 5', async () => {
    const numbers = Array.from({ length: 20_000 }, (_, n) => n);
    expect(await stoveCodesFromSql(ctx.handle.db, 'A-', numbers, 5)).toEqual(numbers.map((n) => stoveCode('A-', n, 5)));
  });
});

describe('a code exists once, ever (database)', () => {
  it('the unique index refuses a second row with the same code', async () => {
    const made = await makeStoveIds(ctx.handle.db, { factoryId: factoryA.id, count: 1 });
    await expect(
      ctx.handle.db.execute(
        sql`insert into stove_ids (code, batch_id, factory_id) values (${made.codes[0]}, ${made.batchId}, ${factoryB.id})`,
      ),
    ).rejects.toMatchObject({ cause: { code: '23505', constraint: 'stove_ids_code_key' } });
  });
});

// ---------------------------------------------------------------------------------------------

describe('POST /api/stove-id-batches', () => {
  it('generates every code of the range at the factory, one created event each, one audit row', async () => {
    const p = prefix();
    const batch = await generate({
      prefix: ` ${p.toLowerCase()} `,
      firstNumber: 998,
      count: 5,
      width: 4,
      note: 'For MSA',
    });
    const expected = [998, 999, 1000, 1001, 1002].map((n) => stoveCode(p, n, 4));
    expect(batch).toEqual({
      id: expect.any(String) as string,
      number: expect.any(Number) as number,
      kind: 'generated',
      factory: { id: factoryA.id, name: `Factory ${factoryA.code}`, code: factoryA.code },
      prefix: p,
      firstNumber: 998,
      width: 4,
      count: 5,
      firstCode: expected[0],
      lastCode: expected[4],
      note: 'For MSA',
      createdAt: expect.any(String) as string,
      createdBy: { id: admin.id, name: 'Test Admin', email: expect.any(String) as string },
    });
    expect(await codesWithPrefix(p)).toEqual(expected);
    const rows = await ctx.handle.db.select().from(stoveIds).where(eq(stoveIds.batchId, batch.id));
    expect(rows.every((r) => r.status === 'in_stock' && r.factoryId === factoryA.id && r.createdBy === admin.id)).toBe(
      true,
    );
    const events = await queryRows<{ kind: string; n: number }>(
      ctx.handle.db,
      sql`select e.kind, count(*)::int as n from stove_id_events e join stove_ids s on s.id = e.stove_id_id
           where s.batch_id = ${batch.id} and e.document_type = 'batch' and e.document_id = ${batch.id}
             and e.to_status = 'in_stock' and e.from_status is null and e.actor_id = ${admin.id}
           group by e.kind`,
    );
    expect(events).toEqual([{ kind: 'created', n: 5 }]);
    const audit = await auditRows(ctx.handle.db, 'create', batch.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ recordType: 'stove_id_batch', actorId: admin.id, after: batch });
  });

  it('a factory-scoped user generates at their own factory only (403 elsewhere, nothing written)', async () => {
    const p = prefix();
    const mine = await generate({ prefix: p, count: 2 }, managerA.cookie);
    expect(mine.factory.id).toBe(factoryA.id);
    const before = await snapshot();
    const res = await post(
      '/api/stove-id-batches',
      { factoryId: factoryB.id, prefix: prefix(), firstNumber: 1, count: 2, width: 7 },
      managerA.cookie,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorBody>().error.message).toMatch(/your own factory/);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an overlapping batch with the existing codes listed; nothing is written', async () => {
    const p = prefix();
    await generate({ prefix: p, firstNumber: 10, count: 5 });
    const before = await snapshot();
    const res = await post('/api/stove-id-batches', {
      factoryId: factoryB.id,
      prefix: p,
      firstNumber: 1,
      count: 12,
      width: 7,
    });
    expect(res.statusCode).toBe(409);
    const body = res.json<ErrorBody>();
    expect(body.error).toMatchObject({
      code: 'CONFLICT',
      message: '3 of the 12 codes already exist; nothing was created.',
    });
    expect(body.error.details?.problems).toEqual(
      [10, 11, 12].map((n) => ({ code: stoveCode(p, n, 7), reason: 'Already exists' })),
    );
    expect(await snapshot()).toEqual(before);
  });

  it('lists at most 100 existing codes and counts them all', async () => {
    const p = prefix();
    await generate({ prefix: p, firstNumber: 1, count: 250 });
    const res = await post('/api/stove-id-batches', {
      factoryId: factoryA.id,
      prefix: p,
      firstNumber: 101,
      count: 300,
      width: 7,
    });
    expect(res.statusCode).toBe(409);
    const body = res.json<ErrorBody>();
    expect(body.error.message).toBe(
      '150 of the 300 codes already exist (the first 100 are listed); nothing was created.',
    );
    expect(body.error.details?.problems).toHaveLength(100);
    expect(body.error.details?.problems?.[0]).toEqual({ code: stoveCode(p, 101, 7), reason: 'Already exists' });
  });

  it('an imported code equal to a generated one counts; other codes of the same shape do not', async () => {
    const p = prefix();
    const taken = stoveCode(p, 5, 7);
    const wrongCheckDigit = `${stoveCode(p, 6, 7).slice(0, -1)}${(Number(stoveCode(p, 6, 7).slice(-1)) + 1) % 10}`;
    const res = await post('/api/stove-id-imports', {
      factoryId: factoryA.id,
      codes: [taken, wrongCheckDigit, `${p}12`],
    });
    expect(res.statusCode, res.body).toBe(201);
    const refused = await post('/api/stove-id-batches', {
      factoryId: factoryA.id,
      prefix: p,
      firstNumber: 1,
      count: 9,
      width: 7,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorBody>().error.details?.problems).toEqual([{ code: taken, reason: 'Already exists' }]);
  });

  it('a conflict found while writing (a concurrent batch) rolls the whole batch back', async () => {
    const p = prefix();
    await generate({ prefix: p, firstNumber: 25_000, count: 1 });
    const before = await snapshot();
    const actor = {
      userId: admin.id,
      email: 'a@example.com',
      sessionId: 's',
      name: null,
      groups: ['Admin' as const],
      permissions: new Set<never>(),
      factory: null,
      isGlobal: true,
      timeZone: 'UTC',
      companyTimeZone: 'UTC',
    };
    const plan = {
      factoryId: factoryA.id,
      range: { prefix: p, width: 7, firstNumber: 1, lastNumber: 30_000 },
      count: 30_000,
      firstCode: stoveCode(p, 1, 7),
      lastCode: stoveCode(p, 30_000, 7),
      note: null,
    };
    const progress: number[] = [];
    await expect(writeBatch(ctx.handle.db, actor, plan, (x) => progress.push(x))).rejects.toMatchObject({
      statusCode: 409,
      details: { problems: [{ code: stoveCode(p, 25_000, 7), reason: 'Already exists' }] },
    });
    expect(progress).toEqual([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8].map((x) => expect.closeTo(x, 5) as number));
    expect(await snapshot()).toEqual(before);
  });

  it('streams progress as NDJSON and ends with the batch', async () => {
    const p = prefix();
    const res = await post(
      '/api/stove-id-batches',
      { factoryId: factoryA.id, prefix: p, firstNumber: 1, count: 20_000, width: 6 },
      admin.cookie,
      { accept: 'application/x-ndjson' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const lines = res.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { progress?: number; batch?: StoveBatch });
    expect(lines.slice(0, -1).map((l) => l.progress)).toEqual(
      [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1].map((x) => expect.closeTo(x, 5) as number),
    );
    expect(lines.at(-1)?.batch).toMatchObject({
      count: 20_000,
      firstCode: stoveCode(p, 1, 6),
      lastCode: stoveCode(p, 20_000, 6),
    });
    expect(await countRows(ctx.handle.db, stoveIds, like(stoveIds.code, `${p}%`))).toBe(20_000);
  });

  it('with NDJSON, bad input and existing codes are still plain JSON errors', async () => {
    const p = prefix();
    await generate({ prefix: p, count: 1 });
    const ndjson = { accept: 'application/x-ndjson' };
    const bad = await post(
      '/api/stove-id-batches',
      { factoryId: factoryA.id, prefix: p, firstNumber: 1, count: 0, width: 7 },
      admin.cookie,
      ndjson,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorBody>().error.details?.fieldErrors).toHaveProperty('count');
    const taken = await post(
      '/api/stove-id-batches',
      { factoryId: factoryA.id, prefix: p, firstNumber: 1, count: 2, width: 7 },
      admin.cookie,
      ndjson,
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json<ErrorBody>().error.details?.problems).toHaveLength(1);
  });

  it.each([
    ['a count of 0', { count: 0 }, 'count'],
    ['a count over 100,000', { count: 100_001 }, 'count'],
    ['a fractional count', { count: 1.5 }, 'count'],
    ['a negative first number', { firstNumber: -1 }, 'firstNumber'],
    ['a width of 2', { width: 2 }, 'width'],
    ['a width of 13', { width: 13 }, 'width'],
    ['a prefix starting with a digit', { prefix: '1AB' }, 'prefix'],
    ['a prefix with a space', { prefix: 'A B' }, 'prefix'],
    ['a last number that does not fit', { firstNumber: 998, count: 3, width: 3 }, 'count'],
    ['no factory', { factoryId: undefined }, 'factoryId'],
  ])('400 for %s, nothing written', async (_label, overrides, field) => {
    const before = await snapshot();
    const res = await post('/api/stove-id-batches', {
      factoryId: factoryA.id,
      prefix: prefix(),
      firstNumber: 1,
      count: 3,
      width: 7,
      ...overrides,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json<ErrorBody>().error.details?.fieldErrors ?? {})).toContain(field);
    expect(await snapshot()).toEqual(before);
  });

  it('400 for an unknown or deactivated factory, nothing written', async () => {
    const before = await snapshot();
    const unknown = await post('/api/stove-id-batches', {
      factoryId: '8a6e0804-2bd0-4672-b79d-d97027f9071e',
      prefix: prefix(),
      firstNumber: 1,
      count: 3,
      width: 7,
    });
    expect(unknown.statusCode).toBe(400);
    const closed = await ctx.makeFactory({ active: false });
    const res = await post('/api/stove-id-batches', {
      factoryId: closed.id,
      prefix: prefix(),
      firstNumber: 1,
      count: 3,
      width: 7,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.message).toMatch(/deactivated/);
    expect(await snapshot()).toEqual(before);
  });

  it.each(NOT_ALLOWED)('403 for %s, nothing written', async (group) => {
    const { cookie } = await ctx.signedInAs([group], { factoryId: factoryA.id });
    const before = await snapshot();
    const res = await post(
      '/api/stove-id-batches',
      { factoryId: factoryA.id, prefix: prefix(), firstNumber: 1, count: 3, width: 7 },
      cookie,
    );
    expect(res.statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------

describe('GET /api/stove-id-batches and /:id', () => {
  it('lists batches newest first, filtered by factory and kind, scoped for a factory-scoped user', async () => {
    const own = await ctx.makeFactory();
    const other = await ctx.makeFactory();
    const g1 = await generate({ factoryId: own.id, prefix: prefix(), count: 2 });
    const imported = await post('/api/stove-id-imports', { factoryId: own.id, codes: [`IMP-${letters(6)}`] });
    expect(imported.statusCode).toBe(201);
    const i1 = imported.json<StoveBatch>();
    const g2 = await generate({ factoryId: own.id, prefix: prefix(), count: 1 });
    const elsewhere = await generate({ factoryId: other.id, prefix: prefix(), count: 1 });

    const all = await walkList<StoveBatch>(ctx, '/api/stove-id-batches', { factoryId: own.id }, admin.cookie, 2);
    expect(all.items.map((b) => b.id)).toEqual([g2.id, i1.id, g1.id]);
    expect(all.items[1]).toMatchObject({ kind: 'imported', prefix: null, firstNumber: null, width: null, count: 1 });
    const generated = await walkList<StoveBatch>(
      ctx,
      '/api/stove-id-batches',
      { factoryId: own.id, kind: 'generated', sort: 'number', dir: 'asc' },
      admin.cookie,
      1,
    );
    expect(generated.items.map((b) => b.id)).toEqual([g1.id, g2.id]);

    const byNumber = await get(`/api/stove-id-batches?q=B-${String(g2.number).padStart(6, '0')}`);
    expect(byNumber.json<ListResponse<StoveBatch>>().items.map((b) => b.id)).toEqual([g2.id]);
    const byCode = await get(`/api/stove-id-batches?q=${g1.firstCode.slice(0, 5).toLowerCase()}`);
    expect(byCode.json<ListResponse<StoveBatch>>().items.map((b) => b.id)).toContain(g1.id);

    const manager = await ctx.signedInAs(['Production Supervisor'], { factoryId: own.id });
    const scoped = await walkList<StoveBatch>(
      ctx,
      '/api/stove-id-batches',
      { factoryId: other.id },
      manager.cookie,
      10,
    );
    expect(scoped.items.map((b) => b.id)).toEqual([g2.id, i1.id, g1.id]);

    expect((await get(`/api/stove-id-batches/${g1.id}`, manager.cookie)).json<StoveBatch>()).toEqual(g1);
    const hidden = await get(`/api/stove-id-batches/${elsewhere.id}`, manager.cookie);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json<ErrorBody>().error.message).toBe('No stove ID batch with this id.');
    expect((await get('/api/stove-id-batches/8a6e0804-2bd0-4672-b79d-d97027f9071e')).statusCode).toBe(404);
    expect((await get('/api/stove-id-batches/nope')).statusCode).toBe(400);
    expect((await get('/api/stove-id-batches?kind=other')).statusCode).toBe(400);
  });

  it.each(NOT_ALLOWED)('403 for %s', async (group) => {
    const { cookie } = await ctx.signedInAs([group], { factoryId: factoryA.id });
    const batch = await generate({ prefix: prefix(), count: 1 });
    expect((await get('/api/stove-id-batches', cookie)).statusCode).toBe(403);
    expect((await get(`/api/stove-id-batches/${batch.id}`, cookie)).statusCode).toBe(403);
  });
});

// ---------------------------------------------------------------------------------------------
describe('GET /api/stove-id-batches/next-number', () => {
  const next = async (p: string, width: number | string, cookie = admin.cookie) => {
    const res = await get(`/api/stove-id-batches/next-number?prefix=${p}&width=${width}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<NextBatchNumber>();
  };

  it('suggests the number after the highest code of the prefix and width, whichever factory holds it', async () => {
    const p = prefix();
    expect(await next(p.toLowerCase(), 7)).toEqual({ prefix: p, width: 7, highestCode: null, nextNumber: 1 });
    await generate({ prefix: p, firstNumber: 1, count: 10 });
    const later = await generate({ factoryId: factoryB.id, prefix: p, firstNumber: 1000, count: 234 });
    // Other widths, longer codes and imports that are not prefix + digits + check digit do not count.
    await generate({ prefix: p, width: 5, firstNumber: 5000, count: 1 });
    const imported = await post('/api/stove-id-imports', {
      factoryId: factoryA.id,
      codes: [`${p}99999999X`, `${p}999999999`, `${p}9999999`],
    });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(await next(p, 7)).toEqual({ prefix: p, width: 7, highestCode: later.lastCode, nextNumber: 1234 });
    // A factory-scoped user gets the same answer: codes are unique across factories.
    expect((await next(p, 7, managerA.cookie)).nextNumber).toBe(1234);

    // Starting there collides with nothing.
    const batch = await generate({ prefix: p, firstNumber: 1234, count: 5 });
    expect(batch.firstCode).toBe(stoveCode(p, 1234, 7));
    expect((await next(p, 5)).nextNumber).toBe(5001);
  });

  it('says when the width has no number left', async () => {
    const p = prefix();
    await generate({ prefix: p, width: 3, firstNumber: 998, count: 2 });
    expect(await next(p, 3)).toMatchObject({ highestCode: stoveCode(p, 999, 3), nextNumber: null });
  });

  it('400 for a bad prefix or width; 403 for a group without stove-id-management', async () => {
    expect((await get('/api/stove-id-batches/next-number?prefix=1AB&width=7')).statusCode).toBe(400);
    expect((await get('/api/stove-id-batches/next-number?prefix=STV&width=99')).statusCode).toBe(400);
    expect((await get('/api/stove-id-batches/next-number?width=7')).statusCode).toBe(400);
    for (const group of NOT_ALLOWED) {
      const { cookie } = await ctx.signedInAs([group], { factoryId: factoryA.id });
      expect((await get('/api/stove-id-batches/next-number?prefix=STV&width=7', cookie)).statusCode).toBe(403);
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe('POST /api/stove-id-imports/preview and /api/stove-id-imports', () => {
  it('previews: counts and each problem (malformed, duplicate, existing) in list order; writes nothing', async () => {
    const made = await makeStoveIds(ctx.handle.db, { factoryId: factoryB.id, count: 1 });
    const fresh = `NEW-${letters(6)}`;
    const before = await snapshot();
    const res = await post('/api/stove-id-imports/preview', {
      factoryId: factoryA.id,
      codes: [` ${fresh.toLowerCase()} `, 'ab', '', made.codes[0], fresh, 'NO_UNDERSCORE', `OK-${letters(6)}`],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImportPreview>()).toEqual({
      total: 6,
      valid: 2,
      problems: [
        { code: 'AB', reason: 'Not a stove ID: 4-32 characters of A-Z, 0-9 and -' },
        { code: made.codes[0], reason: 'Already exists' },
        { code: fresh, reason: 'Duplicate in the list (first on line 1)' },
        { code: 'NO_UNDERSCORE', reason: 'Not a stove ID: 4-32 characters of A-Z, 0-9 and -' },
      ],
    });
    expect(await snapshot()).toEqual(before);
  });

  it('imports a clean list as one batch: IDs in_stock, created events, first/last in list order, one audit row', async () => {
    const codes = [`ZZ-${letters(6)}`, `AA-${letters(6)}`, `MM-${letters(6)}`];
    const before = await snapshot();
    const res = await post(
      '/api/stove-id-imports',
      { factoryId: factoryA.id, codes: codes.map((c) => c.toLowerCase()), note: 'Old labels' },
      managerA.cookie,
    );
    expect(res.statusCode, res.body).toBe(201);
    const batch = res.json<StoveBatch>();
    expect(batch).toMatchObject({
      kind: 'imported',
      factory: { id: factoryA.id },
      count: 3,
      firstCode: codes[0],
      lastCode: codes[2],
      note: 'Old labels',
      prefix: null,
      createdBy: { id: managerA.id },
    });
    expect(await snapshot()).toEqual({ batches: before.batches + 1, ids: before.ids + 3, events: before.events + 3 });
    const rows = await ctx.handle.db.select().from(stoveIds).where(eq(stoveIds.batchId, batch.id)).orderBy(stoveIds.id);
    expect(rows.map((r) => [r.code, r.status, r.factoryId])).toEqual(codes.map((c) => [c, 'in_stock', factoryA.id]));
    expect(await auditRows(ctx.handle.db, 'import', batch.id)).toHaveLength(1);
  });

  it('refuses the whole list when any code is malformed or repeated (400) or exists (409); nothing written', async () => {
    const made = await makeStoveIds(ctx.handle.db, { factoryId: factoryA.id, count: 1 });
    const fresh = `NEW-${letters(6)}`;
    const before = await snapshot();
    const bad = await post('/api/stove-id-imports', { factoryId: factoryA.id, codes: [fresh, 'x', made.codes[0]] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorBody>().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: '2 of the 3 codes cannot be imported; nothing was created.',
      details: { problems: [{ code: 'X' }, { code: made.codes[0], reason: 'Already exists' }] },
    });
    const repeated = await post('/api/stove-id-imports', { factoryId: factoryA.id, codes: [fresh, fresh] });
    expect(repeated.statusCode).toBe(400);
    const exists = await post('/api/stove-id-imports', { factoryId: factoryA.id, codes: [fresh, made.codes[0]] });
    expect(exists.statusCode).toBe(409);
    expect(exists.json<ErrorBody>().error.details?.problems).toEqual([
      { code: made.codes[0], reason: 'Already exists' },
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['no codes', { codes: [] }, 'codes'],
    ['only blanks', { codes: ['  '] }, 'codes'],
    ['a bad factory id', { factoryId: 'x' }, 'factoryId'],
    ['a 101-character code', { codes: ['A'.repeat(101)] }, 'codes.0'],
  ])('400 for %s, nothing written', async (_label, overrides, field) => {
    const before = await snapshot();
    for (const url of ['/api/stove-id-imports/preview', '/api/stove-id-imports']) {
      const res = await post(url, { factoryId: factoryA.id, codes: [`NEW-${letters(6)}`], ...overrides });
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json<ErrorBody>().error.details?.fieldErrors ?? {})).toContain(field);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('a factory-scoped user imports at their own factory only', async () => {
    const before = await snapshot();
    for (const url of ['/api/stove-id-imports/preview', '/api/stove-id-imports']) {
      const res = await post(url, { factoryId: factoryB.id, codes: [`NEW-${letters(6)}`] }, managerA.cookie);
      expect(res.statusCode).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it.each(NOT_ALLOWED)('403 for %s', async (group) => {
    const { cookie } = await ctx.signedInAs([group], { factoryId: factoryA.id });
    const before = await snapshot();
    for (const url of ['/api/stove-id-imports/preview', '/api/stove-id-imports']) {
      expect((await post(url, { factoryId: factoryA.id, codes: [`NEW-${letters(6)}`] }, cookie)).statusCode).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });
});

it('the audit log has one row per batch, whatever its size', async () => {
  const batch = await generate({ prefix: prefix(), count: 2_000 });
  const rows = await ctx.handle.db
    .select()
    .from(stoveIdBatches)
    .where(and(eq(stoveIdBatches.id, batch.id), eq(stoveIdBatches.count, 2_000)));
  expect(rows).toHaveLength(1);
  expect(await auditRows(ctx.handle.db, 'create', batch.id)).toHaveLength(1);
});
