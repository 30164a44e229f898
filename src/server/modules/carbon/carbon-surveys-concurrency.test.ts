/**
 * PostgreSQL only (PGlite has one connection, so nothing runs concurrently there): usage surveys
 * under concurrency (issue 26). Draws made at the same moment with the same seed are each kept, as
 * records of their own with the same stoves: nothing replaces a draw. Results recorded one by one
 * while an import writes the same stoves' results (the import locks the draw's stoves in one order,
 * a single result its one stove): every request ends without a deadlock and each stove keeps
 * exactly one result, either the form's or the file's.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SurveyDrawDetail } from '../../../common/contracts/carbon-surveys';
import { queryRows } from '../../db/client';
import { makeCustomer } from '../../test/sales-lines';
import { makeSalesCategory, makeSalesPackage, setSalesPrice } from '../../test/sales';
import { makeStoveIds } from '../../test/stove-ids';
import { createTestContext, type SignedInUser, type TestContext } from '../../test/test-app';

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('usage surveys under concurrency', () => {
  let ctx: TestContext;
  let A: { id: string };
  let admin: SignedInUser;
  const period = { from: '2025-01-01', to: '2025-12-31' };

  beforeAll(async () => {
    ctx = await createTestContext();
    const db = ctx.handle.db;
    A = await ctx.makeFactory();
    admin = await ctx.signedInAs(['Admin']);
    const category = await makeSalesCategory(db);
    const pkg = await makeSalesPackage(db);
    await setSalesPrice(db, {
      packageId: pkg.id,
      categoryId: category.id,
      unitPrice: 3500,
      effectiveFrom: '2025-01-01',
    });
    const household = await makeCustomer(db, { type: 'individual' });
    const made = await makeStoveIds(db, { factoryId: A.id, count: 30, status: 'validated' });
    const res = await ctx.request({
      method: 'POST',
      url: '/api/sales/orders',
      cookie: admin.cookie,
      payload: {
        date: '2025-05-05',
        factoryId: A.id,
        customerId: household.id,
        categoryId: category.id,
        lines: [{ packageId: pkg.id, quantity: 30 }],
        codes: made.codes,
        buyerName: 'Wanjiru Kamau',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const draw = () =>
    ctx.request({
      method: 'POST',
      url: '/api/carbon/surveys/draws',
      cookie: admin.cookie,
      payload: { ...period, factoryId: A.id, years: [2025], seed: 99 },
    });

  it('keeps every one of concurrent draws with the same seed, each with the same stoves', async () => {
    const answers = await Promise.all([draw(), draw(), draw()]);
    for (const a of answers) expect(a.statusCode, a.body).toBe(201);
    const draws = answers.map((a) => a.json<SurveyDrawDetail>());
    expect(new Set(draws.map((d) => d.id)).size).toBe(3);
    expect(new Set(draws.map((d) => d.label)).size).toBe(3);
    for (const d of draws) expect(d.members.map((m) => m.code)).toEqual(draws[0]?.members.map((m) => m.code));
  });

  it('records single results while an import writes the same stoves: no deadlock, one result per stove', async () => {
    const d = (await draw()).json<SurveyDrawDetail>();
    const codes = d.members.map((m) => m.code);
    const csv = [
      'Stove ID,Date,Reached,In use,Working,Surveyor',
      ...[...codes].reverse().map((c) => `${c},2026-01-10,yes,yes,yes,File`),
    ].join('\n');
    const singles = codes.slice(0, 8).map((code) =>
      ctx.request({
        method: 'PUT',
        url: `/api/carbon/surveys/draws/${d.id}/results/${code}`,
        cookie: admin.cookie,
        payload: { surveyedOn: '2026-01-11', reached: true, inUse: false, working: true, surveyor: 'Form' },
      }),
    );
    const imported = ctx.request({
      method: 'POST',
      url: `/api/carbon/surveys/draws/${d.id}/results/import`,
      cookie: admin.cookie,
      payload: { csv, dryRun: false },
    });
    const answers = await Promise.all([...singles, imported]);
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const rows = await queryRows<{ n: number }>(
      ctx.handle.db,
      sql`select count(*)::int as n
            from survey_draw_members m join survey_results sr on sr.member_id = m.id
           where m.draw_id = ${d.id}`,
    );
    expect(rows[0]?.n).toBe(codes.length);
  });
});
