/**
 * PostgreSQL only (PGlite has one connection, so nothing runs concurrently there): stove reports
 * under concurrency. Two reports racing for the same IDs: exactly one wins, the other is refused
 * naming them, one kit per stove is consumed once. Two reports racing for the last kits: exactly
 * one wins and the stock never goes below zero. Two voids of one report: exactly one applies (IDs
 * back once, kits back once).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoveReport } from '../../../common/contracts/production';
import { queryRows } from '../../db/client';
import { giveKits, makeCkdCategory } from '../../test/production';
import { makeStoveIds } from '../../test/stove-ids';
import { createTestContext, type ErrorBody, type SignedInUser, type TestContext } from '../../test/test-app';
import { sqlBigintArray } from '../stove-ids/stove-id-status.repository';

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('stove reports under concurrency', () => {
  let ctx: TestContext;
  let A: { id: string };
  let couplerA: SignedInUser;
  let couplerA2: SignedInUser;
  let managerA: SignedInUser;
  let productionManager: SignedInUser;

  beforeAll(async () => {
    ctx = await createTestContext();
    A = await ctx.makeFactory();
    couplerA = await ctx.signedInAs(['Stove Coupler'], { factoryId: A.id });
    couplerA2 = await ctx.signedInAs(['Stove Coupler'], { factoryId: A.id });
    managerA = await ctx.signedInAs(['Factory Manager'], { factoryId: A.id });
    productionManager = await ctx.signedInAs(['Production Manager']);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const post = (url: string, payload: unknown, user: SignedInUser) =>
    ctx.request({ method: 'POST', url, payload: payload as Record<string, unknown>, cookie: user.cookie });
  const today = () => new Date().toISOString().slice(0, 10);

  const kits = async (categoryId: string) => {
    const [row] = await queryRows<{ n: number }>(
      ctx.handle.db,
      sql`select quantity as n from ckd_stock where factory_id = ${A.id} and category_id = ${categoryId}`,
    );
    return Number(row?.n ?? 0);
  };
  const couplings = async (ids: number[]) => {
    const rows = await queryRows<{ status: string; coupled: number; items: number }>(
      ctx.handle.db,
      sql`select s.status,
                 (select count(*)::int from stove_id_events e where e.stove_id_id = s.id and e.kind = 'coupled') as coupled,
                 (select count(*)::int from stove_report_items i where i.stove_id_id = s.id) as items
            from stove_ids s where s.id = any(${sqlBigintArray(ids)}) order by s.id`,
    );
    return rows;
  };

  it('two reports racing for the same IDs: exactly one 201, the other 409 naming them (repeated)', async () => {
    for (let round = 0; round < 8; round++) {
      const kit = await makeCkdCategory(ctx.handle.db);
      await giveKits(ctx.handle.db, { factoryId: A.id, categoryId: kit.id, quantity: 100 });
      const ids = await makeStoveIds(ctx.handle.db, { factoryId: A.id, count: 20 });
      const body = { factoryId: A.id, categoryId: kit.id, date: today(), codes: ids.codes };
      const [one, two] = await Promise.all([
        post('/api/stove-reports', body, couplerA),
        post('/api/stove-reports', body, couplerA2),
      ]);
      const statuses = [one.statusCode, two.statusCode].sort();
      expect(statuses, `${one.body} ${two.body}`).toEqual([201, 409]);
      const loser = one.statusCode === 409 ? one : two;
      const problems = loser.json<ErrorBody>().error.details?.problems ?? [];
      expect(problems.map((p) => p.code).sort()).toEqual([...ids.codes].sort());
      expect(new Set(problems.map((p) => p.reason))).toEqual(new Set(['Already coupled (on another stove report)']));
      expect(await kits(kit.id)).toBe(80);
      const rows = await couplings(ids.ids);
      expect(rows.every((r) => r.status === 'coupled' && r.coupled === 1 && r.items === 1)).toBe(true);
    }
  });

  it('two reports racing for the last kits: exactly one wins, the stock never goes below zero', async () => {
    for (let round = 0; round < 5; round++) {
      const kit = await makeCkdCategory(ctx.handle.db);
      await giveKits(ctx.handle.db, { factoryId: A.id, categoryId: kit.id, quantity: 15 });
      const first = await makeStoveIds(ctx.handle.db, { factoryId: A.id, count: 10 });
      const second = await makeStoveIds(ctx.handle.db, { factoryId: A.id, count: 10 });
      const body = (codes: string[]) => ({ factoryId: A.id, categoryId: kit.id, date: today(), codes });
      const [one, two] = await Promise.all([
        post('/api/stove-reports', body(first.codes), couplerA),
        post('/api/stove-reports', body(second.codes), couplerA2),
      ]);
      expect([one.statusCode, two.statusCode].sort(), `${one.body} ${two.body}`).toEqual([201, 409]);
      const loser = one.statusCode === 409 ? one : two;
      expect(loser.json<ErrorBody>().error.message).toMatch(/^Not enough kits: .* has 5 /);
      expect(await kits(kit.id)).toBe(5);
      const lost = one.statusCode === 409 ? first : second;
      expect((await couplings(lost.ids)).every((r) => r.status === 'in_stock' && r.coupled === 0)).toBe(true);
    }
  });

  it('two voids of one report: exactly one applies; the IDs and kits come back once (repeated)', async () => {
    for (let round = 0; round < 8; round++) {
      const kit = await makeCkdCategory(ctx.handle.db);
      await giveKits(ctx.handle.db, { factoryId: A.id, categoryId: kit.id, quantity: 30 });
      const ids = await makeStoveIds(ctx.handle.db, { factoryId: A.id, count: 12 });
      const created = await post(
        '/api/stove-reports',
        { factoryId: A.id, categoryId: kit.id, date: today(), codes: ids.codes },
        couplerA,
      );
      expect(created.statusCode).toBe(201);
      const report = created.json<StoveReport>();
      const [one, two] = await Promise.all([
        post(`/api/stove-reports/${report.id}/void`, { reason: 'Race one' }, managerA),
        post(`/api/stove-reports/${report.id}/void`, { reason: 'Race two' }, productionManager),
      ]);
      expect([one.statusCode, two.statusCode].sort(), `${one.body} ${two.body}`).toEqual([200, 409]);
      expect((one.statusCode === 409 ? one : two).json<ErrorBody>().error.message).toContain('is already voided');
      expect(await kits(kit.id)).toBe(30);
      const [reversals] = await queryRows<{ n: number }>(
        ctx.handle.db,
        sql`select count(*)::int as n from ckd_movements where stove_report_id = ${report.id} and kind = 'consumption_reversed'`,
      );
      expect(reversals?.n).toBe(1);
      const [events] = await queryRows<{ n: number }>(
        ctx.handle.db,
        sql`select count(*)::int as n from stove_id_events
             where stove_id_id = any(${sqlBigintArray(ids.ids)}) and kind = 'report_voided'`,
      );
      expect(events?.n).toBe(12);
      expect((await couplings(ids.ids)).every((r) => r.status === 'in_stock')).toBe(true);
    }
  });
});
