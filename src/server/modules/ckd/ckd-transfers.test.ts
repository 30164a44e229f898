/**
 * Kit transfers and the kit stock grid (DOMAIN.md §4 "CKD kits"): a transfer moves kits at once
 * (transfer_out at the sender and transfer_in at the receiver, in one transaction); short stock is
 * a 409 that writes nothing; bad input a 400 that writes nothing; a factory-scoped user sends only
 * from their own factory and sees only transfers their factory is a side of, and only their own
 * factory's stock. The race for the last kits is in ckd-transfers-concurrency.test.ts.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../common/calendar-days';
import type { CkdStock, CkdTransfer } from '../../../common/contracts/ckd';
import type { ListResponse } from '../../../common/contracts/list';
import { queryRows } from '../../db/client';
import { ckdCategories } from '../../db/schema/production';
import { parseCsv } from '../../../common/csv';
import { auditRows } from '../../test/db-assert';
import { giveKits, kitStock, makeCkdCategory } from '../../test/production';
import { createTestContext, type ErrorBody, type SignedInUser, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let A: { id: string; code: string };
let B: { id: string; code: string };
let C: { id: string; code: string };
let closed: { id: string; code: string };
let admin: SignedInUser;
let productionManager: SignedInUser;
let managerA: SignedInUser;
let managerB: SignedInUser;
let supervisorA: SignedInUser;
let noFactory: SignedInUser;
let kit: { id: string; name: string; code: string };

beforeAll(async () => {
  ctx = await createTestContext();
  A = await ctx.makeFactory({ kind: 'both' });
  B = await ctx.makeFactory();
  C = await ctx.makeFactory();
  closed = await ctx.makeFactory({ active: false });
  admin = await ctx.signedInAs(['Admin']);
  productionManager = await ctx.signedInAs(['Production Manager']);
  managerA = await ctx.signedInAs(['Factory Manager'], { factoryId: A.id });
  managerB = await ctx.signedInAs(['Factory Manager'], { factoryId: B.id });
  supervisorA = await ctx.signedInAs(['Production Supervisor'], { factoryId: A.id });
  noFactory = await ctx.signedInAs(['Factory Manager'], { factoryId: null });
  kit = await makeCkdCategory(ctx.handle.db, { name: 'Jiko Poa Large', code: 'JPL' });
});
afterAll(async () => {
  await ctx.close();
});

const post = (payload: unknown, user: SignedInUser) =>
  ctx.request({
    method: 'POST',
    url: '/api/ckd/transfers',
    payload: payload as Record<string, unknown>,
    cookie: user.cookie,
  });
const get = (url: string, user: SignedInUser) => ctx.request({ method: 'GET', url, cookie: user.cookie });

const today = new Date().toISOString().slice(0, 10);
/** A transfer's body: one line of `categoryId` × `quantity` unless `lines` are given. */
const transfer = (overrides: Record<string, unknown> = {}) => {
  const { categoryId = kit.id, quantity = 5, lines, ...rest } = overrides;
  return {
    fromFactoryId: A.id,
    toFactoryId: B.id,
    lines: lines ?? [{ categoryId, quantity }],
    date: today,
    note: 'Weekly kits',
    ...rest,
  };
};

const kitsAt = (factoryId: string, categoryId = kit.id) => kitStock(ctx.handle.db, factoryId, categoryId);

async function snapshot() {
  const [row] = await queryRows<Record<string, unknown>>(
    ctx.handle.db,
    sql`select
      (select count(*)::int from ckd_transfers) as transfers,
      (select count(*)::int from ckd_movements) as movements,
      (select md5(coalesce(string_agg(concat_ws('|', factory_id, category_id, quantity), ',' order by factory_id, category_id), '')) from ckd_stock) as stock,
      (select md5(coalesce(string_agg(concat_ws('|', day, factory_id, category_id, received, sent), ',' order by day, factory_id, category_id), '')) from ckd_daily) as daily,
      (select count(*)::int from audit_log where record_type = 'ckd_transfer') as audits`,
  );
  return row;
}

