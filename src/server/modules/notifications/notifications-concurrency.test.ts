/**
 * PostgreSQL only (PGlite has one connection, so nothing runs concurrently there): two instances,
 * each on its own connection pool, run the day's low-stock digest at the same moment; it is queued
 * once (one row for the day, one mail per recipient).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { giveInventory, makeInventoryItem } from '../../test/inventory';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../test/test-app';
import { runLowStockDigest } from './notifications.service';

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('the daily digest on two instances', () => {
  let ctx: TestContext;
  let second: DatabaseHandle;

  beforeAll(async () => {
    ctx = await createTestContext();
    second = await openDatabase({ url: ctx.handle.url, poolSize: 4 });
  });
  afterAll(async () => {
    await second.close();
    await ctx.close();
  });

  it('is queued once a day even when both run it at once (repeated)', async () => {
    const factory = await ctx.makeFactory();
    const item = await makeInventoryItem(ctx.handle.db, { name: 'Bolts', reorderLevel: 50 });
    await giveInventory(ctx.handle.db, { factoryId: factory.id, itemId: item.id, quantity: 5 });
    const users = await Promise.all(
      [1, 2, 3].map(() => ctx.signedInAs(['Factory Manager'], { factoryId: factory.id })),
    );
    for (const u of users) {
      const res = await ctx.request({
        method: 'PUT',
        url: '/api/me/notifications',
        cookie: u.cookie,
        payload: { incomingTransfers: true, transferOutcomes: true, lowStockDigest: true, announcements: false },
      });
      expect(res.statusCode).toBe(200);
    }
    const mailing = { publicUrl: TEST_ORIGIN };
    for (let day = 1; day <= 5; day++) {
      const at = new Date(`2032-01-0${day}T10:00:00Z`);
      const results = await Promise.all([
        runLowStockDigest(ctx.handle.db, mailing, 0, at),
        runLowStockDigest(second.db, mailing, 0, at),
        runLowStockDigest(ctx.handle.db, mailing, 0, at),
        runLowStockDigest(second.db, mailing, 0, at),
      ]);
      expect(results.filter((r) => r !== null)).toEqual([3]);
      const [count] = await queryRows<{ n: number }>(
        ctx.handle.db,
        sql`select count(*)::int as n from mail_outbox where subject like ${`Low stock on 2032-01-0${day}:%`}`,
      );
      expect(count?.n).toBe(3);
    }
  });
});
