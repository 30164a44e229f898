/**
 * Validate Stove IDs API (DOMAIN.md §4 "Stove IDs", validation): a verdict per code in the order
 * given with a summary, and the all-or-nothing approval of the coupled IDs that pass. Only
 * validate-stove-ids may use it; a factory-scoped caller is checked against their own factory.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STOVE_CODES_PER_REQUEST_MAX,
  VALIDATION_VERDICTS,
  type ValidationResult,
  type ValidationVerdict,
  validationResultSchema,
} from '../../../common/contracts/stove-ids';
import { GROUPS, type Group } from '../../../common/permissions';
import { stoveCode } from '../../../common/stove-codes';
import type { Actor } from '../../auth/actor';
import { queryRows } from '../../db/client';
import { auditLog } from '../../db/schema/core';
import { stoveIdEvents, stoveIds } from '../../db/schema/stove-ids';
import { countRows } from '../../test/db-assert';
import { groupsWith, groupsWithout } from '../../test/groups';
import { makeStoveIds } from '../../test/stove-ids';
import { createTestContext, type TestContext } from '../../test/test-app';
import { validateStoveIds, verdictOf } from './stove-validation.service';

let ctx: TestContext;
let admin: { cookie: string; id: string };
let factoryA: { id: string; code: string };
let factoryB: { id: string; code: string };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signedInAs(['Admin']);
  factoryA = await ctx.makeFactory();
  factoryB = await ctx.makeFactory();
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

const VALIDATORS: Group[] = groupsWith('validate-stove-ids');
const NOT_VALIDATORS: Group[] = groupsWithout('validate-stove-ids');

const post = (url: string, payload: unknown, cookie: string = admin.cookie) =>
  ctx.request({ method: 'POST', url, payload: payload as Record<string, unknown>, cookie });
const validate = async (payload: { codes: string[]; factoryId?: string | null }, cookie: string = admin.cookie) => {
  const res = await post('/api/stove-ids/validate', payload, cookie);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  // The route sends the service's answer without zod's encode (issue 24): the schema still holds.
  const body = res.json<ValidationResult>();
  expect(validationResultSchema.safeParse(body).error).toBeUndefined();
  return body;
};
const approve = (payload: { codes: string[]; factoryId?: string | null }, cookie: string = admin.cookie) =>
  post('/api/stove-ids/approve', payload, cookie);

const db = () => ctx.handle.db;
const statusesOf = async (codes: string[]) => {
  const rows = await db()
    .select({ code: stoveIds.code, status: stoveIds.status })
    .from(stoveIds)
    .where(inArray(stoveIds.code, codes));
  return Object.fromEntries(rows.map((r) => [r.code, r.status]));
};
const validatedEvents = (ids: number[]) =>
  countRows(db(), stoveIdEvents, and(inArray(stoveIdEvents.stoveIdId, ids), eq(stoveIdEvents.kind, 'validated')));
const approvalAudits = () =>
  countRows(db(), auditLog, and(eq(auditLog.action, 'validate'), eq(auditLog.recordType, 'stove_id')));

/** Puts IDs on a pending transfer to `to` straight in the database (the transfer module is not needed here). */
async function putInTransit(ids: number[], from: string, to: string) {
  const [transfer] = await queryRows<{ id: string }>(
    db(),
    sql`insert into stove_transfers (from_factory_id, to_factory_id, id_count) values (${from}, ${to}, ${ids.length}) returning id`,
  );
  if (!transfer) throw new Error('no transfer');
  for (const id of ids) {
    await db().execute(
      sql`update stove_ids set held_status = status, status = 'in_transit', pending_transfer_id = ${transfer.id} where id = ${id}`,
    );
  }
}

function summaryOf(counts: Partial<Record<ValidationVerdict, number>>): Record<ValidationVerdict, number> {
  return Object.fromEntries(VALIDATION_VERDICTS.map((v) => [v, counts[v] ?? 0])) as Record<ValidationVerdict, number>;
}

it('the groups with validate-stove-ids are Admin and Senior Production Manager (spec §6)', () => {
  expect(VALIDATORS).toEqual(['Admin', 'Senior Production Manager']);
  expect([...VALIDATORS, ...NOT_VALIDATORS].sort()).toEqual([...GROUPS].sort());
});

