/**
 * PostgreSQL only (PGlite has one connection, so nothing runs concurrently there): sales orders
 * under concurrency. Two orders racing for the same IDs: exactly one wins, the other is refused
 * naming them, and each ID is sold once (one item row, one sold event). Two cancels of one order:
 * exactly one applies (one sale_canceled event per ID). An order racing a transfer for the same
 * IDs: exactly one wins.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SalesOrderDetail } from '../../../common/contracts/sales-orders';
import { queryRows } from '../../db/client';
import { makeCustomer } from '../../test/sales-lines';
import { makeSalesCategory, makeSalesPackage, setSalesPrice } from '../../test/sales';
import { makeStoveIds } from '../../test/stove-ids';
import { createTestContext, type ErrorBody, type SignedInUser, type TestContext } from '../../test/test-app';
import { sqlBigintArray } from '../stove-ids/stove-id-status.repository';

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('sales orders under concurrency', () => {
  let ctx: TestContext;
  let A: { id: string };
  let B: { id: string };
  let officer1: SignedInUser;
  let officer2: SignedInUser;
  let manager1: SignedInUser;
  let manager2: SignedInUser;
  let admin: SignedInUser;
  let body: (codes: string[]) => Record<string, unknown>;

  beforeAll(async () => {
    ctx = await createTestContext();
    const db = ctx.handle.db;
    A = await ctx.makeFactory();
    B = await ctx.makeFactory();
    officer1 = await ctx.signedInAs(['Sales Officer'], { factoryId: A.id });
    officer2 = await ctx.signedInAs(['Sales Officer'], { factoryId: A.id });
    manager1 = await ctx.signedInAs(['Factory Manager'], { factoryId: A.id });
    manager2 = await ctx.signedInAs(['Sales Manager'], { factoryId: A.id });
    admin = await ctx.signedInAs(['Admin']);
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

  const history = (ids: number[]) =>
    queryRows<{ status: string; sold: number; returned: number; items: number }>(
      ctx.handle.db,
      sql`select s.status,
                 (select count(*)::int from stove_id_events e where e.stove_id_id = s.id and e.kind = 'sold') as sold,
                 (select count(*)::int from stove_id_events e where e.stove_id_id = s.id and e.kind = 'sale_canceled') as returned,
                 (select count(*)::int from sales_order_items i where i.stove_id_id = s.id) as items
            from stove_ids s where s.id = any(${sqlBigintArray(ids)}) order by s.id`,
    );

  it('two orders racing for the same IDs: exactly one 201, the other 409 naming them (repeated)', async () => {
    for (let round = 0; round < 8; round++) {
      const ids = await makeStoveIds(ctx.handle.db, { factoryId: A.id, count: 20, status: 'validated' });
      // The second order overlaps the first on half its IDs.
      const other = await makeStoveIds(ctx.handle.db, { factoryId: A.id, count: 10, status: 'validated' });
      const first = ids.codes;
      const second = [...ids.codes.slice(10), ...other.codes];
      const [one, two] = await Promise.all([
        post('/api/sales/orders', body(first), officer1),
        post('/api/sales/orders', body(second), officer2),
      ]);
      expect([one.statusCode, two.statusCode].sort(), `${one.body} ${two.body}`).toEqual([201, 409]);
      const loser = one.statusCode === 409 ? one : two;
      const loserCodes = one.statusCode === 409 ? first : second;
      const problems = loser.json<ErrorBody>().error.details?.problems ?? [];
      expect(problems.length).toBe(10);
      expect(problems.every((p) => p.reason === 'Already sold' && loserCodes.includes(p.code))).toBe(true);
      const rows = await history([...ids.ids, ...other.ids]);
      expect(rows.filter((r) => r.status === 'sold')).toHaveLength(20);
      // Sold once each: one event and one item per sold ID, none for the rest.
      expect(
        rows.every((r) => (r.status === 'sold' ? r.sold === 1 && r.items === 1 : r.sold === 0 && r.items === 0)),
      ).toBe(true);
    }
  });

  it('two cancels of one order: exactly one applies; the IDs return once', async () => {
    for (let round = 0; round < 5; round++) {
      const ids = await makeStoveIds(ctx.handle.db, { factoryId: A.id, count: 5, status: 'validated' });
      const made = await post('/api/sales/orders', body(ids.codes), officer1);
      expect(made.statusCode, made.body).toBe(201);
      const order = made.json<SalesOrderDetail>();
      const [one, two] = await Promise.all([
        post(`/api/sales/orders/${order.id}/cancel`, { reason: 'first' }, manager1),
        post(`/api/sales/orders/${order.id}/cancel`, { reason: 'second' }, manager2),
      ]);
      expect([one.statusCode, two.statusCode].sort(), `${one.body} ${two.body}`).toEqual([200, 409]);
      const rows = await history(ids.ids);
      expect(rows.every((r) => r.status === 'validated' && r.sold === 1 && r.returned === 1)).toBe(true);
    }
  });

  it('an order racing a transfer for the same IDs: exactly one wins', async () => {
    for (let round = 0; round < 5; round++) {
      const ids = await makeStoveIds(ctx.handle.db, { factoryId: A.id, count: 10, status: 'validated' });
      const [sale, transfer] = await Promise.all([
        post('/api/sales/orders', body(ids.codes), officer1),
        post('/api/stove-transfers', { fromFactoryId: A.id, toFactoryId: B.id, codes: ids.codes }, admin),
      ]);
      expect([sale.statusCode, transfer.statusCode].sort(), `${sale.body} ${transfer.body}`).toEqual([201, 409]);
      const rows = await history(ids.ids);
      const expected = sale.statusCode === 201 ? 'sold' : 'in_transit';
      expect(rows.every((r) => r.status === expected)).toBe(true);
    }
  });
});
