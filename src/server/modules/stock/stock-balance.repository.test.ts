import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { giveKits, giveSteel, makeCkdCategory, makeSteelCategory } from '../../test/production';
import { createTestContext, type TestContext } from '../../test/test-app';
import { describeKitShortages, recordKitMovements } from '../ckd/ckd-ledger.repository';
import { recordSteelMovements } from '../steel/steel-ledger.repository';
import { mergeStockDeltas } from './stock-balance.repository';

describe('mergeStockDeltas', () => {
  it('sums the deltas of one factory and category and orders them for locking', () => {
    expect(
      mergeStockDeltas([
        { factoryId: 'b', categoryId: 'x', delta: 2 },
        { factoryId: 'a', categoryId: 'y', delta: -1 },
        { factoryId: 'b', categoryId: 'x', delta: -5 },
        { factoryId: 'a', categoryId: 'x', delta: 3 },
      ]),
    ).toEqual([
      { factoryId: 'a', categoryId: 'x', delta: 3 },
      { factoryId: 'a', categoryId: 'y', delta: -1 },
      { factoryId: 'b', categoryId: 'x', delta: -3 },
    ]);
  });
});

describe('stock ledgers', () => {
  let ctx: TestContext;
  let factoryId: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    factoryId = (await ctx.makeFactory()).id;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const kitStock = async (categoryId: string) =>
    (
      await queryRows<{ q: number }>(
        ctx.handle.db,
        sql`select quantity as q from ckd_stock where factory_id = ${factoryId} and category_id = ${categoryId}`,
      )
    )[0]?.q;

  it('keeps kit balance, ledger and daily totals together, and refuses to go below zero', async () => {
    const kit = await makeCkdCategory(ctx.handle.db);
    await giveKits(ctx.handle.db, { factoryId, categoryId: kit.id, quantity: 5, date: '2026-03-01' });
    const taken = await recordKitMovements(ctx.handle.db, [
      { date: '2026-03-02', factoryId, categoryId: kit.id, kind: 'consumed', delta: -3, createdBy: null },
    ]);
    expect(taken).toEqual({ ok: true });
    expect(await kitStock(kit.id)).toBe(2);

    const refused = await recordKitMovements(ctx.handle.db, [
      { date: '2026-03-02', factoryId, categoryId: kit.id, kind: 'consumed', delta: -1, createdBy: null },
      { date: '2026-03-02', factoryId, categoryId: kit.id, kind: 'transfer_out', delta: -2, createdBy: null },
    ]);
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.shortages).toEqual([{ factoryId, categoryId: kit.id, available: 2, needed: 3 }]);
    expect(await describeKitShortages(ctx.handle.db, refused.shortages)).toEqual([
      { code: expect.stringContaining(kit.name) as string, reason: 'Not enough kits: 2 in stock, 3 needed.' },
    ]);
    expect(await kitStock(kit.id)).toBe(2);

    const daily = await queryRows<{ day: string; consumed: number; adjusted: number }>(
      ctx.handle.db,
      sql`select day::text, consumed, adjusted from ckd_daily where category_id = ${kit.id} order by day`,
    );
    expect(daily).toEqual([
      { day: '2026-03-01', consumed: 0, adjusted: 5 },
      { day: '2026-03-02', consumed: 3, adjusted: 0 },
    ]);
    const [ledger] = await queryRows<{ n: number; total: number }>(
      ctx.handle.db,
      sql`select count(*)::int as n, sum(delta)::int as total from ckd_movements where category_id = ${kit.id}`,
    );
    expect(ledger).toEqual({ n: 2, total: 2 });
  });

  it('refuses a database write that would leave a negative balance even without the check', async () => {
    const kit = await makeCkdCategory(ctx.handle.db);
    await giveKits(ctx.handle.db, { factoryId, categoryId: kit.id, quantity: 1 });
    await expect(
      ctx.handle.db.execute(
        sql`update ckd_stock set quantity = -1 where factory_id = ${factoryId} and category_id = ${kit.id}`,
      ),
    ).rejects.toThrow();
  });

  it('moves steel to the gram and refuses more than is in stock', async () => {
    const steel = await makeSteelCategory(ctx.handle.db);
    await giveSteel(ctx.handle.db, { factoryId, categoryId: steel.id, quantity: 10.5 });
    const used = await recordSteelMovements(ctx.handle.db, [
      { date: '2026-03-02', factoryId, categoryId: steel.id, kind: 'used', quantity: 10.25, createdBy: null },
    ]);
    expect(used.ok).toBe(true);
    const refused = await recordSteelMovements(ctx.handle.db, [
      { date: '2026-03-02', factoryId, categoryId: steel.id, kind: 'scrap', quantity: 0.251, createdBy: null },
    ]);
    expect(refused).toEqual({
      ok: false,
      shortages: [{ factoryId, categoryId: steel.id, available: 0.25, needed: 0.251 }],
    });
    const [stock] = await queryRows<{ q: number }>(
      ctx.handle.db,
      sql`select quantity::float8 as q from steel_stock where category_id = ${steel.id}`,
    );
    expect(stock?.q).toBe(0.25);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'two movements racing for the last kits: exactly one takes them (PostgreSQL)',
    async () => {
      const kit = await makeCkdCategory(ctx.handle.db);
      await giveKits(ctx.handle.db, { factoryId, categoryId: kit.id, quantity: 3 });
      const take = () =>
        ctx.handle.db.transaction(async (tx) => {
          const posted = await recordKitMovements(tx, [
            { date: '2026-03-03', factoryId, categoryId: kit.id, kind: 'consumed', delta: -2, createdBy: null },
          ]);
          await tx.execute(sql`select pg_sleep(0.05)`);
          return posted.ok;
        });
      const results = await Promise.all([take(), take(), take()]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await kitStock(kit.id)).toBe(1);
    },
  );
});
