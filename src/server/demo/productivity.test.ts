import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isoWeekday, utcToday } from '../../common/calendar-days';
import type { ListResponse } from '../../common/contracts/list';
import type {
  DailyProductionReport,
  ProductivityTargetList,
  ProductivityTracker,
} from '../../common/contracts/productivity';
import { seedDemoProductivity } from './productivity';
import { createTestContext, type TestContext } from '../test/test-app';

describe('demo productivity', () => {
  let ctx: TestContext;
  let cookie: string;
  let adminId: string;
  const ids = new Map<string, string>();
  beforeAll(async () => {
    ctx = await createTestContext();
    for (const code of ['NBO', 'MSA', 'KSM']) ids.set(code, (await ctx.makeFactory({ code, name: `Demo ${code}` })).id);
    const admin = await ctx.signedInAs(['Admin']);
    cookie = admin.cookie;
    adminId = admin.id;
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('needs its demo admin', async () => {
    await expect(seedDemoProductivity(ctx.handle.db, ids, undefined)).rejects.toThrow(/demo admin is missing/);
  });

  it('seeds targets and three months of working days at each factory, once', async () => {
    const created = await seedDemoProductivity(ctx.handle.db, ids, adminId);
    expect(created).toBeGreaterThan(2 + 3 * 55);
    expect(await seedDemoProductivity(ctx.handle.db, ids, adminId)).toBe(0);

    const targets = (
      await ctx.request({ method: 'GET', url: '/api/productivity/targets', cookie })
    ).json<ProductivityTargetList>();
    expect(targets.items.map((t) => [t.factory?.code ?? 'default', t.stovesPerCouplerPerDay, t.state])).toEqual([
      ['default', 12, 'in_force'],
      ['MSA', 14, 'in_force'],
    ]);

    const reports = (
      await ctx.request({
        method: 'GET',
        url: `/api/daily-production-reports?factoryId=${ids.get('KSM')}&limit=200`,
        cookie,
      })
    ).json<ListResponse<DailyProductionReport>>();
    expect(
      reports.items.every((r) => isoWeekday(r.date) <= 5 && r.couplersPresent >= 4 && r.couplersPresent <= 6),
    ).toBe(true);
    expect(reports.items[0]?.date).toBe(
      [1, 2, 3, 4, 5, 6, 7].map((n) => addDays(utcToday(new Date()), -n)).find((d) => isoWeekday(d) <= 5),
    );

    const to = addDays(utcToday(new Date()), -1);
    const tracker = (
      await ctx.request({
        method: 'GET',
        url: `/api/productivity/tracker?period=month&from=${addDays(to, -60)}&to=${to}`,
        cookie,
      })
    ).json<ProductivityTracker>();
    expect(tracker.factories.map((f) => f.factory.code).sort()).toEqual(['KSM', 'MSA', 'NBO']);
    expect(tracker.totals.target).toBeGreaterThan(0);
  });
});
