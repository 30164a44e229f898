/**
 * PostgreSQL only (PGlite runs one transaction at a time): inventory stock under concurrency.
 * Two removals or transfers racing for the last units: exactly one wins, the other is refused with
 * the stock it saw and writes nothing; many small removals of a small stock: exactly as many win
 * as there are units; transfers crossing each other with lines in opposite orders do not deadlock.
 * The stock never goes below zero and always equals the ledger's sum.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { giveInventory, makeInventoryItem } from '../../test/inventory';
import { createTestContext, type ErrorBody, type SignedInUser, type TestContext } from '../../test/test-app';

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('inventory stock under concurrency', () => {
  let ctx: TestContext;
  let A: { id: string; code: string };
  let B: { id: string };
  let C: { id: string };
  let admin: SignedInUser;
  let managerA: SignedInUser;

  beforeAll(async () => {
    ctx = await createTestContext();
    A = await ctx.makeFactory();
    B = await ctx.makeFactory();
    C = await ctx.makeFactory();
    admin = await ctx.signedInAs(['Admin']);
    managerA = await ctx.signedInAs(['Factory Manager'], { factoryId: A.id });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const today = new Date().toISOString().slice(0, 10);
  const post = (path: string, payload: Record<string, unknown>, user: SignedInUser) =>
    ctx.request({ method: 'POST', url: `/api/inventory/${path}`, payload, cookie: user.cookie });
  const removal = (itemId: string, quantity: number, user: SignedInUser = admin) =>
    post('removals', { date: today, factoryId: A.id, lines: [{ itemId, quantity, reason: 'used' }] }, user);
  const transfer = (itemId: string, to: string, quantity: number, user: SignedInUser = admin) =>
    post('transfers', { date: today, fromFactoryId: A.id, toFactoryId: to, lines: [{ itemId, quantity }] }, user);

  /** The balance and the ledger sum of an item at a factory. */
  async function state(factoryId: string, itemId: string) {
    const [row] = await queryRows<{ stock: number; ledger: number }>(
      ctx.handle.db,
      sql`select coalesce((select quantity from inventory_stock where factory_id = ${factoryId} and item_id = ${itemId}), 0)::float8 as stock,
                 coalesce((select sum(delta) from inventory_movements where factory_id = ${factoryId} and item_id = ${itemId}), 0)::float8 as ledger`,
    );
    return row;
  }

  it('two removals taking the last units at once: exactly one 201, the other 409; stock equals the ledger (repeated)', async () => {
    for (let round = 0; round < 8; round++) {
      const item = await makeInventoryItem(ctx.handle.db);
      await giveInventory(ctx.handle.db, { factoryId: A.id, itemId: item.id, quantity: 10 });
      const [x, y] = await Promise.all([removal(item.id, 7), removal(item.id, 6, managerA)]);
      expect([x.statusCode, y.statusCode].sort(), `${x.body} ${y.body}`).toEqual([201, 409]);
      const xWon = x.statusCode === 201;
      const loser = xWon ? y : x;
      expect(loser.json<ErrorBody>().error.message).toMatch(
        new RegExp(`: ${xWon ? 3 : 4} .* in stock, ${xWon ? 6 : 7} .* needed\\. Nothing was recorded\\.$`),
      );
      const left = xWon ? 3 : 4;
      expect(await state(A.id, item.id)).toEqual({ stock: left, ledger: left });
    }
  });

  it('a transfer and a removal racing for the last units: exactly one wins, nothing arrives from the loser', async () => {
    for (let round = 0; round < 8; round++) {
      const item = await makeInventoryItem(ctx.handle.db);
      await giveInventory(ctx.handle.db, { factoryId: A.id, itemId: item.id, quantity: 5 });
      const [x, y] = await Promise.all([transfer(item.id, B.id, 5, managerA), removal(item.id, 5)]);
      expect([x.statusCode, y.statusCode].sort(), `${x.body} ${y.body}`).toEqual([201, 409]);
      expect(await state(A.id, item.id)).toEqual({ stock: 0, ledger: 0 });
      const arrived = x.statusCode === 201 ? 5 : 0;
      expect(await state(B.id, item.id)).toEqual({ stock: arrived, ledger: arrived });
    }
  });

  it('two transfers racing for the last units: exactly one arrives', async () => {
    for (let round = 0; round < 6; round++) {
      const item = await makeInventoryItem(ctx.handle.db);
      await giveInventory(ctx.handle.db, { factoryId: A.id, itemId: item.id, quantity: 4 });
      const [x, y] = await Promise.all([transfer(item.id, B.id, 3), transfer(item.id, C.id, 3, managerA)]);
      expect([x.statusCode, y.statusCode].sort(), `${x.body} ${y.body}`).toEqual([201, 409]);
      const [b, c] = [await state(B.id, item.id), await state(C.id, item.id)];
      expect((b?.stock ?? 0) + (c?.stock ?? 0)).toBe(3);
      expect(await state(A.id, item.id)).toEqual({ stock: 1, ledger: 1 });
    }
  });

  it('many small removals of a small stock: exactly as many win as there are units, never below zero', async () => {
    const item = await makeInventoryItem(ctx.handle.db);
    await giveInventory(ctx.handle.db, { factoryId: A.id, itemId: item.id, quantity: 10 });
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) => removal(item.id, 1, i % 2 ? managerA : admin)),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(6);
    expect(await state(A.id, item.id)).toEqual({ stock: 0, ledger: 0 });
    const [entries] = await queryRows<{ n: number }>(
      ctx.handle.db,
      sql`select count(distinct entry_id)::int as n from inventory_movements where item_id = ${item.id} and kind = 'removal'`,
    );
    expect(entries?.n).toBe(10);
  });

  it('transfers crossing each other with lines in opposite orders all go through (no deadlock)', async () => {
    const x = await makeInventoryItem(ctx.handle.db);
    const y = await makeInventoryItem(ctx.handle.db);
    for (const factoryId of [A.id, B.id])
      for (const item of [x, y]) await giveInventory(ctx.handle.db, { factoryId, itemId: item.id, quantity: 100 });
    const send = (from: string, to: string, items: { id: string }[]) =>
      post(
        'transfers',
        { date: today, fromFactoryId: from, toFactoryId: to, lines: items.map((i) => ({ itemId: i.id, quantity: 1 })) },
        admin,
      );
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? send(A.id, B.id, [x, y]) : send(B.id, A.id, [y, x]))),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array.from({ length: 12 }, () => 201));
    for (const factoryId of [A.id, B.id])
      for (const item of [x, y]) expect(await state(factoryId, item.id)).toEqual({ stock: 100, ledger: 100 });
  });
});
