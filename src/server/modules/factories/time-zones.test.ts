/**
 * Factory time zones (issue 22 item 3): each factory's days begin at its own midnight. Proves, at
 * 23:30 and 00:30 in Nairobi (UTC+3), that "today" on a dashboard, the "not in the future" rule and
 * the days of a list filter follow the factory's zone (the viewer's for every factory), not UTC's;
 * that the company's zone is set by factory-management holders and followed by factories without
 * their own; and that a bad zone is a 400 that changes nothing.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Dashboard } from '../../../common/contracts/dashboards';
import type { Factory } from '../../../common/contracts/factories';
import type { ListResponse } from '../../../common/contracts/list';
import type { MeResponse } from '../../../common/contracts/me';
import type { StoveId } from '../../../common/contracts/stove-ids';
import { machineTimeZone } from '../../../common/time-zones';
import { loadActor } from '../../auth/actor';
import { ensureCompanyTimeZone } from '../../bootstrap';
import { appSettings } from '../../db/schema/core';
import { dailyProductionReports } from '../../db/schema/production';
import { auditRows, countRows } from '../../test/db-assert';
import { makeCkdCategory } from '../../test/production';
import { makeStoveIds } from '../../test/stove-ids';
import { createTestContext, type TestContext } from '../../test/test-app';
import { factoryDashboard } from '../dashboards/dashboards.service';
import { readCompanyTimeZone, writeCompanyTimeZone } from './time-zones.repository';

// The night from 26 to 27 November 2026 in Nairobi, and the next one.
const AT_2330_ON_26 = new Date('2026-11-26T20:30:00Z');
const AT_0030_ON_27 = new Date('2026-11-26T21:30:00Z');
const AT_2330_ON_27 = new Date('2026-11-27T20:30:00Z');
const AT_0030_ON_28 = new Date('2026-11-27T21:30:00Z');

interface ErrorBody {
  error: { message: string; details?: { fieldErrors?: Record<string, string[]> } };
}

let ctx: TestContext;
let nairobi: { id: string; code: string };
let utcFactory: { id: string; code: string };
let admin: { id: string; cookie: string };

beforeAll(async () => {
  ctx = await createTestContext();
  await writeCompanyTimeZone(ctx.handle.db, 'Africa/Nairobi');
  nairobi = await ctx.makeFactory({ name: 'Nairobi Plant' });
  utcFactory = await ctx.makeFactory({ name: 'London Plant' });
  admin = await ctx.signedInAs(['Admin']);
  const res = await ctx.request({
    method: 'PATCH',
    url: `/api/factories/${utcFactory.id}`,
    cookie: admin.cookie,
    payload: { timeZone: 'UTC' },
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => {
  await ctx.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const putCompanyZone = (cookie: string, timeZone: string) =>
  ctx.request({ method: 'PUT', url: '/api/company/time-zone', cookie, payload: { timeZone } });

/** The server's clock (Date) at `instant`; the database's own clock is not used by these rules. */
function clockAt(instant: Date) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(instant);
}

