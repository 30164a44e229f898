import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isoWeekday } from '../../common/calendar-days';
import { demoToday } from './accounts';
import type { ListResponse } from '../../common/contracts/list';
import type {
  DailyProductionReport,
  ProductivityTargetList,
  ProductivityTracker,
} from '../../common/contracts/productivity';
import { makeCkdCategory } from '../test/production';
import { makeStoveIds } from '../test/stove-ids';
import { createTestContext, type TestContext } from '../test/test-app';
import { DEMO_TARGETS, productionDay } from './production-days';
import { seedDemoProductivity } from './productivity';

describe('demo productivity', () => {
  let ctx: TestContext;
  let cookie: string;
  let adminId: string;
  const ids = new Map<string, string>();
  /** The last working day before today: the couplers' reports are dated on it. */
  const day = [1, 2, 3, 4, 5].map((n) => addDays(demoToday(), -n)).find((d) => isoWeekday(d) <= 5) ?? '';

  beforeAll(async () => {
    ctx = await createTestContext();
    for (const code of ['NBO', 'MSA', 'KSM']) ids.set(code, (await ctx.makeFactory({ code, name: `Demo ${code}` })).id);
    const admin = await ctx.signedInAs(['Admin']);
    cookie = admin.cookie;
    adminId = admin.id;
    // What the stove report demo leaves: two MSA couplers and one KSM coupler reported on `day`.
    const model = await makeCkdCategory(ctx.handle.db);
    for (const [code, stoves] of [
      ['MSA', 13],
      ['MSA', 15],
      ['KSM', 11],
    ] as const) {
      const factoryId = ids.get(code) ?? '';
      const coupler = await ctx.makeUser(['Stove Coupler'], { factoryId });
      await makeStoveIds(ctx.handle.db, {
        factoryId,
        count: stoves,
        status: 'coupled',
        model: model.id,
        actorId: coupler.id,
      });
    }
    await ctx.handle.db.execute(sql`update stove_reports set date = ${day}`);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('needs its demo admin', async () => {
    await expect(seedDemoProductivity(ctx.handle.db, ids, undefined)).rejects.toThrow(/demo admin is missing/);
  });

  it('seeds the targets and a daily report for each day the couplers reported, from those reports, once', async () => {
    const created = await seedDemoProductivity(ctx.handle.db, ids, adminId);
    expect(created).toBe(2 + 2);
    expect(await seedDemoProductivity(ctx.handle.db, ids, adminId)).toBe(0);

    const targets = (
      await ctx.request({ method: 'GET', url: '/api/productivity/targets', cookie })
    ).json<ProductivityTargetList>();
    expect(targets.items.map((t) => [t.factory?.code ?? 'default', t.stovesPerCouplerPerDay, t.state])).toEqual([
      ['default', DEMO_TARGETS.default, 'in_force'],
      ['MSA', DEMO_TARGETS.MSA, 'in_force'],
    ]);

    const reports = (
      await ctx.request({ method: 'GET', url: `/api/daily-production-reports?from=${day}&to=${day}&limit=10`, cookie })
    ).json<ListResponse<DailyProductionReport>>();
    const byFactory = new Map(reports.items.map((r) => [r.factory.code, r]));
    expect([...byFactory.keys()].sort()).toEqual(['KSM', 'MSA']);
    expect(byFactory.get('MSA')).toMatchObject({ date: day, couplersPresent: 2 });
    expect(byFactory.get('KSM')).toMatchObject({ date: day, couplersPresent: 1 });
    const bad = productionDay('MSA', day);
    expect(byFactory.get('MSA')?.hoursWorked).toBe(bad.outage || bad.shortage ? 6 : 8);

    // The tracker compares the 28 stoves of MSA with 2 couplers × 14: 100 %.
    const tracker = (
      await ctx.request({
        method: 'GET',
        url: `/api/productivity/tracker?period=day&from=${day}&to=${day}`,
        cookie,
      })
    ).json<ProductivityTracker>();
    const msa = tracker.factories.find((f) => f.factory.code === 'MSA');
    expect(msa?.totals).toMatchObject({ coupled: 28, target: 28, attainment: 1 });
  });
});