describe('sending kits', () => {
  it('moves kits at once: transfer_out at the sender, transfer_in at the receiver, daily totals, audit', async () => {
    await giveKits(ctx.handle.db, { factoryId: A.id, categoryId: kit.id, quantity: 20 });
    const res = await post(transfer({ quantity: 8 }), admin);
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json<CkdTransfer>();
    expect(sent).toMatchObject({
      date: today,
      from: { id: A.id, code: A.code },
      to: { id: B.id, code: B.code },
      lines: [{ category: { id: kit.id, code: 'JPL', name: 'Jiko Poa Large' }, quantity: 8 }],
      quantity: 8,
      note: 'Weekly kits',
    });
    expect(await kitsAt(A.id)).toBe(12);
    expect(await kitsAt(B.id)).toBe(8);
    const movements = await queryRows<{ factoryId: string; kind: string; delta: number }>(
      ctx.handle.db,
      sql`select factory_id as "factoryId", kind, delta from ckd_movements where transfer_id = ${sent.id} order by delta`,
    );
    expect(movements).toEqual([
      { factoryId: A.id, kind: 'transfer_out', delta: -8 },
      { factoryId: B.id, kind: 'transfer_in', delta: 8 },
    ]);
    const daily = await queryRows<{ factoryId: string; received: number; sent: number }>(
      ctx.handle.db,
      sql`select factory_id as "factoryId", received, sent from ckd_daily
           where category_id = ${kit.id} and day = ${today} order by received`,
    );
    expect(daily).toEqual([
      { factoryId: A.id, received: 0, sent: 8 },
      { factoryId: B.id, received: 8, sent: 0 },
    ]);
    const [audit] = await auditRows(ctx.handle.db, 'create', sent.id);
    expect(audit?.recordType).toBe('ckd_transfer');
    expect(audit?.after).toMatchObject({ quantity: 8, from: { code: A.code }, to: { code: B.code } });
  });

  it('carries several categories on one transfer; one short line refuses them all', async () => {
    const poa = await makeCkdCategory(ctx.handle.db, { name: 'Jiko Poa kit' });
    const kuni = await makeCkdCategory(ctx.handle.db, { name: 'Jiko Kuni kit' });
    await giveKits(ctx.handle.db, { factoryId: C.id, categoryId: poa.id, quantity: 10 });
    await giveKits(ctx.handle.db, { factoryId: C.id, categoryId: kuni.id, quantity: 4 });
    const lines = (poaKits: number, kuniKits: number) => [
      { categoryId: poa.id, quantity: poaKits },
      { categoryId: kuni.id, quantity: kuniKits },
    ];
    const before = await snapshot();
    const short = await post(transfer({ fromFactoryId: C.id, lines: lines(6, 5) }), admin);
    expect(short.statusCode).toBe(409);
    expect(short.json<ErrorBody>().error).toMatchObject({
      message: 'Not enough kits: 4 in stock, 5 needed. Nothing was sent.',
      details: { problems: [{ code: `Jiko Kuni kit at ${C.code}`, reason: 'Not enough kits: 4 in stock, 5 needed.' }] },
    });
    const bothShort = await post(transfer({ fromFactoryId: C.id, lines: lines(11, 5) }), admin);
    expect(bothShort.json<ErrorBody>().error.message).toBe(
      'Not enough kits of 2 categories: see each. Nothing was sent.',
    );
    expect(await snapshot()).toEqual(before);

    const res = await post(transfer({ fromFactoryId: C.id, lines: lines(6, 4) }), admin);
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json<CkdTransfer>();
    expect(sent.quantity).toBe(10);
    // Lines by category name.
    expect(sent.lines).toEqual([
      { category: { id: kuni.id, name: 'Jiko Kuni kit', code: kuni.code }, quantity: 4 },
      { category: { id: poa.id, name: 'Jiko Poa kit', code: poa.code }, quantity: 6 },
    ]);
    expect([await kitsAt(C.id, poa.id), await kitsAt(C.id, kuni.id)]).toEqual([4, 0]);
    expect([await kitsAt(B.id, poa.id), await kitsAt(B.id, kuni.id)]).toEqual([6, 4]);
    // Found by either of its categories.
    const byKuni = (await get(`/api/ckd/transfers?categoryId=${kuni.id}`, admin)).json<ListResponse<CkdTransfer>>();
    expect(byKuni.items.map((t) => t.id)).toEqual([sent.id]);
  });

  it('sends the last kits, and refuses one more: 409 "Not enough kits", nothing written', async () => {
    const left = await kitsAt(A.id);
    const before = await snapshot();
    const res = await post(transfer({ quantity: left + 1 }), admin);
    expect(res.statusCode).toBe(409);
    const body = res.json<ErrorBody>();
    expect(body.error.message).toBe(`Not enough kits: ${left} in stock, ${left + 1} needed. Nothing was sent.`);
    expect(body.error.details?.problems).toEqual([
      { code: `Jiko Poa Large at ${A.code}`, reason: `Not enough kits: ${left} in stock, ${left + 1} needed.` },
    ]);
    expect(await snapshot()).toEqual(before);
    const none = await post(transfer({ fromFactoryId: C.id, toFactoryId: B.id, quantity: 1 }), admin);
    expect(none.json<ErrorBody>().error.message).toBe('Not enough kits: 0 in stock, 1 needed. Nothing was sent.');
    expect(await snapshot()).toEqual(before);
    const all = await post(transfer({ quantity: left }), productionManager);
    expect(all.statusCode, all.body).toBe(201);
    expect(await kitsAt(A.id)).toBe(0);
  });

  it('moves kits of a deactivated category (stock still held) but never to a deactivated factory', async () => {
    const old = await makeCkdCategory(ctx.handle.db);
    await giveKits(ctx.handle.db, { factoryId: B.id, categoryId: old.id, quantity: 4 });
    await ctx.handle.db.update(ckdCategories).set({ active: false }).where(eq(ckdCategories.id, old.id));
    const moved = await post(
      transfer({ fromFactoryId: B.id, toFactoryId: C.id, categoryId: old.id, quantity: 4 }),
      admin,
    );
    expect(moved.statusCode, moved.body).toBe(201);
    expect(await kitsAt(C.id, old.id)).toBe(4);
  });

  it('refuses bad input with 400 and the field, and writes nothing', async () => {
    await giveKits(ctx.handle.db, { factoryId: A.id, categoryId: kit.id, quantity: 5 });
    const before = await snapshot();
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ toFactoryId: A.id }, 'toFactoryId', 'toFactoryId: The receiving factory must differ from the sending one'],
      [{ toFactoryId: closed.id }, 'toFactoryId', `Factory ${closed.code} is deactivated. Choose an active factory.`],
      [
        { toFactoryId: '00000000-0000-4000-8000-000000000000' },
        'toFactoryId',
        'The receiving factory does not exist. Choose another one.',
      ],
      [
        { fromFactoryId: '00000000-0000-4000-8000-000000000000' },
        'fromFactoryId',
        'The sending factory does not exist. Choose another one.',
      ],
      [
        { categoryId: '00000000-0000-4000-8000-000000000000' },
        'lines.0.categoryId',
        'This CKD category does not exist. Choose another one.',
      ],
      [{ quantity: 0 }, 'lines.0.quantity'],
      [{ quantity: -3 }, 'lines.0.quantity'],
      [{ quantity: 1.5 }, 'lines.0.quantity'],
      [{ quantity: '5' }, 'lines.0.quantity'],
      [{ lines: [] }, 'lines', 'lines: Add at least one kit category'],
      [
        {
          lines: [
            { categoryId: kit.id, quantity: 1 },
            { categoryId: kit.id, quantity: 2 },
          ],
        },
        'lines.1.categoryId',
      ],
      [{ lines: Array.from({ length: 31 }, () => ({ categoryId: kit.id, quantity: 1 })) }, 'lines'],
      [{ date: addDays(today, 2) }, 'date'],
      [{ date: 'yesterday' }, 'date'],
      [{ fromFactoryId: undefined }, 'fromFactoryId'],
      [{ note: 'x'.repeat(1001) }, 'note'],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await post(transfer(overrides), admin);
      expect(res.statusCode, `${JSON.stringify(overrides)} ${res.body}`).toBe(400);
      const body = res.json<ErrorBody>();
      expect(Object.keys(body.error.details?.fieldErrors ?? {}), JSON.stringify(overrides)).toContain(field);
      if (message) expect(body.error.message).toBe(message);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('needs ckd-transfer or transfer-ckd-to-factory (403, nothing written)', async () => {
    const before = await snapshot();
    const res = await post(transfer({ quantity: 1 }), supervisorA);
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorBody>().error.message).toBe(
      "You don't have permission to do this (it needs CKD Transfer or Transfer CKD to Factory).",
    );
    expect(await snapshot()).toEqual(before);
  });
});