describe("the company's and a factory's time zone", () => {
  it("is the machine's on a first start, and a start keeps the one chosen since", async () => {
    const stored = () =>
      ctx.handle.db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, 'time_zone'));
    await ctx.handle.db.delete(appSettings).where(eq(appSettings.key, 'time_zone'));
    expect(await stored()).toEqual([]);
    await ensureCompanyTimeZone(ctx.handle.db);
    expect(await stored()).toEqual([{ value: machineTimeZone() }]);
    await writeCompanyTimeZone(ctx.handle.db, 'Asia/Tokyo');
    await ensureCompanyTimeZone(ctx.handle.db);
    expect(await readCompanyTimeZone(ctx.handle.db)).toBe('Asia/Tokyo');
    await writeCompanyTimeZone(ctx.handle.db, 'Africa/Nairobi');
  });

  it('is the company zone for a factory without its own, and a zone of its own otherwise', async () => {
    const created = await ctx.request({
      method: 'POST',
      url: '/api/factories',
      cookie: admin.cookie,
      payload: { name: 'Kisumu Works', code: 'KSMTZ', kind: 'assembly', timeZone: 'Africa/Kampala' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<Factory>().timeZone).toBe('Africa/Kampala');
    const cleared = await ctx.request({
      method: 'PATCH',
      url: `/api/factories/${created.json<Factory>().id}`,
      cookie: admin.cookie,
      payload: { timeZone: null },
    });
    expect(cleared.json<Factory>().timeZone).toBeNull();

    const user = await ctx.signedInAs(['Factory Manager'], { factoryId: utcFactory.id });
    const me = await ctx.request({ method: 'GET', url: '/api/me', cookie: user.cookie });
    expect(me.json<MeResponse>()).toMatchObject({ timeZone: 'UTC', companyTimeZone: 'Africa/Nairobi' });
    const plain = await ctx.request({ method: 'GET', url: '/api/me', cookie: admin.cookie });
    expect(plain.json<MeResponse>()).toMatchObject({ timeZone: 'Africa/Nairobi', companyTimeZone: 'Africa/Nairobi' });
  });

  it('refuses a zone that does not exist with a 400 on the field, and changes nothing', async () => {
    const bad = await ctx.request({
      method: 'PATCH',
      url: `/api/factories/${nairobi.id}`,
      cookie: admin.cookie,
      payload: { timeZone: 'Africa/Atlantis' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorBody>().error.details?.fieldErrors?.timeZone).toEqual([
      'Choose a time zone from the list, like Africa/Nairobi',
    ]);
    const company = await putCompanyZone(admin.cookie, 'Nairobi');
    expect(company.statusCode).toBe(400);
    const empty = await putCompanyZone(admin.cookie, ' ');
    expect(empty.statusCode).toBe(400);
    expect(await readCompanyTimeZone(ctx.handle.db)).toBe('Africa/Nairobi');
  });

  it('is set by a holder of factory-management, audited, and followed at once by the users of factories without their own', async () => {
    const coupler = await ctx.signedInAs(['Stove Coupler'], { factoryId: nairobi.id });
    const refused = await putCompanyZone(coupler.cookie, 'Asia/Kolkata');
    expect(refused.statusCode).toBe(403);

    const set = await putCompanyZone(admin.cookie, 'Asia/Kolkata');
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ timeZone: 'Asia/Kolkata' });
    const me = await ctx.request({ method: 'GET', url: '/api/me', cookie: coupler.cookie });
    expect(me.json<MeResponse>()).toMatchObject({ timeZone: 'Asia/Kolkata', companyTimeZone: 'Asia/Kolkata' });
    expect(await auditRows(ctx.handle.db, 'update', 'time_zone')).toMatchObject([
      { recordType: 'company_settings', before: { timeZone: 'Africa/Nairobi' }, after: { timeZone: 'Asia/Kolkata' } },
    ]);

    await writeCompanyTimeZone(ctx.handle.db, 'Africa/Nairobi');
  });
});

describe('"not in the future" at midnight in Nairobi', () => {
  const report = (factoryId: string, date: string, cookie: string) =>
    ctx.request({
      method: 'POST',
      url: '/api/daily-production-reports',
      cookie,
      payload: { factoryId, date, couplersPresent: 5, hoursWorked: 8, defects: 0, downtimeMinutes: 0 },
    });

  it("accepts today's date at 00:30, while UTC is still on the day before", async () => {
    clockAt(AT_0030_ON_27);
    const supervisor = await ctx.signedInAs(['Production Supervisor'], { factoryId: nairobi.id });
    const res = await report(nairobi.id, '2026-11-27', supervisor.cookie);
    expect(res.statusCode, res.body).toBe(201);
    // A factory on UTC is still on the 26th: the 27th is its tomorrow.
    const london = await report(utcFactory.id, '2026-11-27', admin.cookie);
    expect(london.statusCode).toBe(400);
  });

  it("refuses tomorrow's date at 23:30, naming the factory's today and zone", async () => {
    clockAt(AT_2330_ON_26);
    const supervisor = await ctx.signedInAs(['Production Supervisor'], { factoryId: nairobi.id });
    const res = await report(nairobi.id, '2026-11-27', supervisor.cookie);
    expect(res.statusCode).toBe(400);
    const message = 'The date cannot be in the future: it is 26 Nov 2026 at the factory (Nairobi time (UTC+3)).';
    expect(res.json<ErrorBody>().error.details?.fieldErrors?.date).toEqual([message]);
    // Only the report of the test before.
    const on27 = and(eq(dailyProductionReports.factoryId, nairobi.id), eq(dailyProductionReports.date, '2026-11-27'));
    expect(await countRows(ctx.handle.db, dailyProductionReports, on27)).toBe(1);
    expect((await report(nairobi.id, '2026-11-26', supervisor.cookie)).statusCode).toBe(201);
  });
});

