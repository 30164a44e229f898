/**
 * The productivity tracker over real rows: stove reports (written straight into the table, as the
 * stove report screen would leave them), daily reports and targets. Proves: stoves coupled count
 * submitted reports only; the target in force each day (a factory's own beats the default) times
 * couplers present; attainment and stoves per worker-hour per factory, coupler and period; ISO
 * weeks from Monday and months; missing reports or targets give null; range limits are 400s;
 * factory-scoped users get their own factory only; groups without productivity-tracker get 403.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductivityTracker } from '../../../common/contracts/productivity';
import { groupsWithout } from '../../test/groups';
import { makeCkdCategory } from '../../test/production';
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
let managerA: User;
let c1: { id: string };
let c2: { id: string };
let c3: { id: string };
let categoryId: string;

async function stoveReport(factoryId: string, couplerId: string, date: string, stoves: number, voided = false) {
  await ctx.handle.db.execute(
    sql`insert into stove_reports (date, factory_id, category_id, stove_count, status, created_by, updated_by,
                                   voided_at, void_reason, voided_by)
        values (${date}, ${factoryId}, ${categoryId}, ${stoves}, ${voided ? 'voided' : 'submitted'}, ${couplerId},
                ${couplerId}, ${voided ? new Date().toISOString() : null}, ${voided ? 'Counted twice' : null},
                ${voided ? admin.id : null})`,
  );
}

async function dailyReport(factoryId: string, date: string, couplersPresent: number, hoursWorked: number) {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/daily-production-reports',
    cookie: admin.cookie,
    payload: { factoryId, date, couplersPresent, hoursWorked, defects: 0, downtimeMinutes: 0 },
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function target(factoryId: string | null, effectiveFrom: string, stovesPerCouplerPerDay: number) {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/productivity/targets',
    cookie: admin.cookie,
    payload: { factoryId, effectiveFrom, stovesPerCouplerPerDay, hoursPerDay: 8 },
  });
  expect(res.statusCode, res.body).toBe(201);
}

beforeAll(async () => {
  ctx = await createTestContext();
  A = await ctx.makeFactory({ name: 'Alpha Assembly' });
  B = await ctx.makeFactory({ name: 'Beta Assembly' });
  await ctx.makeFactory({ name: 'Plant Without Couplers', kind: 'plant' });
  admin = await ctx.signedInAs(['Admin']);
  managerA = await ctx.signedInAs(['Factory Manager'], { factoryId: A.id });
  c1 = await ctx.makeUser(['Stove Coupler'], { factoryId: A.id, name: 'Carol Coupler' });
  c2 = await ctx.makeUser(['Stove Coupler'], { factoryId: A.id, name: 'Dan Coupler' });
  c3 = await ctx.makeUser(['Stove Coupler'], { factoryId: B.id, name: 'Eve Coupler' });
  categoryId = (await makeCkdCategory(ctx.handle.db)).id;

  await target(null, '2025-01-01', 10);
  await target(A.id, '2025-03-05', 12); // a Wednesday: A's own target from then on

  // Week of Monday 3 March 2025 at A.
  await dailyReport(A.id, '2025-03-03', 2, 8); // target 2 × 10 = 20
  await stoveReport(A.id, c1.id, '2025-03-03', 9);
  await stoveReport(A.id, c2.id, '2025-03-03', 11);
  await dailyReport(A.id, '2025-03-04', 2, 8); // target 20
  await stoveReport(A.id, c1.id, '2025-03-04', 8);
  await stoveReport(A.id, c1.id, '2025-03-04', 4);
  await stoveReport(A.id, c2.id, '2025-03-04', 50, true); // voided: does not count
  await dailyReport(A.id, '2025-03-05', 3, 7.5); // target 3 × 12 = 36
  await stoveReport(A.id, c1.id, '2025-03-05', 20);
  await stoveReport(A.id, c2.id, '2025-03-05', 16);
  await stoveReport(A.id, c1.id, '2025-03-06', 5); // no daily report that day
  // Next week: a reported day with nothing coupled.
  await dailyReport(A.id, '2025-03-10', 2, 8); // target 24
  // B: stoves coupled, but no daily report at all.
  await stoveReport(B.id, c3.id, '2025-03-04', 7);
}, 60_000);
afterAll(async () => {
  await ctx.close();
});

async function tracker(query: string, user: User = admin): Promise<ProductivityTracker> {
  const res = await ctx.request({ method: 'GET', url: `/api/productivity/tracker?${query}`, cookie: user.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProductivityTracker>();
}

const factoryOf = (t: ProductivityTracker, id: string) => t.factories.find((f) => f.factory.id === id);

describe('the productivity tracker', () => {
  it('computes each factory’s days: coupled vs the target in force × couplers present', async () => {
    const t = await tracker('period=day&from=2025-03-03&to=2025-03-10');
    expect(t.factories.map((f) => f.factory.name)).toEqual(['Alpha Assembly', 'Beta Assembly']);
    const alpha = factoryOf(t, A.id);
    expect(
      alpha?.periods.map((p) => [p.key, p.coupled, p.couplersPresent, p.workerHours, p.target, p.attainment]),
    ).toEqual([
      ['2025-03-03', 20, 2, 16, 20, 1],
      ['2025-03-04', 12, 2, 16, 20, 0.6],
      ['2025-03-05', 36, 3, 22.5, 36, 1],
      ['2025-03-06', 5, null, null, null, null],
      ['2025-03-07', 0, null, null, null, null],
      ['2025-03-08', 0, null, null, null, null],
      ['2025-03-09', 0, null, null, null, null],
      ['2025-03-10', 0, 2, 16, 24, 0],
    ]);
    expect(alpha?.periods[2]?.stovesPerWorkerHour).toBe(1.6);
    // The target's own rate: 36 stoves over 3 couplers × its 8 hours.
    expect(alpha?.periods[2]?.targetPerWorkerHour).toBe(1.5);
    expect(alpha?.totals).toMatchObject({
      coupled: 73,
      couplersPresent: 9,
      workerHours: 70.5,
      target: 100,
      attainment: 0.68,
      stovesPerWorkerHour: 0.965,
      daysReported: 4,
      daysWithoutTarget: 1,
    });
  });

  it('shows a factory without daily reports with its stoves but no target, attainment or rate', async () => {
    const beta = factoryOf(await tracker('period=day&from=2025-03-03&to=2025-03-10'), B.id);
    expect(beta?.totals).toMatchObject({
      coupled: 7,
      couplersPresent: null,
      workerHours: null,
      target: null,
      attainment: null,
      stovesPerWorkerHour: null,
      daysWithoutTarget: 1,
    });
  });

  it('groups by ISO week from Monday, with totals and a trend across factories', async () => {
    const t = await tracker('period=week&from=2025-03-03&to=2025-03-16');
    expect(t.periods.map((p) => [p.key, p.label, p.start, p.end])).toEqual([
      ['2025-03-03', 'Week 10, 2025', '2025-03-03', '2025-03-09'],
      ['2025-03-10', 'Week 11, 2025', '2025-03-10', '2025-03-16'],
    ]);
    expect(factoryOf(t, A.id)?.periods.map((p) => [p.coupled, p.target, p.attainment])).toEqual([
      [73, 76, 0.8947],
      [0, 24, 0],
    ]);
    expect(t.trend.map((p) => [p.key, p.coupled, p.target])).toEqual([
      ['2025-03-03', 80, 76],
      ['2025-03-10', 0, 24],
    ]);
    expect(t.totals).toMatchObject({ coupled: 80, target: 100, attainment: 0.68 });
  });

  it('groups by month', async () => {
    const t = await tracker('period=month&from=2025-02-15&to=2025-03-31');
    expect(t.trend.map((p) => [p.key, p.coupled])).toEqual([
      ['2025-02-01', 0],
      ['2025-03-01', 80],
    ]);
    expect(t.periods[0]).toMatchObject({ label: 'Feb 2025', start: '2025-02-15', end: '2025-02-28' });
  });

  it('gives each coupler the target per day they reported and their factory’s hours', async () => {
    const t = await tracker('period=week&from=2025-03-03&to=2025-03-09');
    expect(t.couplers.map((c) => [c.coupler.name, c.factory.code, c.totals.coupled])).toEqual([
      ['Carol Coupler', A.code, 46],
      ['Dan Coupler', A.code, 27],
      ['Eve Coupler', B.code, 7],
    ]);
    const carol = t.couplers[0]?.totals;
    // 3, 4 March: default 10 each; 5, 6 March: A's 12 each.
    expect(carol).toMatchObject({ target: 44, daysReported: 4, workerHours: 23.5, attainment: 1.0455 });
    expect(carol?.stovesPerWorkerHour).toBe(1.745);
    // Eve's factory has no daily report: no hours, but the default target for the day she reported.
    expect(t.couplers[2]?.totals).toMatchObject({ target: 10, attainment: 0.7, workerHours: null });
  });

  it('filters to one factory for global users', async () => {
    const t = await tracker(`period=week&from=2025-03-03&to=2025-03-09&factoryId=${B.id}`);
    expect(t.factories.map((f) => f.factory.id)).toEqual([B.id]);
    expect(t.totals.coupled).toBe(7);
  });

  it('keeps a Factory Manager to their own factory, whatever they ask for', async () => {
    const t = await tracker(`period=week&from=2025-03-03&to=2025-03-09&factoryId=${B.id}`, managerA);
    expect(t.factories.map((f) => f.factory.id)).toEqual([A.id]);
    expect(t.couplers.every((c) => c.factory.id === A.id)).toBe(true);
    expect(t.totals.coupled).toBe(73);
    const none = await ctx.signedInAs(['Factory Manager'], { factoryId: null });
    const empty = await tracker('period=week&from=2025-03-03&to=2025-03-09', none);
    expect(empty.factories).toEqual([]);
    expect(empty.totals).toMatchObject({ coupled: 0, target: null });
  });

  it('refuses bad ranges with a clear 400', async () => {
    const cases: [string, string, RegExp][] = [
      ['period=day&from=2025-03-10&to=2025-03-01', 'to', /To is before From/],
      [
        'period=day&from=2025-01-01&to=2025-04-30',
        'from',
        /By day, a range covers at most 92 days \(this one has 120\): choose a shorter range, or group by week/,
      ],
      ['period=week&from=2024-01-01&to=2025-03-01', 'from', /By week, a range covers at most 371 days/],
      ['period=month&from=2020-01-01&to=2025-03-01', 'from', /By month, a range covers at most 731 days/],
      ['period=year&from=2025-01-01&to=2025-03-01', 'period', /Period must be one of: day, week, month/],
      ['period=week&to=2025-03-01', 'from', /From is required/],
      ['period=week&from=2025-02-30&to=2025-03-01', 'from', /use a real date/],
      ['period=week&from=2025-02-01&to=2025-03-01&factoryId=x', 'factoryId', /valid id/],
    ];
    for (const [query, field, message] of cases) {
      const res = await ctx.request({ method: 'GET', url: `/api/productivity/tracker?${query}`, cookie: admin.cookie });
      expect(res.statusCode, query).toBe(400);
      expect(res.json<ErrorBody>().error.details?.fieldErrors?.[field]?.[0], query).toMatch(message);
    }
  });

  it('answers 403 to every group without productivity-tracker', async () => {
    for (const group of groupsWithout('productivity-tracker')) {
      const user = await ctx.signedInAs([group], { factoryId: A.id });
      const res = await ctx.request({
        method: 'GET',
        url: '/api/productivity/tracker?period=week&from=2025-03-03&to=2025-03-09',
        cookie: user.cookie,
      });
      expect(res.statusCode, group).toBe(403);
    }
  });
});