describe('factory scope', () => {
  it('a Factory Manager sends from their own factory to any factory, never from another', async () => {
    await giveKits(ctx.handle.db, { factoryId: B.id, categoryId: kit.id, quantity: 6 });
    const own = await post(transfer({ fromFactoryId: A.id, toFactoryId: C.id, quantity: 2 }), managerA);
    expect(own.statusCode, own.body).toBe(201);
    const before = await snapshot();
    const other = await post(transfer({ fromFactoryId: B.id, toFactoryId: A.id, quantity: 2 }), managerA);
    expect(other.statusCode).toBe(403);
    expect(other.json<ErrorBody>().error.message).toBe(`You can only act for your own factory (Factory ${A.code}).`);
    const without = await post(transfer({ quantity: 1 }), noFactory);
    expect(without.statusCode).toBe(403);
    expect(without.json<ErrorBody>().error.message).toBe(
      'Your account has no factory: ask an administrator to assign one.',
    );
    expect(await snapshot()).toEqual(before);
  });

  it('lists only transfers their factory is a side of, whatever the filter asks', async () => {
    const bToC = await post(transfer({ fromFactoryId: B.id, toFactoryId: C.id, quantity: 1 }), managerB);
    expect(bToC.statusCode, bToC.body).toBe(201);
    const bToA = await post(transfer({ fromFactoryId: B.id, toFactoryId: A.id, quantity: 1 }), managerB);
    const hidden = bToC.json<CkdTransfer>();
    const incoming = bToA.json<CkdTransfer>();

    const mine = (await get('/api/ckd/transfers?limit=200', managerA)).json<ListResponse<CkdTransfer>>();
    expect(mine.items.map((t) => t.id)).toContain(incoming.id);
    expect(mine.items.map((t) => t.id)).not.toContain(hidden.id);
    expect(mine.items.every((t) => t.from.id === A.id || t.to.id === A.id)).toBe(true);
    const asked = (await get(`/api/ckd/transfers?fromFactoryId=${B.id}&toFactoryId=${C.id}`, managerA)).json<
      ListResponse<CkdTransfer>
    >();
    expect(asked.total).toBe(0);
    const csv = await get(`/api/ckd/transfers/export.csv?fromFactoryId=${B.id}`, supervisorA);
    expect(csv.statusCode).toBe(200);
    expect(
      parseCsv(csv.body)
        .slice(1)
        .map((r) => r.fields[0]),
    ).toEqual([`KT-${String(incoming.number).padStart(6, '0')}`]);
    const nothing = (await get('/api/ckd/transfers', noFactory)).json<ListResponse<CkdTransfer>>();
    expect(nothing.total).toBe(0);
    const everything = (await get(`/api/ckd/transfers?fromFactoryId=${B.id}&toFactoryId=${C.id}`, admin)).json<
      ListResponse<CkdTransfer>
    >();
    expect(everything.items.map((t) => t.id)).toContain(hidden.id);
  });
});