describe('verdictOf', () => {
  it.each<[string, Parameters<typeof verdictOf>[1], string | null, ValidationVerdict]>([
    ['AB', undefined, null, 'malformed'],
    ['STV 0001', undefined, null, 'malformed'],
    [stoveCode('STV', 12, 7), undefined, null, 'unknown'],
    ['STV00000121', undefined, null, 'bad_check_digit'],
    ['IMPORTED-ABC', undefined, null, 'unknown'],
    ['CODE', { status: 'coupled', factoryId: 'a' }, null, 'pass'],
    ['CODE', { status: 'coupled', factoryId: 'a' }, 'a', 'pass'],
    ['CODE', { status: 'coupled', factoryId: 'a' }, 'b', 'wrong_factory'],
    ['CODE', { status: 'void', factoryId: 'a' }, 'b', 'wrong_factory'],
    ['CODE', { status: 'in_stock', factoryId: 'a' }, null, 'in_stock'],
    ['CODE', { status: 'sold', factoryId: 'a' }, 'a', 'sold'],
  ])('%s %j at %s → %s', (code, known, target, verdict) => {
    expect(verdictOf(code, known, target)).toBe(verdict);
  });
});

// ---------------------------------------------------------------------------
// Validate
// ---------------------------------------------------------------------------

