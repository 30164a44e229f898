/**
 * Productivity targets: list (the default first, then each factory; which is in force today),
 * create (one per scope and day), delete (only a target that has not started). Proves: bad values
 * are a 400 per field that writes nothing; a second target of a scope's day is a 409 on the date;
 * a started target cannot be deleted (409) and stays; settings need productivity-settings while
 * the tracker's holders may read; factory-scoped readers see the default and their own factory's
 * overrides only. The race for a scope's day is in productivity-concurrency.test.ts (PostgreSQL).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, utcToday } from '../../../common/calendar-days';
import type { ProductivityTarget, ProductivityTargetList } from '../../../common/contracts/productivity';
import { productivityTargets } from '../../db/schema/production';
import { auditRows, countRows } from '../../test/db-assert';
import { groupsWith, groupsWithout } from '../../test/groups';
import { createTestContext, type TestContext } from '../../test/test-app';

interface ErrorBody {
  error: { code: string; message: string; details?: { fieldErrors?: Record<string, string[]> } };
}
interface User {
  cookie: string;
  id: string;
}

let ctx: TestContext;
let A: { id: string; code: string };
let B: { id: string; code: string };
let admin: User;
let seniorProduction: User;
let managerA: User;
const today = utcToday(new Date());
const URL = '/api/productivity/targets';

beforeAll(async () => {
  ctx = await createTestContext();
  // Named so that B sorts before A.
  A = await ctx.makeFactory({ name: 'Zulu Assembly' });
  B = await ctx.makeFactory({ name: 'Alpha Assembly' });
  admin = await ctx.signedInAs(['Admin']);
  seniorProduction = await ctx.signedInAs(['Senior Production Manager']);
  managerA = await ctx.signedInAs(['Factory Manager'], { factoryId: A.id });
});
afterAll(async () => {
  await ctx.close();
});

const post = (payload: Record<string, unknown>, user: User = admin) =>
  ctx.request({ method: 'POST', url: URL, payload, cookie: user.cookie });
const list = async (user: User = admin) => {
  const res = await ctx.request({ method: 'GET', url: URL, cookie: user.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProductivityTargetList>();
};
const remove = (id: string, user: User = admin) =>
  ctx.request({ method: 'DELETE', url: `${URL}/${id}`, cookie: user.cookie });

async function create(factoryId: string | null, effectiveFrom: string, stoves = 12, hours = 8) {
  const res = await post({ factoryId, effectiveFrom, stovesPerCouplerPerDay: stoves, hoursPerDay: hours });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ProductivityTarget>();
}

const targetCount = () => countRows(ctx.handle.db, productivityTargets);

describe('productivity targets', () => {
  let oldDefault: ProductivityTarget;
  let currentDefault: ProductivityTarget;
  let nextDefault: ProductivityTarget;
  let overrideA: ProductivityTarget;
  let overrideB: ProductivityTarget;

  beforeAll(async () => {
    oldDefault = await create(null, addDays(today, -400), 10, 8);
    currentDefault = await create(null, addDays(today, -30), 12, 8);
    nextDefault = await create(null, addDays(today, 30), 14, 8);
    overrideA = await create(A.id, addDays(today, -10), 15.5, 7.5);
    overrideB = await create(B.id, today, 9, 8);
  });

  it('creates a target, stamped and audited, with its state today', async () => {
    expect(currentDefault).toMatchObject({
      factory: null,
      stovesPerCouplerPerDay: 12,
      hoursPerDay: 8,
      state: 'in_force',
    });
    expect(nextDefault.state).toBe('scheduled');
    expect(overrideA).toMatchObject({
      factory: { id: A.id, name: 'Zulu Assembly' },
      stovesPerCouplerPerDay: 15.5,
      hoursPerDay: 7.5,
    });
    // A target starting today is in force today.
    expect(overrideB.state).toBe('in_force');
    const audit = await auditRows(ctx.handle.db, 'create', overrideA.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.id, recordType: 'productivity_target' });
  });

  it('lists the default first, then factories by name, newest first, flagging what is in force today', async () => {
    const { items, today: day } = await list(seniorProduction);
    expect(day).toBe(today);
    expect(items.map((t) => [t.factory?.code ?? 'default', t.effectiveFrom, t.state])).toEqual([
      ['default', nextDefault.effectiveFrom, 'scheduled'],
      ['default', currentDefault.effectiveFrom, 'in_force'],
      ['default', oldDefault.effectiveFrom, 'past'],
      [B.code, overrideB.effectiveFrom, 'in_force'],
      [A.code, overrideA.effectiveFrom, 'in_force'],
    ]);
  });

  it("shows a factory-scoped reader the default and their own factory's targets only", async () => {
    const { items } = await list(managerA);
    expect(items.map((t) => t.factory?.id ?? null)).toEqual([null, null, null, A.id]);
  });

  it('refuses a second target of the same scope and day (409 on the date), not of another scope', async () => {
    const before = await targetCount();
    const res = await post({
      factoryId: A.id,
      effectiveFrom: overrideA.effectiveFrom,
      stovesPerCouplerPerDay: 20,
      hoursPerDay: 8,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().error.details?.fieldErrors?.effectiveFrom?.[0]).toMatch(
      /Zulu Assembly already has a target from/,
    );
    const defaultDup = await post({
      factoryId: '',
      effectiveFrom: currentDefault.effectiveFrom,
      stovesPerCouplerPerDay: 1,
      hoursPerDay: 8,
    });
    expect(defaultDup.statusCode).toBe(409);
    expect(defaultDup.json<ErrorBody>().error.message).toMatch(/^The default already has a target from/);
    expect(await targetCount()).toBe(before);
    // B's scope is free on A's day.
    await create(B.id, overrideA.effectiveFrom, 9, 8);
  });

  it('refuses bad values with a 400 per field and writes nothing', async () => {
    const before = await targetCount();
    const res = await post({
      factoryId: 'abc',
      effectiveFrom: '2026-02-30',
      stovesPerCouplerPerDay: 0,
      hoursPerDay: 25,
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json<ErrorBody>().error.details?.fieldErrors ?? {};
    expect(fields.factoryId?.[0]).toBe('Choose a factory, or the default');
    expect(fields.effectiveFrom?.[0]).toBe('Effective from: use a real date like 2026-01-31');
    expect(fields.stovesPerCouplerPerDay?.[0]).toBe('Stoves per coupler per day must be more than 0');
    expect(fields.hoursPerDay?.[0]).toBe('Working hours per day cannot be more than 24');
    const more = await post({ effectiveFrom: today, stovesPerCouplerPerDay: '', hoursPerDay: '7.333' });
    expect(more.statusCode).toBe(400);
    expect(more.json<ErrorBody>().error.details?.fieldErrors).toEqual({
      stovesPerCouplerPerDay: ['Stoves per coupler per day is required'],
      hoursPerDay: ['Working hours per day has at most 2 decimals'],
    });
    const unknown = await post({
      factoryId: '00000000-0000-4000-8000-000000000000',
      effectiveFrom: today,
      stovesPerCouplerPerDay: 5,
      hoursPerDay: 8,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ErrorBody>().error.details?.fieldErrors?.factoryId).toEqual(['No such factory']);
    const off = await ctx.makeFactory({ active: false });
    const inactive = await post({ factoryId: off.id, effectiveFrom: today, stovesPerCouplerPerDay: 5, hoursPerDay: 8 });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json<ErrorBody>().error.message).toMatch(/deactivated/);
    expect(await targetCount()).toBe(before);
  });

  it('deletes a target that has not started, audited', async () => {
    const later = await create(A.id, addDays(today, 1));
    const res = await remove(later.id, seniorProduction);
    expect(res.statusCode, res.body).toBe(204);
    expect(await countRows(ctx.handle.db, productivityTargets, eq(productivityTargets.id, later.id))).toBe(0);
    const audit = await auditRows(ctx.handle.db, 'delete', later.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]?.before).toMatchObject({ effectiveFrom: later.effectiveFrom });
    expect((await remove(later.id)).statusCode).toBe(404);
  });

  it('refuses to delete a target that is in force or replaced (409: history) and keeps it', async () => {
    for (const started of [currentDefault, oldDefault, overrideB]) {
      const res = await remove(started.id);
      expect(res.statusCode).toBe(409);
      expect(res.json<ErrorBody>().error.message).toMatch(/targets that have started are history and stay/);
    }
    const { items } = await list();
    expect(items.map((t) => t.id)).toEqual(expect.arrayContaining([currentDefault.id, oldDefault.id, overrideB.id]));
    expect((await remove('not-an-id')).statusCode).toBe(400);
  });

  it('needs productivity-settings to change targets; the tracker’s holders may read them', async () => {
    for (const group of groupsWithout('productivity-settings')) {
      const user = await ctx.signedInAs([group], { factoryId: A.id });
      const created = await post(
        { factoryId: A.id, effectiveFrom: addDays(today, 5), stovesPerCouplerPerDay: 5, hoursPerDay: 8 },
        user,
      );
      expect(created.statusCode, group).toBe(403);
      expect((await remove(nextDefault.id, user)).statusCode, group).toBe(403);
      const read = await ctx.request({ method: 'GET', url: URL, cookie: user.cookie });
      expect(read.statusCode, group).toBe(groupsWith('productivity-tracker').includes(group) ? 200 : 403);
    }
    expect((await list()).items.some((t) => t.id === nextDefault.id)).toBe(true);
  });
});