describe('list and export', () => {
  it('filters by factories, category and dates, searches a number, pages and exports', async () => {
    const other = await makeCkdCategory(ctx.handle.db, { name: 'Institutional 60L', code: 'INS' });
    await giveKits(ctx.handle.db, { factoryId: C.id, categoryId: other.id, quantity: 30 });
    const days = [addDays(today, -20), addDays(today, -7), addDays(today, -3)];
    const made: CkdTransfer[] = [];
    for (const date of days) {
      const res = await post(
        transfer({ fromFactoryId: C.id, toFactoryId: A.id, categoryId: other.id, date, quantity: 3 }),
        admin,
      );
      expect(res.statusCode, res.body).toBe(201);
      made.push(res.json<CkdTransfer>());
    }
    const query = `categoryId=${other.id}&fromFactoryId=${C.id}&toFactoryId=${A.id}`;
    const all = (await get(`/api/ckd/transfers?${query}`, admin)).json<ListResponse<CkdTransfer>>();
    expect(all.items.map((t) => t.date)).toEqual([...days].reverse());
    const ranged = (await get(`/api/ckd/transfers?${query}&from=${days[0]}&to=${days[1]}`, admin)).json<
      ListResponse<CkdTransfer>
    >();
    expect(ranged.items.map((t) => t.id)).toEqual([made[1]?.id, made[0]?.id]);
    const byNumber = (await get(`/api/ckd/transfers?sort=number&dir=asc&${query}&limit=1`, admin)).json<
      ListResponse<CkdTransfer>
    >();
    expect(byNumber.items.map((t) => t.id)).toEqual([made[0]?.id]);
    const next = (
      await get(`/api/ckd/transfers?sort=number&dir=asc&${query}&limit=1&cursor=${byNumber.nextCursor ?? ''}`, admin)
    ).json<ListResponse<CkdTransfer>>();
    expect(next.items.map((t) => t.id)).toEqual([made[1]?.id]);
    const searched = (await get(`/api/ckd/transfers?q=kt${made[2]?.number}`, admin)).json<ListResponse<CkdTransfer>>();
    expect(searched.items.map((t) => t.id)).toEqual([made[2]?.id]);
    expect((await get('/api/ckd/transfers?to=31-01-2026', admin)).statusCode).toBe(400);
    expect((await get('/api/ckd/transfers?cursor=bogus', admin)).statusCode).toBe(400);

    const csv = parseCsv((await get(`/api/ckd/transfers/export.csv?${query}`, admin)).body);
    expect(csv[0]?.fields.slice(0, 8)).toEqual([
      'Number',
      'Date',
      'From',
      'From code',
      'To',
      'To code',
      'Kits',
      'Kits by category',
    ]);
    expect(csv.slice(1).map((r) => r.fields[1])).toEqual([...days].reverse());
    expect(csv[1]?.fields.slice(6, 8)).toEqual(['3', 'Institutional 60L (INS): 3']);
  });
});

