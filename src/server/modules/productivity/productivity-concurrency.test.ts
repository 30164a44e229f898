/**
 * PostgreSQL only (PGlite runs one transaction at a time): requests racing to write the same
 * factory's day report, or the same scope's target from the same day. Exactly one is created;
 * the others get the same 409 a late request gets, and nothing else is written.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyProductionReports, productivityTargets } from '../../db/schema/production';
import { countRows } from '../../test/db-assert';
import { createTestContext, type TestContext } from '../../test/test-app';

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('daily reports and targets under concurrency', () => {
  let ctx: TestContext;
  let cookie: string;
  let factoryId: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    cookie = (await ctx.signedInAs(['Admin'])).cookie;
    factoryId = (await ctx.makeFactory()).id;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const race = (url: string, payloads: Record<string, unknown>[]) =>
    Promise.all(payloads.map((payload) => ctx.request({ method: 'POST', url, cookie, payload })));

  it("lets one of several simultaneous reports of a factory's day in", async () => {
    const date = '2025-05-05';
    const results = await race(
      '/api/daily-production-reports',
      Array.from({ length: 6 }, (_, i) => ({
        factoryId,
        date,
        couplersPresent: i + 1,
        hoursWorked: 8,
        defects: 0,
        downtimeMinutes: 0,
      })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const res of results.filter((r) => r.statusCode === 409)) {
      expect(
        res.json<{ error: { details: { fieldErrors: { date: string[] } } } }>().error.details.fieldErrors.date[0],
      ).toMatch(/already exists/);
    }
    const where = and(eq(dailyProductionReports.factoryId, factoryId), eq(dailyProductionReports.date, date));
    expect(await countRows(ctx.handle.db, dailyProductionReports, where)).toBe(1);
  });

  it('lets one of several simultaneous targets of a scope and day in', async () => {
    const effectiveFrom = '2030-01-01';
    const results = await race(
      '/api/productivity/targets',
      Array.from({ length: 6 }, (_, i) => ({
        factoryId: null,
        effectiveFrom,
        stovesPerCouplerPerDay: 10 + i,
        hoursPerDay: 8,
      })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const where = and(isNull(productivityTargets.factoryId), eq(productivityTargets.effectiveFrom, effectiveFrom));
    expect(await countRows(ctx.handle.db, productivityTargets, where)).toBe(1);
  });
});
