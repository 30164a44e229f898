/**
 * PostgreSQL only (PGlite runs one transaction at a time): steel records racing for the last
 * steel. Exactly one wins; the other is refused with the shortage (409) and writes nothing, so
 * the stock never goes negative and always equals the ledger's sum.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { giveSteel, makeSteelCategory } from '../../test/production';
import { createTestContext, type TestContext } from '../../test/test-app';

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('steel records under concurrency', () => {
  let ctx: TestContext;
  let cookie: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    cookie = (await ctx.signedInAs(['Admin'])).cookie;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const today = () => new Date().toISOString().slice(0, 10);
  const use = (factoryId: string, categoryId: string, kind: string, quantity: number) =>
    ctx.request({
      method: 'POST',
      url: '/api/steel/records',
      cookie,
      payload: { date: today(), factoryId, categoryId, kind, quantity },
    });

  async function state(factoryId: string, categoryId: string) {
    const [row] = await queryRows<{ stock: number; sum: number; records: number }>(
      ctx.handle.db,
      sql`select (select quantity::float8 from steel_stock where factory_id = ${factoryId} and category_id = ${categoryId}) as stock,
                 (select sum(delta)::float8 from steel_records where factory_id = ${factoryId} and category_id = ${categoryId}) as sum,
                 (select count(*)::int from steel_records where factory_id = ${factoryId} and category_id = ${categoryId}) as records`,
    );
    return row;
  }

  it('two records taking the last steel at once: exactly one is written, the other 409 (repeated)', async () => {
    const factory = await ctx.makeFactory({ kind: 'plant' });
    for (let round = 0; round < 8; round++) {
      const steel = await makeSteelCategory(ctx.handle.db, {
        name: `Race ${Array.from(randomBytes(6), (b) => String.fromCharCode(65 + (b % 26))).join('')}`,
      });
      await giveSteel(ctx.handle.db, { factoryId: factory.id, categoryId: steel.id, quantity: 20 });
      const results = await Promise.all([
        use(factory.id, steel.id, 'used', 15),
        use(factory.id, steel.id, round % 2 === 0 ? 'scrap' : 'adjustment', round % 2 === 0 ? 15 : -15),
      ]);
      expect(results.map((r) => r.statusCode).sort(), `round ${round}`).toEqual([201, 409]);
      const loser = results.find((r) => r.statusCode === 409);
      expect(loser?.json<{ error: { message: string } }>().error.message).toBe(
        'Not enough steel: 5 kg in stock, 15 kg needed. Nothing was recorded.',
      );
      expect(await state(factory.id, steel.id)).toEqual({ stock: 5, sum: 5, records: 2 });
    }
  });

  it('many small uses racing for the stock: never below zero, balance equals the ledger', async () => {
    const factory = await ctx.makeFactory({ kind: 'plant' });
    const steel = await makeSteelCategory(ctx.handle.db);
    await giveSteel(ctx.handle.db, { factoryId: factory.id, categoryId: steel.id, quantity: 10 });
    const results = await Promise.all(Array.from({ length: 16 }, () => use(factory.id, steel.id, 'used', 1)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(6);
    expect(await state(factory.id, steel.id)).toEqual({ stock: 0, sum: 0, records: 11 });
  });
});
