/**
 * Return notes (DOMAIN.md §4 "Sales", issue 22): some IDs of a completed order returned with a
 * reason on a return note (RN-). Proves: the IDs go back to validated with a sale_returned event
 * naming the note; each is credited its line's price per stove, a whole line crediting its total;
 * the order lists its returns and stays completed when fully returned; all or nothing (a 409 naming
 * each bad code changes nothing); 400s; 403 for every group without sales-management; factory
 * scope; canceling after a partial return returns the IDs left; the sales overview nets returns;
 * the list and the note. Races:
 * sales-returns-concurrency.test.ts. The report's netting: sales-report.test.ts.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays } from '../../../common/calendar-days';
import type { ListResponse } from '../../../common/contracts/list';
import {
  salesOrderNumberLabel,
  salesReturnNumberLabel,
  type SalesOrderDetail,
  type SalesOverview,
  type SalesReturn,
  type SalesReturnDetail,
} from '../../../common/contracts/sales-orders';
import type { StoveIdDetail, StoveIdStatus } from '../../../common/contracts/stove-ids';
import { parseCsv } from '../../../common/csv';
import { dayInZone, instantInZone } from '../../../common/time-zones';
import { queryRows } from '../../db/client';
import { auditRows } from '../../test/db-assert';
import { groupsWithout } from '../../test/groups';
import { makeCustomer } from '../../test/sales-lines';
import { makeSalesCategory, makeSalesPackage, setSalesPrice, type MadeSalesRecord } from '../../test/sales';
import { makeStoveIds } from '../../test/stove-ids';
import { createTestContext, type ErrorBody, type SignedInUser, type TestContext } from '../../test/test-app';
import { sqlTextArray } from '../stove-ids/stove-id-status.repository';

let ctx: TestContext;
let A: { id: string; code: string };
let B: { id: string; code: string };
let retail: MadeSalesRecord;
let single: MadeSalesRecord;
let pair: MadeSalesRecord;
let customer: { id: string; name: string };
let admin: SignedInUser;
let managerA: SignedInUser;
let officerA: SignedInUser;
let salesManagerB: SignedInUser;

const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.handle.db;
  A = await ctx.makeFactory();
  B = await ctx.makeFactory();
  retail = await makeSalesCategory(db);
  single = await makeSalesPackage(db);
  pair = await makeSalesPackage(db, { stovesPerPackage: 2 });
  await setSalesPrice(db, {
    packageId: single.id,
    categoryId: retail.id,
    unitPrice: 3500,
    effectiveFrom: '2025-01-01',
  });
  await setSalesPrice(db, {
    packageId: pair.id,
    categoryId: retail.id,
    unitPrice: 5999.99,
    effectiveFrom: '2025-01-01',
  });
  customer = await makeCustomer(db, { name: 'Returns Shop' });
  admin = await ctx.signedInAs(['Admin']);
  managerA = await ctx.signedInAs(['Factory Manager'], { factoryId: A.id });
  officerA = await ctx.signedInAs(['Sales Officer'], { factoryId: A.id });
  salesManagerB = await ctx.signedInAs(['Sales Manager'], { factoryId: B.id });
});
afterAll(async () => {
  await ctx.close();
});

const post = (url: string, payload: unknown, user: SignedInUser) =>
  ctx.request({ method: 'POST', url, payload: payload as Record<string, unknown>, cookie: user.cookie });
const get = (url: string, user: SignedInUser) => ctx.request({ method: 'GET', url, cookie: user.cookie });

/** An order at `factoryId` of `singles` single packages and `pairs` pair packages, sold by admin. */
async function sell(
  { singles = 0, pairs = 0, factoryId = A.id }: { singles?: number; pairs?: number; factoryId?: string },
  codes?: string[],
): Promise<{ order: SalesOrderDetail; codes: string[]; ids: number[] }> {
  const made = codes
    ? { codes, ids: [] }
    : await makeStoveIds(ctx.handle.db, { factoryId, count: singles + pairs * 2, status: 'validated' });
  const lines = [
    ...(singles ? [{ packageId: single.id, quantity: singles }] : []),
    ...(pairs ? [{ packageId: pair.id, quantity: pairs }] : []),
  ];
  const res = await post(
    '/api/sales/orders',
    {
      date: today(),
      factoryId,
      customerId: customer.id,
      categoryId: retail.id,
      lines,
      codes: made.codes,
      buyerName: 'Wanjiru Kamau',
    },
    admin,
  );
  expect(res.statusCode, res.body).toBe(201);
  return { order: res.json<SalesOrderDetail>(), codes: made.codes, ids: made.ids };
}

