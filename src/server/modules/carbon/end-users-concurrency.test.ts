/**
 * PostgreSQL only (PGlite has one connection, so nothing runs concurrently there): end user
 * registrations under concurrency (issue 26). The partial unique index lets at most one open
 * registration per stove: two transactions that each insert one for the same stove, neither
 * locking anything, end with one written and the other refused by the index. Two registrations of
 * the same stove through the API at once: one 201, one 409. An import racing a return of the same
 * stove: whichever wins, no returned stove keeps an open registration.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SalesOrderDetail } from '../../../common/contracts/sales-orders';
import { queryRows } from '../../db/client';
import { violatedUniqueIndex } from '../../db/database-errors';
import { makeCustomer } from '../../test/sales-lines';
import { makeSalesCategory, makeSalesPackage, setSalesPrice } from '../../test/sales';
import { makeStoveIds } from '../../test/stove-ids';
import { createTestContext, type SignedInUser, type TestContext } from '../../test/test-app';
import { sqlTextArray } from '../stove-ids/stove-id-status.repository';
import { insertRegistrations, type NewRegistration } from './end-users.repository';

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('end user registrations under concurrency', () => {
  let ctx: TestContext;
  let A: { id: string };
  let admin: SignedInUser;
  let senior: SignedInUser;
  let distributor: { id: string };
  let body: (codes: string[]) => Record<string, unknown>;
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    ctx = await createTestContext();
    const db = ctx.handle.db;
    A = await ctx.makeFactory();
    admin = await ctx.signedInAs(['Admin']);
    senior = await ctx.signedInAs(['Senior Sales Manager']);
    const category = await makeSalesCategory(db);
    const pkg = await makeSalesPackage(db);
    await setSalesPrice(db, {
      packageId: pkg.id,
      categoryId: category.id,
      unitPrice: 3500,
      effectiveFrom: '2025-01-01',
    });
    distributor = await makeCustomer(db, { type: 'distributor' });
    body = (codes) => ({
      date: today,
      factoryId: A.id,
      customerId: distributor.id,
      categoryId: category.id,
      lines: [{ packageId: pkg.id, quantity: codes.length }],
      codes,
      buyerName: 'Race distributor',
    });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const post = (url: string, payload: unknown, user: SignedInUser) =>
    ctx.request({ method: 'POST', url, payload: payload as Record<string, unknown>, cookie: user.cookie });

  async function sold(count: number) {
    const ids = await makeStoveIds(ctx.handle.db, { factoryId: A.id, count, status: 'validated' });
    const made = await post('/api/sales/orders', body(ids.codes), admin);
    expect(made.statusCode, made.body).toBe(201);
    return { ...ids, order: made.json<SalesOrderDetail>() };
  }

  const openCount = async (codes: string[]) =>
    (
      await queryRows<{ n: number }>(
        ctx.handle.db,
        sql`select count(*)::int as n from end_user_registrations r join stove_ids si on si.id = r.stove_id_id
             where si.code = any(${sqlTextArray(codes)}) and r.ended_at is null`,
      )
    )[0]?.n;

  it('the partial unique index refuses a second open registration of a stove written at the same time', async () => {
    const { ids, order } = await sold(1);
    const registration = (name: string): NewRegistration => ({
      stoveIdId: ids[0] ?? 0,
      orderId: order.id,
      kind: 'household',
      name,
      phone: null,
      county: null,
      subCounty: null,
      village: null,
      latitude: null,
      longitude: null,
      handoverDate: today,
      source: 'form',
      note: `Handed over to ${name}`,
    });
    let firstInserted!: () => void;
    const inserted = new Promise<void>((resolve) => (firstInserted = resolve));
    const first = ctx.handle.db.transaction(async (tx) => {
      await insertRegistrations(tx, [registration('First')], null);
      firstInserted();
      // Hold the transaction open while the second one runs into the index.
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const second = (async () => {
      await inserted;
      return ctx.handle.db.transaction((tx) => insertRegistrations(tx, [registration('Second')], null));
    })();
    const [one, two] = await Promise.allSettled([first, second]);
    expect(one.status).toBe('fulfilled');
    expect(two.status).toBe('rejected');
    expect(violatedUniqueIndex(two.status === 'rejected' ? two.reason : null)).toBe(
      'end_user_registrations_one_open_idx',
    );
    const rows = await queryRows<{ name: string }>(
      ctx.handle.db,
      sql`select name from end_user_registrations where stove_id_id = ${ids[0]}`,
    );
    expect(rows).toEqual([{ name: 'First' }]);
  });

  it('two registrations of the same stove at once: one 201, the other 409 (repeated)', async () => {
    for (let round = 0; round < 6; round++) {
      const { codes } = await sold(1);
      const form = (name: string) => ({ code: codes[0], name, handoverDate: today });
      const [one, two] = await Promise.all([
        post('/api/carbon/end-users', form('One'), admin),
        post('/api/carbon/end-users', form('Two'), senior),
      ]);
      expect([one.statusCode, two.statusCode].sort(), `${one.body} ${two.body}`).toEqual([201, 409]);
      expect(await openCount(codes)).toBe(1);
      const events = await queryRows<{ n: number }>(
        ctx.handle.db,
        sql`select count(*)::int as n from stove_id_events e join stove_ids si on si.id = e.stove_id_id
             where si.code = ${codes[0]} and e.kind = 'end_user_registered'`,
      );
      expect(events[0]?.n).toBe(1);
    }
  });

  it('an import racing a return of the same stove: no returned stove keeps an open registration', async () => {
    for (let round = 0; round < 5; round++) {
      const { codes, order } = await sold(2);
      const csv = ['Stove ID,Name,Handover date', ...codes.map((c) => `${c},Race ${c},${today}`)].join('\n');
      const [imported, returned] = await Promise.all([
        post('/api/carbon/end-users/import', { csv, dryRun: false, partnerId: distributor.id }, senior),
        post(`/api/sales/orders/${order.id}/returns`, { codes: [codes[0]], reason: 'race' }, admin),
      ]);
      expect(returned.statusCode, returned.body).toBe(201);
      expect([200, 400]).toContain(imported.statusCode);
      expect(await openCount([codes[0] ?? ''])).toBe(0);
      expect(await openCount([codes[1] ?? ''])).toBe(imported.statusCode === 200 ? 1 : 0);
    }
  });
});