describe('POST /api/stove-ids/validate', () => {
  it('gives every kind of code its verdict, in the order given, with the factory and a summary', async () => {
    const coupled = await makeStoveIds(db(), { factoryId: factoryA.id, count: 2, status: 'coupled' });
    const inStock = await makeStoveIds(db(), { factoryId: factoryA.id, count: 1 });
    const validated = await makeStoveIds(db(), { factoryId: factoryA.id, count: 1, status: 'validated' });
    const sold = await makeStoveIds(db(), { factoryId: factoryA.id, count: 1, status: 'sold' });
    const voided = await makeStoveIds(db(), { factoryId: factoryA.id, count: 1, status: 'void' });
    const transit = await makeStoveIds(db(), { factoryId: factoryA.id, count: 1, status: 'coupled' });
    await putInTransit(transit.ids, factoryA.id, factoryB.id);
    const elsewhere = await makeStoveIds(db(), { factoryId: factoryB.id, count: 1, status: 'coupled' });
    const c = (made: { codes: string[] }, i = 0) => made.codes[i] ?? '';
    const good = c(coupled);
    // The same number with another check digit: what a typo in the last digit gives.
    const typo = `${good.slice(0, -1)}${(Number(good.slice(-1)) + 1) % 10}`;
    const unknownGenerated = stoveCode('ZZQ', 4242, 7);

    const codes = [
      ` ${good.toLowerCase()} `,
      c(inStock),
      c(validated),
      c(sold),
      c(voided),
      c(transit),
      c(elsewhere),
      typo,
      unknownGenerated,
      'LEGACY-LABEL',
      'no!',
      good,
      c(coupled, 1),
      '',
    ];
    const result = await validate({ codes });
    const factory = factoryA.code;
    expect(result.items).toEqual([
      { code: good, verdict: 'pass', factoryCode: factory },
      { code: c(inStock), verdict: 'in_stock', factoryCode: factory },
      { code: c(validated), verdict: 'validated', factoryCode: factory },
      { code: c(sold), verdict: 'sold', factoryCode: factory },
      { code: c(voided), verdict: 'void', factoryCode: factory },
      { code: c(transit), verdict: 'in_transit', factoryCode: factory },
      { code: c(elsewhere), verdict: 'pass', factoryCode: factoryB.code },
      { code: typo, verdict: 'bad_check_digit', factoryCode: null },
      { code: unknownGenerated, verdict: 'unknown', factoryCode: null },
      { code: 'LEGACY-LABEL', verdict: 'unknown', factoryCode: null },
      { code: 'NO!', verdict: 'malformed', factoryCode: null },
      { code: good, verdict: 'duplicate', factoryCode: factory },
      { code: c(coupled, 1), verdict: 'pass', factoryCode: factory },
      { code: '', verdict: 'malformed', factoryCode: null },
    ]);
    const ref = (f: { id: string; code: string }) => ({ id: f.id, name: `Factory ${f.code}`, code: f.code });
    expect(result.factories).toEqual([factoryA, factoryB].sort((a, b) => a.code.localeCompare(b.code)).map(ref));
    expect(result.summary).toEqual(
      summaryOf({
        pass: 3,
        in_stock: 1,
        validated: 1,
        sold: 1,
        void: 1,
        in_transit: 1,
        bad_check_digit: 1,
        unknown: 2,
        malformed: 2,
        duplicate: 1,
      }),
    );

    // Against factory A: the ID at factory B is at the wrong factory; the rest is unchanged.
    const atA = await validate({ codes, factoryId: factoryA.id });
    expect(atA.items[6]).toMatchObject({ code: c(elsewhere), verdict: 'wrong_factory', factoryCode: factoryB.code });
    expect(atA.summary).toMatchObject({ pass: 2, wrong_factory: 1 });
    // Validating changes nothing.
    expect(await statusesOf([good, c(elsewhere)])).toEqual({ [good]: 'coupled', [c(elsewhere)]: 'coupled' });
  });

  it('keeps the order of a long list and counts every verdict (second and later repeats are duplicates)', async () => {
    const made = await makeStoveIds(db(), { factoryId: factoryA.id, count: 3000, status: 'coupled' });
    const reversed = [...made.codes].reverse();
    const result = await validate({ codes: [...reversed, ...made.codes.slice(0, 10), ...made.codes.slice(0, 5)] });
    expect(result.items.map((i) => i.code)).toEqual([
      ...reversed,
      ...made.codes.slice(0, 10),
      ...made.codes.slice(0, 5),
    ]);
    expect(result.items.slice(0, 3000).every((i) => i.verdict === 'pass')).toBe(true);
    expect(result.items.slice(3000).every((i) => i.verdict === 'duplicate')).toBe(true);
    expect(result.summary).toEqual(summaryOf({ pass: 3000, duplicate: 15 }));
  });

  it('refuses bad input with 400: no codes, too many codes, a bad or unknown factoryId', async () => {
    const cases: [unknown, string][] = [
      [{ codes: [] }, 'codes'],
      [{}, 'codes'],
      [{ codes: Array.from({ length: STOVE_CODES_PER_REQUEST_MAX + 1 }, (_, i) => `X${i}`) }, 'codes'],
      [{ codes: ['ABCD'], factoryId: 'not-a-uuid' }, 'factoryId'],
      [{ codes: ['ABCD'], factoryId: '6a0c8f8e-6b5c-4a84-9a53-1f1f1f1f1f1f' }, 'factoryId'],
      [{ codes: ['X'.repeat(101)] }, 'codes.0'],
    ];
    for (const [payload, field] of cases) {
      const res = await post('/api/stove-ids/validate', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(Object.keys(res.json<ErrorBody>().error.details?.fieldErrors ?? {})).toContain(field);
    }
  });

  it.each(VALIDATORS.map((g) => [g]))('%s may validate', async (group) => {
    const { cookie } = await ctx.signedInAs([group]);
    const made = await makeStoveIds(db(), { factoryId: factoryA.id, count: 1 });
    expect((await validate({ codes: made.codes }, cookie)).items[0]?.verdict).toBe('in_stock');
  });

  it.each([['Production Manager'], ['Factory Manager'], ['Stove Coupler']] as [Group][])(
    '%s gets 403',
    async (group) => {
      const { cookie } = await ctx.signedInAs([group], { factoryId: factoryA.id });
      const res = await post('/api/stove-ids/validate', { codes: ['ABCD'] }, cookie);
      expect(res.statusCode).toBe(403);
    },
  );
});

// ---------------------------------------------------------------------------
// Factory scope (no default group is factory-scoped and holds validate-stove-ids: checked on the service)
// ---------------------------------------------------------------------------

describe('a factory-scoped caller', () => {
  const scopedActor = (factory: { id: string; code: string } | null): Actor => ({
    userId: admin.id,
    email: 'scoped@example.com',
    sessionId: 'none',
    name: 'Scoped',
    groups: ['Factory Manager'],
    permissions: new Set(['validate-stove-ids']),
    factory: factory ? { id: factory.id, name: `Factory ${factory.code}`, code: factory.code, kind: 'assembly' } : null,
    isGlobal: false,
    timeZone: 'UTC',
    companyTimeZone: 'UTC',
  });

  it('is checked against their own factory whatever they ask, without seeing where other IDs are', async () => {
    const mine = await makeStoveIds(db(), { factoryId: factoryA.id, count: 1, status: 'coupled' });
    const theirs = await makeStoveIds(db(), { factoryId: factoryB.id, count: 1, status: 'coupled' });
    const codes = [...mine.codes, ...theirs.codes];
    for (const factoryId of [undefined, null, factoryB.id]) {
      const result = await validateStoveIds(db(), scopedActor(factoryA), { codes, factoryId });
      expect(result.items).toEqual([
        { code: mine.codes[0], verdict: 'pass', factoryCode: factoryA.code },
        { code: theirs.codes[0], verdict: 'wrong_factory', factoryCode: null },
      ]);
      expect(result.factories).toEqual([{ id: factoryA.id, name: `Factory ${factoryA.code}`, code: factoryA.code }]);
    }
  });

  it('without a factory is refused (403)', async () => {
    await expect(validateStoveIds(db(), scopedActor(null), { codes: ['ABCD'] })).rejects.toMatchObject({
      statusCode: 403,
    });
  });
});

// ---------------------------------------------------------------------------
// Approve
// ---------------------------------------------------------------------------

describe('POST /api/stove-ids/approve', () => {
  it('marks the coupled IDs validated with one event each and one audit row; repeats are ignored', async () => {
    const made = await makeStoveIds(db(), { factoryId: factoryA.id, count: 3, status: 'coupled' });
    const audits = await approvalAudits();
    const res = await approve({ codes: [...made.codes, made.codes[0] ?? '', ` ${made.codes[1]?.toLowerCase()}`] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ approved: 3 });
    expect(Object.values(await statusesOf(made.codes))).toEqual(['validated', 'validated', 'validated']);
    expect(await validatedEvents(made.ids)).toBe(3);
    const events = await db()
      .select()
      .from(stoveIdEvents)
      .where(and(inArray(stoveIdEvents.stoveIdId, made.ids), eq(stoveIdEvents.kind, 'validated')));
    expect(
      events.every((e) => e.fromStatus === 'coupled' && e.toStatus === 'validated' && e.actorId === admin.id),
    ).toBe(true);
    expect(await approvalAudits()).toBe(audits + 1);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'validate'), eq(auditLog.recordType, 'stove_id')))
      .orderBy(sql`${auditLog.at} desc`)
      .limit(1);
    expect(audit).toMatchObject({ actorId: admin.id, recordType: 'stove_id', after: { count: 3, codes: made.codes } });

    // Validation now reports them as validated.
    expect((await validate({ codes: made.codes })).summary.validated).toBe(3);
  });

  it('approves a long list in one action: one event per ID, one audit row naming the first 20', async () => {
    const made = await makeStoveIds(db(), { factoryId: factoryB.id, count: 2500, status: 'coupled' });
    const res = await approve({ codes: made.codes, factoryId: factoryB.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ approved: 2500 });
    expect(await validatedEvents(made.ids)).toBe(2500);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'validate'), eq(auditLog.recordType, 'stove_id')))
      .orderBy(sql`${auditLog.at} desc`)
      .limit(1);
    expect(audit?.after).toEqual({
      count: 2500,
      factoryId: factoryB.id,
      codes: made.codes.slice(0, 20),
      codesListed: 20,
    });
  });

  it('is all or nothing: one ID that does not pass refuses all (409 listing it), nothing changes', async () => {
    const coupled = await makeStoveIds(db(), { factoryId: factoryA.id, count: 3, status: 'coupled' });
    const inStock = await makeStoveIds(db(), { factoryId: factoryA.id, count: 1 });
    const elsewhere = await makeStoveIds(db(), { factoryId: factoryB.id, count: 1, status: 'coupled' });
    const audits = await approvalAudits();
    const cases: [string[], string | undefined, { code: string; reason: string }[]][] = [
      [
        [...coupled.codes, ...inStock.codes],
        undefined,
        [{ code: inStock.codes[0] ?? '', reason: 'In stock (not coupled)' }],
      ],
      [[...coupled.codes, 'ZZ-UNKNOWN'], undefined, [{ code: 'ZZ-UNKNOWN', reason: 'Unknown ID' }]],
      [[...coupled.codes, 'x'], undefined, [{ code: 'X', reason: 'Not a stove ID' }]],
      [
        [...coupled.codes, ...elsewhere.codes],
        factoryA.id,
        [{ code: elsewhere.codes[0] ?? '', reason: 'Wrong factory' }],
      ],
    ];
    for (const [codes, factoryId, problems] of cases) {
      const res = await approve({ codes, factoryId });
      expect(res.statusCode, res.body).toBe(409);
      const body = res.json<ErrorBody>();
      expect(body.error.code).toBe('CONFLICT');
      expect(body.error.message).toMatch(/nothing was approved/);
      expect(body.error.details?.problems).toEqual(problems);
    }
    expect(Object.values(await statusesOf(coupled.codes))).toEqual(['coupled', 'coupled', 'coupled']);
    expect(await statusesOf(elsewhere.codes)).toEqual({ [elsewhere.codes[0] ?? '']: 'coupled' });
    expect(await validatedEvents([...coupled.ids, ...elsewhere.ids])).toBe(0);
    expect(await approvalAudits()).toBe(audits);
  });

  it('applies once: a second approval of the same IDs is refused (409) and changes nothing', async () => {
    const made = await makeStoveIds(db(), { factoryId: factoryA.id, count: 2, status: 'coupled' });
    expect((await approve({ codes: made.codes })).statusCode).toBe(200);
    const audits = await approvalAudits();
    const again = await approve({ codes: made.codes });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().error.details?.problems).toEqual(
      made.codes.map((code) => ({ code, reason: 'Already validated' })),
    );
    expect(await validatedEvents(made.ids)).toBe(2);
    expect(await approvalAudits()).toBe(audits);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const made = await makeStoveIds(db(), { factoryId: factoryA.id, count: 1, status: 'coupled' });
    for (const payload of [
      { codes: [] },
      { codes: made.codes, factoryId: 'nope' },
      { codes: made.codes, factoryId: '6a0c8f8e-6b5c-4a84-9a53-1f1f1f1f1f1f' },
      { codes: Array.from({ length: STOVE_CODES_PER_REQUEST_MAX + 1 }, () => made.codes[0]) },
    ]) {
      const res = await post('/api/stove-ids/approve', payload);
      expect(res.statusCode).toBe(400);
    }
    expect(await statusesOf(made.codes)).toEqual({ [made.codes[0] ?? '']: 'coupled' });
    expect(await validatedEvents(made.ids)).toBe(0);
  });

  it.each([['Production Manager'], ['Factory Manager'], ['Senior Sales Manager']] as [Group][])(
    '%s gets 403 and nothing changes',
    async (group) => {
      const made = await makeStoveIds(db(), { factoryId: factoryA.id, count: 1, status: 'coupled' });
      const { cookie } = await ctx.signedInAs([group], { factoryId: factoryA.id });
      expect((await approve({ codes: made.codes }, cookie)).statusCode).toBe(403);
      expect(await statusesOf(made.codes)).toEqual({ [made.codes[0] ?? '']: 'coupled' });
    },
  );

  it('a Senior Production Manager approves at a chosen factory', async () => {
    const { cookie } = await ctx.signedInAs(['Senior Production Manager']);
    const made = await makeStoveIds(db(), { factoryId: factoryB.id, count: 2, status: 'coupled' });
    const res = await approve({ codes: made.codes, factoryId: factoryB.id }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(await validatedEvents(made.ids)).toBe(2);
  });
});

// ---------------------------------------------------------------------------
// Concurrency (PostgreSQL: PGlite runs one transaction at a time)
// ---------------------------------------------------------------------------

describe.skipIf(!process.env.TEST_DATABASE_URL)('approvals racing for the same IDs (PostgreSQL)', () => {
  it('exactly one wins, the other is refused with 409; one event per ID (repeated)', async () => {
    const spm = await ctx.signedInAs(['Senior Production Manager']);
    for (let round = 0; round < 5; round++) {
      const made = await makeStoveIds(db(), { factoryId: factoryA.id, count: 200, status: 'coupled' });
      // Overlapping lists in different orders: the lock order (by id) keeps them from deadlocking.
      const results = await Promise.all([
        approve({ codes: made.codes }),
        approve({ codes: [...made.codes].reverse() }, spm.cookie),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await validatedEvents(made.ids)).toBe(200);
      expect(Object.values(await statusesOf(made.codes)).every((s) => s === 'validated')).toBe(true);
    }
  });
});
