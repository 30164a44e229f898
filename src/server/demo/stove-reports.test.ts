/** The demo stove reports: months of reports at MSA (by the coupler) and NBO within the kits there, one voided, seeded once. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays, utcToday } from '../../common/calendar-days';
import { queryRows } from '../db/client';
import { seedDemoStoveReports } from './stove-reports';
import { giveKits, makeCkdCategory } from '../test/production';
import { makeStoveIds } from '../test/stove-ids';
import { createTestContext, type TestContext } from '../test/test-app';

let ctx: TestContext;
let factoryIds: Map<string, string>;
let users: { coupler: string; factoryManager: string; admin: string };

beforeAll(async () => {
  ctx = await createTestContext();
  factoryIds = new Map();
  for (const [code, kind] of [
    ['NBO', 'both'],
    ['MSA', 'assembly'],
    ['KSM', 'assembly'],
  ] as const)
    factoryIds.set(code, (await ctx.makeFactory({ code, kind })).id);
  const msa = factoryIds.get('MSA') ?? '';
  const nbo = factoryIds.get('NBO') ?? '';
  users = {
    coupler: (await ctx.makeUser(['Stove Coupler'], { factoryId: msa })).id,
    factoryManager: (await ctx.makeUser(['Factory Manager'], { factoryId: msa })).id,
    admin: (await ctx.makeUser(['Admin'])).id,
  };
  await makeStoveIds(ctx.handle.db, { factoryId: msa, count: 200 });
  await makeStoveIds(ctx.handle.db, { factoryId: nbo, count: 120 });
  // Kits arrive over time, as the CKD demo sends them: early reports must wait for them.
  const [poa, large] = [await makeCkdCategory(ctx.handle.db), await makeCkdCategory(ctx.handle.db)];
  const today = utcToday(new Date());
  for (const [factoryId, categoryId, quantity, back] of [
    [msa, poa.id, 30, 150],
    [msa, poa.id, 25, 60],
    [msa, large.id, 12, 90],
    [nbo, poa.id, 40, 100],
  ] as const)
    await giveKits(ctx.handle.db, { factoryId, categoryId, quantity, date: addDays(today, -back) });
});
afterAll(async () => {
  await ctx.close();
});

it('seeds reports at MSA by the coupler and at NBO within the kits each day, one voided; a second run adds nothing', async () => {
  const made = await seedDemoStoveReports(ctx.handle.db, factoryIds, users);
  expect(made).toBeGreaterThan(10);
  const reports = await queryRows<{ code: string; status: string; createdBy: string; n: number; stoves: number }>(
    ctx.handle.db,
    sql`select f.code, r.status, r.created_by as "createdBy", count(*)::int as n, sum(r.stove_count)::int as stoves
          from stove_reports r join factories f on f.id = r.factory_id
         group by 1, 2, 3 order by 1, 2`,
  );
  expect(reports).toEqual([
    expect.objectContaining({ code: 'MSA', status: 'submitted', createdBy: users.coupler }),
    expect.objectContaining({ code: 'MSA', status: 'voided', createdBy: users.coupler, n: 1 }),
    expect.objectContaining({ code: 'NBO', status: 'submitted', createdBy: users.admin }),
  ]);
  expect(reports.reduce((sum, r) => sum + r.n, 0)).toBe(made);
  const [voided] = await queryRows<{ voidedBy: string }>(
    ctx.handle.db,
    sql`select voided_by as "voidedBy" from stove_reports where status = 'voided'`,
  );
  expect(voided?.voidedBy).toBe(users.factoryManager);

  // Dated over the last months, never in the future; no day's kit stock below zero.
  const [span] = await queryRows<{ first: string; last: string }>(
    ctx.handle.db,
    sql`select min(date)::text as first, max(date)::text as last from stove_reports`,
  );
  const today = utcToday(new Date());
  expect(span?.first && span.first >= addDays(today, -120)).toBe(true);
  expect(span?.last && span.last < today).toBe(true);
  const [negative] = await queryRows<{ n: number }>(
    ctx.handle.db,
    sql`select count(*)::int as n from (
          select sum(produced + received - sent - consumed + adjusted)
                   over (partition by factory_id, category_id order by day) as balance
            from ckd_daily) b
         where balance < 0`,
  );
  expect(negative?.n).toBe(0);
  // Coupled IDs match the submitted reports' stoves.
  const [coupled] = await queryRows<{ n: number }>(
    ctx.handle.db,
    sql`select count(*)::int as n from stove_ids where status = 'coupled'`,
  );
  expect(coupled?.n).toBe(reports.filter((r) => r.status === 'submitted').reduce((sum, r) => sum + r.stoves, 0));

  expect(await seedDemoStoveReports(ctx.handle.db, factoryIds, users)).toBe(0);
});