describe('kit stock', () => {
  it('shows stock per factory × category with totals; scoped users see their own factory only', async () => {
    const stock = await get('/api/ckd/stock', admin);
    expect(stock.statusCode).toBe(200);
    const grid = stock.json<CkdStock>();
    const [expected] = await queryRows<{ total: number }>(
      ctx.handle.db,
      sql`select coalesce(sum(quantity), 0)::int as total from ckd_stock`,
    );
    expect(grid.total).toBe(expected?.total);
    expect(grid.rows.reduce((sum, r) => sum + r.total, 0)).toBe(grid.total);
    expect(Object.values(grid.totals).reduce((sum, n) => sum + n, 0)).toBe(grid.total);
    const rowA = grid.rows.find((r) => r.factory.id === A.id);
    expect(rowA?.quantities[kit.id]).toBe(await kitsAt(A.id));
    // Inactive factories without kits are left out; active ones are shown even when empty.
    expect(grid.rows.map((r) => r.factory.id)).not.toContain(closed.id);
    expect(grid.categories.map((c) => c.code)).toContain('JPL');

    const scoped = (await get(`/api/ckd/stock?factoryId=${B.id}`, managerA)).json<CkdStock>();
    expect(scoped.rows.map((r) => r.factory.id)).toEqual([A.id]);
    expect(scoped.total).toBe(scoped.rows[0]?.total);
    const filtered = (await get(`/api/ckd/stock?factoryId=${B.id}`, admin)).json<CkdStock>();
    expect(filtered.rows.map((r) => r.factory.id)).toEqual([B.id]);
    const empty = (await get('/api/ckd/stock', noFactory)).json<CkdStock>();
    expect(empty).toMatchObject({ rows: [], total: 0 });
    expect((await get('/api/ckd/stock?factoryId=nope', admin)).statusCode).toBe(400);
  });

  it('needs ckd-management', async () => {
    const coupler = await ctx.signedInAs(['Stove Coupler'], { factoryId: A.id });
    expect((await get('/api/ckd/stock', coupler)).statusCode).toBe(403);
    expect((await get('/api/ckd/transfers', coupler)).statusCode).toBe(403);
    expect((await get('/api/ckd/transfers/export.csv', coupler)).statusCode).toBe(403);
  });
});
