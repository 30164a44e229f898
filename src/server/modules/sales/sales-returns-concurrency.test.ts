/**
 * PostgreSQL only (PGlite has one connection, so nothing runs concurrently there): return notes
 * under concurrency. Two returns of the same ID at once: exactly one is written, the other is
 * refused naming it (409), and the ID goes back to validated once. A return racing a cancel of the
 * same order: each ID goes back to validated exactly once, whichever comes first.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  salesReturnNumberLabel,
  type SalesOrderDetail,
  type SalesReturnDetail,
} from '../../../common/contracts/sales-orders';
import { queryRows } from '../../db/client';
import { makeCustomer } from '../../test/sales-lines';
import { makeSalesCategory, makeSalesPackage, setSalesPrice } from '../../test/sales';
import { makeStoveIds } from '../../test/stove-ids';
import { createTestContext, type ErrorBody, type SignedInUser, type TestContext } from '../../test/test-app';
import { sqlBigintArray } from '../stove-ids/stove-id-status.repository';

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('return notes under concurrency', () => {
  let ctx: TestContext;
  let A: { id: string };
  let officer: SignedInUser;
  let manager1: SignedInUser;
  let manager2: SignedInUser;
  let body: (codes: string[]) => Record<string, unknown>;

  beforeAll(async () => {
    ctx = await createTestContext();
    const db = ctx.handle.db;
    A = await ctx.makeFactory();
    officer = await ctx.signedInAs(['Sales Officer'], { factoryId: A.id });
    manager1 = await ctx.signedInAs(['Factory Manager'], { factoryId: A.id });
    manager2 = await ctx.signedInAs(['Sales Manager'], { factoryId: A.id });
    const category = await makeSalesCategory(db);
    const pkg = await makeSalesPackage(db);
    await setSalesPrice(db, {
      packageId: pkg.id,
      categoryId: category.id,
      unitPrice: 3500,
      effectiveFrom: '2025-01-01',
    });
    const customer = await makeCustomer(db);
    body = (codes) => ({
      date: new Date().toISOString().slice(0, 10),
      factoryId: A.id,
      customerId: customer.id,
      categoryId: category.id,
      lines: [{ packageId: pkg.id, quantity: codes.length }],
      codes,
      buyerName: 'Race buyer',
    });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const post = (url: string, payload: unknown, user: SignedInUser) =>
    ctx.request({ method: 'POST', url, payload: payload as Record<string, unknown>, cookie: user.cookie });

  async function sold(count: number) {
    const ids = await makeStoveIds(ctx.handle.db, { factoryId: A.id, count, status: 'validated' });
    const made = await post('/api/sales/orders', body(ids.codes), officer);
    expect(made.statusCode, made.body).toBe(201);
    return { ...ids, order: made.json<SalesOrderDetail>() };
  }

  const history = (ids: number[]) =>
    queryRows<{ status: string; back: number; items: number }>(
      ctx.handle.db,
      sql`select s.status,
                 (select count(*)::int from stove_id_events e
                   where e.stove_id_id = s.id and e.kind in ('sale_returned', 'sale_canceled')) as back,
                 (select count(*)::int from sales_return_items i where i.stove_id_id = s.id) as items
            from stove_ids s where s.id = any(${sqlBigintArray(ids)}) order by s.id`,
    );

  it('two returns of the same ID at once: exactly one 201, the other 409 naming it (repeated)', async () => {
    for (let round = 0; round < 6; round++) {
      const { order, codes, ids } = await sold(3);
      const [one, two] = await Promise.all([
        post(`/api/sales/orders/${order.id}/returns`, { codes: [codes[0], codes[1]], reason: 'first' }, manager1),
        post(`/api/sales/orders/${order.id}/returns`, { codes: [codes[1]], reason: 'second' }, manager2),
      ]);
      expect([one.statusCode, two.statusCode].sort(), `${one.body} ${two.body}`).toEqual([201, 409]);
      const [winner, loser] = one.statusCode === 409 ? [two, one] : [one, two];
      const note = salesReturnNumberLabel(winner.json<SalesReturnDetail>().number);
      expect(loser.json<ErrorBody>().error.details?.problems).toEqual([
        { code: codes[1], reason: `Already returned on ${note}` },
      ]);
      const rows = await history(ids);
      const returned = one.statusCode === 201 ? 2 : 1;
      expect(rows.filter((r) => r.status === 'validated')).toHaveLength(returned);
      expect(rows.every((r) => (r.status === 'validated' ? r.back === 1 && r.items === 1 : r.back === 0))).toBe(true);
    }
  });

  it('a return racing a cancel of the order: each ID goes back to validated once', async () => {
    for (let round = 0; round < 5; round++) {
      const { order, codes, ids } = await sold(4);
      const [ret, cancel] = await Promise.all([
        post(`/api/sales/orders/${order.id}/returns`, { codes: codes.slice(0, 2), reason: 'return' }, manager1),
        post(`/api/sales/orders/${order.id}/cancel`, { reason: 'cancel' }, manager2),
      ]);
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect([201, 409]).toContain(ret.statusCode);
      const rows = await history(ids);
      expect(rows.every((r) => r.status === 'validated' && r.back === 1)).toBe(true);
    }
  });
});