describe('a dashboard\'s "today" at midnight in Nairobi', () => {
  it('counts the stoves of the factory day that has begun there, and names the zone', async () => {
    const model = await makeCkdCategory(ctx.handle.db);
    for (const factory of [nairobi, utcFactory]) {
      await makeStoveIds(ctx.handle.db, { factoryId: factory.id, count: 3, status: 'coupled', model: model.id });
      await ctx.handle.db.execute(sql`update stove_reports set date = '2026-11-27' where factory_id = ${factory.id}`);
    }
    const manager = async (factoryId: string) => {
      const user = await ctx.makeUser(['Factory Manager'], { factoryId });
      const actor = await loadActor(ctx.handle.db, user.id);
      if (!actor) throw new Error('no actor');
      return actor;
    };
    const [atNairobi, atLondon] = [await manager(nairobi.id), await manager(utcFactory.id)];

    const seen = async (actor: typeof atNairobi, now: Date) => {
      const d: Dashboard = await factoryDashboard(ctx.handle.db, actor, now);
      return { date: d.date, timeZone: d.timeZone, today: d.coupled.today, month: d.coupled.thisMonth };
    };
    expect(await seen(atNairobi, AT_2330_ON_26)).toEqual({
      date: '2026-11-26',
      timeZone: 'Africa/Nairobi',
      today: 0,
      month: 0,
    });
    expect(await seen(atNairobi, AT_0030_ON_27)).toEqual({
      date: '2026-11-27',
      timeZone: 'Africa/Nairobi',
      today: 3,
      month: 3,
    });
    expect(await seen(atNairobi, AT_2330_ON_27)).toMatchObject({ date: '2026-11-27', today: 3 });
    expect(await seen(atNairobi, AT_0030_ON_28)).toMatchObject({ date: '2026-11-28', today: 0, month: 3 });
    // At 00:30 in Nairobi, UTC's 27th has not begun.
    expect(await seen(atLondon, AT_0030_ON_27)).toEqual({ date: '2026-11-26', timeZone: 'UTC', today: 0, month: 0 });
    expect(await seen(atLondon, AT_0030_ON_28)).toMatchObject({ date: '2026-11-27', today: 3 });
  });
});

describe("a list's days are the viewer's", () => {
  it('finds the stove IDs created at 00:30 in Nairobi on that Nairobi day, not on the UTC day before', async () => {
    const made = await makeStoveIds(ctx.handle.db, { factoryId: nairobi.id, count: 2 });
    await ctx.handle.db.execute(
      sql`update stove_ids set created_at = ${AT_0030_ON_27.toISOString()}::timestamptz where batch_id = ${made.batchId}`,
    );
    const list = async (cookie: string, day: string) => {
      const res = await ctx.request({
        method: 'GET',
        url: `/api/stove-ids?batchId=${made.batchId}&from=${day}&to=${day}`,
        cookie,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ListResponse<StoveId>>().items.map((i) => i.code);
    };
    // Admin: no factory, the company's zone (Nairobi).
    expect(await list(admin.cookie, '2026-11-27')).toEqual(made.codes);
    expect(await list(admin.cookie, '2026-11-26')).toEqual([]);
    // A user of the factory on UTC counts that instant on the 26th.
    const londoner = await ctx.signedInAs(['Admin'], { factoryId: utcFactory.id });
    expect(await list(londoner.cookie, '2026-11-26')).toEqual(made.codes);
    expect(await list(londoner.cookie, '2026-11-27')).toEqual([]);
  });
});