const returnIds = (orderId: string, codes: string[], user: SignedInUser = managerA, reason = 'Cracked liner') =>
  post(`/api/sales/orders/${orderId}/returns`, { codes, reason }, user);

async function statusesOf(codes: string[]): Promise<StoveIdStatus[]> {
  const rows = await queryRows<{ status: StoveIdStatus }>(
    ctx.handle.db,
    sql`select status from stove_ids where code = any(${sqlTextArray(codes)}) order by code`,
  );
  return rows.map((r) => r.status);
}

const returnCount = async (orderId: string) =>
  (
    await queryRows<{ n: number }>(
      ctx.handle.db,
      sql`select count(*)::int as n from sales_returns where order_id = ${orderId}`,
    )
  )[0]?.n;

const orderOf = async (id: string, user: SignedInUser = managerA) =>
  (await get(`/api/sales/orders/${id}`, user)).json<SalesOrderDetail>();

describe('POST /api/sales/orders/:id/returns', () => {
  it('returns some IDs on a return note: validated again with a sale_returned event, credited, listed on the order', async () => {
    const { order, codes } = await sell({ singles: 3 });
    expect((await orderOf(order.id)).can).toEqual({ cancel: true, return: true });
    const chosen = [codes[0] ?? '', codes[2] ?? ''];
    const res = await returnIds(order.id, [` ${chosen[0]?.toLowerCase()} `, chosen[1] ?? '']);
    expect(res.statusCode, res.body).toBe(201);
    const note = res.json<SalesReturnDetail>();
    expect(note).toMatchObject({
      order: { id: order.id, number: order.number },
      factory: { id: A.id },
      customer: { id: customer.id, name: 'Returns Shop' },
      reason: 'Cracked liner',
      stoveCount: 2,
      credit: 7000,
      currency: order.currency,
      date: today(),
      returnedBy: { id: managerA.id },
      buyer: { name: 'Wanjiru Kamau' },
    });
    expect(note.items).toEqual(
      chosen.sort().map((code) => ({
        code,
        position: 1,
        package: { id: single.id, name: single.name, code: single.code },
        credit: 3500,
      })),
    );
    expect(await statusesOf(chosen)).toEqual(['validated', 'validated']);
    expect(await statusesOf([codes[1] ?? ''])).toEqual(['sold']);

    const label = salesReturnNumberLabel(note.number);
    const history = (await get(`/api/stove-ids/${chosen[0]}`, admin)).json<StoveIdDetail>();
    expect(history.events.at(-1)).toMatchObject({
      kind: 'sale_returned',
      fromStatus: 'sold',
      toStatus: 'validated',
      note: `${label}: Cracked liner`,
      document: { type: 'sales_order', id: order.id },
    });
    // Back in stock to sell: its current document is no longer the order.
    expect(history.currentDocument).toMatchObject({ type: 'batch' });

    const detail = await orderOf(order.id);
    expect(detail.status).toBe('completed');
    expect(detail.returns).toEqual([
      expect.objectContaining({ id: note.id, number: note.number, stoveCount: 2, credit: 7000, codes: chosen.sort() }),
    ]);
    expect(detail.can).toEqual({ cancel: true, return: true });
    expect(detail.returnable).toEqual([{ code: codes[1], position: 1 }]);
    expect(detail.lines.map((l) => l.returned)).toEqual([2]);
    const audit = await auditRows(ctx.handle.db, 'return', note.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ recordType: 'sales_return', actorId: managerA.id });
    // The audit log names the note by its number, opening it.
    const log = await get(`/api/audit-log?action=return&q=${note.id}`, admin);
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json<ListResponse<{ recordId: string; record: unknown }>>().items).toContainEqual(
      expect.objectContaining({ recordId: note.id, record: { label, path: `/sales/returns/${note.id}` } }),
    );

    // The note.
    const read = await get(`/api/sales/returns/${note.id}`, officerA);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<SalesReturnDetail>()).toEqual(note);

    // The last one: fully returned, the order stays completed, nothing left to return.
    const last = await returnIds(order.id, [codes[1] ?? ''], managerA, 'Wrong colour');
    expect(last.statusCode, last.body).toBe(201);
    const full = await orderOf(order.id);
    expect(full.status).toBe('completed');
    expect(full.returns.map((r) => r.stoveCount)).toEqual([2, 1]);
    expect(full.can).toEqual({ cancel: true, return: false });
    expect(full.returnable).toEqual([]);
    // The returned IDs can be sold again.
    await sell({ singles: 3 }, codes);
  });

  it('credits a stove its line’s price per stove, a whole line its total to the cent', async () => {
    const { order, codes } = await sell({ singles: 1, pairs: 1 });
    const first = await returnIds(order.id, [codes[1] ?? '']);
    const second = await returnIds(order.id, [codes[2] ?? '', codes[0] ?? '']);
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode, second.body).toBe(201);
    // IDs without a recorded model fill the lines in order: the single, then the pair.
    expect(first.json<SalesReturnDetail>().items).toEqual([expect.objectContaining({ position: 2, credit: 3000 })]);
    const rest = second.json<SalesReturnDetail>();
    expect(rest.items.map((i) => [i.position, i.credit])).toEqual([
      [1, 3500],
      [2, 2999.99],
    ]);
    expect(rest.credit).toBe(6499.99);
    expect(3000 + rest.credit).toBe(order.total);
  });

  it('refuses the whole return with 409 naming each code that cannot be returned, and changes nothing', async () => {
    const { order, codes } = await sell({ singles: 3 });
    const first = await returnIds(order.id, [codes[0] ?? '']);
    expect(first.statusCode).toBe(201);
    const earlier = salesReturnNumberLabel(first.json<SalesReturnDetail>().number);
    const elsewhere = await makeStoveIds(ctx.handle.db, { factoryId: A.id, count: 1, status: 'validated' });
    const res = await returnIds(order.id, [
      codes[1] ?? '',
      codes[0] ?? '',
      elsewhere.codes[0] ?? '',
      'NOPE-0001',
      codes[1] ?? '',
    ]);
    expect(res.statusCode, res.body).toBe(409);
    const body = res.json<ErrorBody>();
    const label = salesOrderNumberLabel(order.number);
    expect(body.error.message).toBe(`Nothing was returned: 4 of 5 stove IDs cannot be returned from ${label}.`);
    expect(body.error.details?.problems).toEqual([
      { code: codes[0], reason: `Already returned on ${earlier}` },
      { code: elsewhere.codes[0], reason: `Not on ${label}` },
      { code: 'NOPE-0001', reason: `Not on ${label}` },
      { code: codes[1], reason: 'Duplicate in the list' },
    ]);
    expect(await statusesOf([codes[1] ?? '', codes[2] ?? ''])).toEqual(['sold', 'sold']);
    expect(await returnCount(order.id)).toBe(1);
  });

  it('400 for an empty list, a blank or too long reason, or a bad order id', async () => {
    const { order, codes } = await sell({ singles: 1 });
    const bad = async (payload: unknown, url = `/api/sales/orders/${order.id}/returns`) => {
      const res = await post(url, payload, managerA);
      expect(res.statusCode, res.body).toBe(400);
      return res.json<ErrorBody>().error;
    };
    expect((await bad({ codes: [], reason: 'x' })).details?.fieldErrors?.codes).toEqual([
      'Choose the stove IDs returned',
    ]);
    expect((await bad({ codes, reason: '  ' })).details?.fieldErrors?.reason).toEqual(['A reason is required']);
    expect((await bad({ codes, reason: 'x'.repeat(1001) })).details?.fieldErrors?.reason).toEqual([
      'A reason is limited to 1,000 characters',
    ]);
    await bad({ codes, reason: 'x' }, '/api/sales/orders/nope/returns');
    expect(await statusesOf(codes)).toEqual(['sold']);
    expect(await returnCount(order.id)).toBe(0);
  });

  it("404 for another factory's order or an unknown one; 409 for a canceled order", async () => {
    const { order, codes } = await sell({ singles: 1 });
    expect((await returnIds(order.id, codes, salesManagerB)).statusCode).toBe(404);
    expect((await returnIds(crypto.randomUUID(), codes)).statusCode).toBe(404);
    expect((await post(`/api/sales/orders/${order.id}/cancel`, { reason: 'Mistake' }, managerA)).statusCode).toBe(200);
    const res = await returnIds(order.id, codes);
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().error.message).toBe(
      `${salesOrderNumberLabel(order.number)} is canceled: its stove IDs went back to validated when it was canceled.`,
    );
    expect(await returnCount(order.id)).toBe(0);
    expect((await orderOf(order.id)).can).toEqual({ cancel: false, return: false });
  });

  it('403 for every group without sales-management, and the order says so', async () => {
    const { order, codes } = await sell({ singles: 1 });
    for (const group of groupsWithout('sales-management')) {
      const user = await ctx.signedInAs([group], { factoryId: A.id });
      expect((await returnIds(order.id, codes, user)).statusCode, group).toBe(403);
    }
    expect((await orderOf(order.id, officerA)).can.return).toBe(false);
    expect(await statusesOf(codes)).toEqual(['sold']);
  });
});

