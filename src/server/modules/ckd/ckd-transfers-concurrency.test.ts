/**
 * PostgreSQL only (PGlite has one connection, so nothing runs concurrently there): kit stock under
 * concurrency. Two transfers racing for the last kits: exactly one wins, the other is refused with
 * the stock it saw, and the balances match the ledger. Two produced records racing for the last
 * steel: exactly one is written.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { giveKits, giveSteel, makeCkdCategory, makeSteelCategory } from '../../test/production';
import { createTestContext, type ErrorBody, type SignedInUser, type TestContext } from '../../test/test-app';

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('kit stock under concurrency', () => {
  let ctx: TestContext;
  let A: { id: string };
  let B: { id: string };
  let C: { id: string };
  let admin: SignedInUser;
  let managerA: SignedInUser;

  beforeAll(async () => {
    ctx = await createTestContext();
    A = await ctx.makeFactory({ kind: 'plant' });
    B = await ctx.makeFactory();
    C = await ctx.makeFactory();
    admin = await ctx.signedInAs(['Admin']);
    managerA = await ctx.signedInAs(['Factory Manager'], { factoryId: A.id });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const post = (url: string, payload: unknown, user: SignedInUser) =>
    ctx.request({ method: 'POST', url, payload: payload as Record<string, unknown>, cookie: user.cookie });
  const today = new Date().toISOString().slice(0, 10);

  /** The balance, and the sum of the ledger rows it must equal. */
  async function kits(factoryId: string, categoryId: string) {
    const [row] = await queryRows<{ stock: number; ledger: number }>(
      ctx.handle.db,
      sql`select coalesce((select quantity from ckd_stock where factory_id = ${factoryId} and category_id = ${categoryId}), 0)::int as stock,
                 coalesce((select sum(delta) from ckd_movements where factory_id = ${factoryId} and category_id = ${categoryId}), 0)::int as ledger`,
    );
    return row;
  }

  it('two transfers racing for the last kits: exactly one 201, the other 409; stock equals the ledger (repeated)', async () => {
    for (let round = 0; round < 10; round++) {
      const kit = await makeCkdCategory(ctx.handle.db);
      await giveKits(ctx.handle.db, { factoryId: A.id, categoryId: kit.id, quantity: 10 });
      const send = (to: string, quantity: number, user: SignedInUser) =>
        post(
          '/api/ckd/transfers',
          { fromFactoryId: A.id, toFactoryId: to, lines: [{ categoryId: kit.id, quantity }], date: today },
          user,
        );
      const [x, y] = await Promise.all([send(B.id, 7, admin), send(C.id, 6, managerA)]);
      expect([x.statusCode, y.statusCode].sort(), `${x.body} ${y.body}`).toEqual([201, 409]);
      const xWon = x.statusCode === 201;
      const loser = xWon ? y : x;
      expect(loser.json<ErrorBody>().error.message).toBe(
        `Not enough kits: ${xWon ? 3 : 4} in stock, ${xWon ? 6 : 7} needed. Nothing was sent.`,
      );
      expect(await kits(A.id, kit.id)).toEqual(xWon ? { stock: 3, ledger: 3 } : { stock: 4, ledger: 4 });
      expect(await kits(B.id, kit.id)).toEqual(xWon ? { stock: 7, ledger: 7 } : { stock: 0, ledger: 0 });
      expect(await kits(C.id, kit.id)).toEqual(xWon ? { stock: 0, ledger: 0 } : { stock: 6, ledger: 6 });
      const [count] = await queryRows<{ n: number }>(
        ctx.handle.db,
        sql`select count(distinct transfer_id)::int as n from ckd_movements where category_id = ${kit.id} and kind = 'transfer_out'`,
      );
      expect(count?.n).toBe(1);
    }
  });

  it('transfers of two categories, their lines in opposite orders, racing for both: one wins whole, no deadlock', async () => {
    for (let round = 0; round < 5; round++) {
      const poa = await makeCkdCategory(ctx.handle.db);
      const kuni = await makeCkdCategory(ctx.handle.db);
      await giveKits(ctx.handle.db, { factoryId: A.id, categoryId: poa.id, quantity: 5 });
      await giveKits(ctx.handle.db, { factoryId: A.id, categoryId: kuni.id, quantity: 5 });
      const send = (to: string, lines: { categoryId: string; quantity: number }[], user: SignedInUser) =>
        post('/api/ckd/transfers', { fromFactoryId: A.id, toFactoryId: to, lines, date: today }, user);
      const [x, y] = await Promise.all([
        send(
          B.id,
          [
            { categoryId: poa.id, quantity: 4 },
            { categoryId: kuni.id, quantity: 4 },
          ],
          admin,
        ),
        send(
          C.id,
          [
            { categoryId: kuni.id, quantity: 3 },
            { categoryId: poa.id, quantity: 3 },
          ],
          managerA,
        ),
      ]);
      expect([x.statusCode, y.statusCode].sort(), `${x.body} ${y.body}`).toEqual([201, 409]);
      const left = x.statusCode === 201 ? 1 : 2;
      expect(await kits(A.id, poa.id)).toEqual({ stock: left, ledger: left });
      expect(await kits(A.id, kuni.id)).toEqual({ stock: left, ledger: left });
    }
  });

  it('many transfers of one kit each racing for five kits: exactly five win', async () => {
    const kit = await makeCkdCategory(ctx.handle.db);
    await giveKits(ctx.handle.db, { factoryId: A.id, categoryId: kit.id, quantity: 5 });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post(
          '/api/ckd/transfers',
          {
            fromFactoryId: A.id,
            toFactoryId: i % 2 ? B.id : C.id,
            lines: [{ categoryId: kit.id, quantity: 1 }],
            date: today,
          },
          admin,
        ),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(7);
    expect(await kits(A.id, kit.id)).toEqual({ stock: 0, ledger: 0 });
    const [b, c] = [await kits(B.id, kit.id), await kits(C.id, kit.id)];
    expect((b?.stock ?? 0) + (c?.stock ?? 0)).toBe(5);
  });

  it('two produced records racing for the last steel: exactly one is written (repeated)', async () => {
    for (let round = 0; round < 6; round++) {
      const steel = await makeSteelCategory(ctx.handle.db);
      await giveSteel(ctx.handle.db, { factoryId: A.id, categoryId: steel.id, quantity: 30 });
      const kit = await makeCkdCategory(ctx.handle.db, { usage: [{ steelCategoryId: steel.id, quantityPerKit: 2 }] });
      const record = () =>
        post('/api/ckd/produced-records', { date: today, factoryId: A.id, categoryId: kit.id, quantity: 10 }, admin);
      const [x, y] = await Promise.all([record(), record()]);
      expect([x.statusCode, y.statusCode].sort(), `${x.body} ${y.body}`).toEqual([201, 409]);
      const [row] = await queryRows<{ stock: number; records: number; kits: number }>(
        ctx.handle.db,
        sql`select (select quantity::float8 from steel_stock where factory_id = ${A.id} and category_id = ${steel.id}) as stock,
                   (select count(*)::int from ckd_produced_records where category_id = ${kit.id}) as records,
                   (select quantity from ckd_stock where factory_id = ${A.id} and category_id = ${kit.id}) as kits`,
      );
      expect(row).toEqual({ stock: 10, records: 1, kits: 10 });
    }
  });
});
