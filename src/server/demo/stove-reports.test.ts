/**
 * The demo stove reports: each factory's own coupler reports the last working days, about the
 * target each day (less on bad days), within the kits there and on a batch of the month's labels;
 * one MSA report voided; seeded once.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays, isoWeekday } from '../../common/calendar-days';
import { demoToday } from './accounts';
import { queryRows } from '../db/client';
import { DEMO_PRODUCTION_DAYS, demoTarget, productionDay } from './production-days';
import { seedDemoStoveReports } from './stove-reports';
import { giveKits, makeCkdCategory } from '../test/production';
import { createTestContext, type TestContext } from '../test/test-app';

let ctx: TestContext;
let factoryIds: Map<string, string>;
let users: { couplers: Record<string, string>; factoryManager: string; admin: string };

beforeAll(async () => {
  ctx = await createTestContext();
  factoryIds = new Map();
  for (const [code, kind] of [
    ['NBO', 'both'],
    ['MSA', 'assembly'],
    ['KSM', 'assembly'],
  ] as const)
    factoryIds.set(code, (await ctx.makeFactory({ code, kind })).id);
  const id = (code: string) => factoryIds.get(code) ?? '';
  users = {
    couplers: {
      MSA: (await ctx.makeUser(['Stove Coupler'], { factoryId: id('MSA') })).id,
      NBO: (await ctx.makeUser(['Stove Coupler'], { factoryId: id('NBO') })).id,
      // KSM's coupler has no kits there: KSM reports nothing.
      KSM: (await ctx.makeUser(['Stove Coupler'], { factoryId: id('KSM') })).id,
    },
    factoryManager: (await ctx.makeUser(['Factory Manager'], { factoryId: id('MSA') })).id,
    admin: (await ctx.makeUser(['Admin'])).id,
  };
  // Plenty of kits at MSA before the month; NBO's arrive late and run short of the target.
  const [poa, large] = [await makeCkdCategory(ctx.handle.db), await makeCkdCategory(ctx.handle.db)];
  const today = demoToday();
  for (const [factoryId, categoryId, quantity, back] of [
    [id('MSA'), poa.id, 400, 150],
    [id('MSA'), large.id, 300, 90],
    [id('NBO'), poa.id, 60, 100],
  ] as const)
    await giveKits(ctx.handle.db, { factoryId, categoryId, quantity, date: addDays(today, -back) });
});
afterAll(async () => {
  await ctx.close();
});

it("seeds each factory's coupler's working days about the target, within the kits, one voided; a second run adds nothing", async () => {
  const made = await seedDemoStoveReports(ctx.handle.db, factoryIds, users);
  const reports = await queryRows<{ code: string; status: string; createdBy: string; n: number; stoves: number }>(
    ctx.handle.db,
    sql`select f.code, r.status, r.created_by as "createdBy", count(*)::int as n, sum(r.stove_count)::int as stoves
          from stove_reports r join factories f on f.id = r.factory_id
         group by 1, 2, 3 order by 1, 2`,
  );
  expect(reports).toEqual([
    expect.objectContaining({ code: 'MSA', status: 'submitted', createdBy: users.couplers.MSA }),
    expect.objectContaining({ code: 'MSA', status: 'voided', createdBy: users.couplers.MSA, n: 1 }),
    expect.objectContaining({ code: 'NBO', status: 'submitted', createdBy: users.couplers.NBO }),
  ]);
  expect(reports.reduce((sum, r) => sum + r.n, 0)).toBe(made);
  const [voided] = await queryRows<{ voidedBy: string }>(
    ctx.handle.db,
    sql`select voided_by as "voidedBy" from stove_reports where status = 'voided'`,
  );
  expect(voided?.voidedBy).toBe(users.factoryManager);

  // MSA, with kits enough: every working day of the month, the target times the day's factor.
  const msaDays = await queryRows<{ date: string; stoves: number }>(
    ctx.handle.db,
    sql`select r.date::text as date, r.stove_count as stoves
          from stove_reports r join factories f on f.id = r.factory_id
         where f.code = 'MSA' order by r.date`,
  );
  expect(msaDays).toHaveLength(DEMO_PRODUCTION_DAYS);
  const today = demoToday();
  for (const d of msaDays) {
    expect(isoWeekday(d.date)).toBeLessThanOrEqual(5);
    expect(d.date < today).toBe(true);
    expect(d.stoves).toBe(Math.round(demoTarget('MSA') * productionDay('MSA', d.date).factor));
  }
  // NBO's 60 kits (a quarter kept in stock) run out before the month does.
  const nbo = reports.find((r) => r.code === 'NBO');
  expect(nbo?.stoves).toBe(45);

  // No day's kit stock below zero; coupled IDs match the submitted reports' stoves.
  const [negative] = await queryRows<{ n: number }>(
    ctx.handle.db,
    sql`select count(*)::int as n from (
          select sum(produced + received - sent - consumed + adjusted)
                   over (partition by factory_id, category_id order by day) as balance
            from ckd_daily) b
         where balance < 0`,
  );
  expect(negative?.n).toBe(0);
  const [coupled] = await queryRows<{ n: number }>(
    ctx.handle.db,
    sql`select count(*)::int as n from stove_ids where status = 'coupled'`,
  );
  expect(coupled?.n).toBe(reports.filter((r) => r.status === 'submitted').reduce((sum, r) => sum + r.stoves, 0));

  expect(await seedDemoStoveReports(ctx.handle.db, factoryIds, users)).toBe(0);
});