describe("a return note's day", () => {
  it("is today at the order's factory: at 00:30 in Nairobi, Nairobi's day while UTC is still on the day before", async () => {
    const nairobi = await ctx.makeFactory();
    await ctx.handle.db.execute(sql`update factories set time_zone = 'Africa/Nairobi' where id = ${nairobi.id}`);
    const { order, codes } = await sell({ singles: 1, factoryId: nairobi.id });
    // The next 00:30 in Nairobi (21:30 UTC the evening before).
    const day = addDays(dayInZone(new Date(), 'Africa/Nairobi'), 1);
    const at = instantInZone(day, 'Africa/Nairobi', '00:30');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(at);
      const manager = await ctx.signedInAs(['Factory Manager'], { factoryId: nairobi.id });
      const res = await returnIds(order.id, codes, manager);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<SalesReturnDetail>().date).toBe(day);
      expect(dayInZone(at, 'UTC')).toBe(addDays(day, -1));
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('canceling an order after a partial return', () => {
  it('returns only the IDs left; the return notes stay on record, and a returned ID sold again stays sold', async () => {
    const { order, codes } = await sell({ singles: 3 });
    const returned = await returnIds(order.id, [codes[0] ?? '']);
    expect(returned.statusCode).toBe(201);
    const resold = await sell({ singles: 1 }, [codes[0] ?? '']);
    const res = await post(`/api/sales/orders/${order.id}/cancel`, { reason: 'Customer sent it all back' }, managerA);
    expect(res.statusCode, res.body).toBe(200);
    const canceled = res.json<SalesOrderDetail>();
    expect(canceled.status).toBe('canceled');
    expect(canceled.returns).toHaveLength(1);
    expect(await statusesOf(codes)).toEqual(['sold', 'validated', 'validated']);
    const events = await queryRows<{ kind: string }>(
      ctx.handle.db,
      sql`select e.kind from stove_id_events e join stove_ids s on s.id = e.stove_id_id
           where s.code = ${codes[0]} order by e.id`,
    );
    expect(events.map((e) => e.kind).slice(-3)).toEqual(['sold', 'sale_returned', 'sold']);
    expect((await orderOf(resold.order.id)).status).toBe('completed');
  });
});

describe('the sales overview', () => {
  it("nets this month's stoves and revenue and today's stoves of the returns dated today", async () => {
    const C = await ctx.makeFactory();
    const manager = await ctx.signedInAs(['Sales Manager'], { factoryId: C.id });
    const { order, codes } = await sell({ singles: 3, factoryId: C.id });
    const overview = async () => (await get('/api/sales/overview', manager)).json<SalesOverview>();
    const before = await overview();
    expect(before.thisMonth).toMatchObject({ stoves: 3, revenue: [{ currency: order.currency, amount: 10_500 }] });
    expect(before.daily.at(-1)).toEqual({ day: today(), stoves: 3 });
    expect((await returnIds(order.id, [codes[0] ?? ''], manager)).statusCode).toBe(201);
    const after = await overview();
    expect(after.thisMonth).toMatchObject({ stoves: 2, revenue: [{ currency: order.currency, amount: 7000 }] });
    expect(after.daily.at(-1)).toEqual({ day: today(), stoves: 2 });
  });
});

describe('GET /api/sales/returns', () => {
  let ownNote: SalesReturnDetail;
  let otherNote: SalesReturnDetail;

  beforeAll(async () => {
    const own = await sell({ singles: 2 });
    ownNote = (await returnIds(own.order.id, [own.codes[0] ?? ''])).json<SalesReturnDetail>();
    const other = await sell({ singles: 1, factoryId: B.id });
    otherNote = (await returnIds(other.order.id, other.codes, admin)).json<SalesReturnDetail>();
  });

  const list = async (query: string, user: SignedInUser = admin) => {
    const res = await get(`/api/sales/returns?${query}`, user);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ListResponse<SalesReturn>>();
  };

  it('lists return notes, latest first, paging with a cursor', async () => {
    const first = await list('limit=1');
    expect(first.items.map((r) => r.id)).toEqual([otherNote.id]);
    expect(first.nextCursor).not.toBeNull();
    const next = await list(`limit=1&cursor=${encodeURIComponent(first.nextCursor ?? '')}`);
    expect(next.items.map((r) => r.id)).toEqual([ownNote.id]);
    expect(next.items[0]).toMatchObject({ reason: 'Cracked liner', stoveCount: 1, credit: 3500 });
  });

  it('searches by return note or order number, or customer; filters by factory and days', async () => {
    const label = salesReturnNumberLabel(ownNote.number);
    expect((await list(`q=${label}`)).items.map((r) => r.id)).toEqual([ownNote.id]);
    expect((await list(`q=${salesOrderNumberLabel(ownNote.order.number)}`)).items.map((r) => r.id)).toEqual([
      ownNote.id,
    ]);
    expect((await list(`q=Returns%20Sh&factoryId=${B.id}`)).items.map((r) => r.id)).toEqual([otherNote.id]);
    expect((await list(`factoryId=${A.id}&from=${today()}&to=${today()}`)).items.map((r) => r.id)).toContain(
      ownNote.id,
    );
    expect((await list(`from=2020-01-01&to=2020-01-31`)).items).toEqual([]);
    expect((await get('/api/sales/returns?from=yesterday', admin)).statusCode).toBe(400);
  });

  it('exports the filtered list as CSV', async () => {
    const res = await get(`/api/sales/returns/export.csv?q=${salesReturnNumberLabel(ownNote.number)}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const [header, ...rows] = parseCsv(res.body).map((r) => r.fields);
    expect(header).toEqual([
      'Number',
      'Date',
      'Order',
      'Order date',
      'Factory',
      'Customer',
      'Stoves',
      'Currency',
      'Credit',
      'Returned at',
      'Returned by',
      'Reason',
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.slice(0, 9)).toEqual([
      salesReturnNumberLabel(ownNote.number),
      today(),
      salesOrderNumberLabel(ownNote.order.number),
      ownNote.order.date,
      A.code,
      'Returns Shop',
      '1',
      ownNote.currency,
      '3500.00',
    ]);
    expect(rows[0]?.at(-1)).toBe('Cracked liner');
  });

  it("a factory-scoped user sees only their factory's notes, and gets 404 for another's", async () => {
    const scoped = await list(`factoryId=${B.id}`, managerA);
    expect(scoped.items.every((r) => r.factory.id === A.id)).toBe(true);
    expect(scoped.items.map((r) => r.id)).not.toContain(otherNote.id);
    expect((await get(`/api/sales/returns/${otherNote.id}`, managerA)).statusCode).toBe(404);
    expect((await get(`/api/sales/returns/${crypto.randomUUID()}`, admin)).statusCode).toBe(404);
  });
});
