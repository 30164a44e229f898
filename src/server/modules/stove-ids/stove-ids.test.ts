/**
 * The stove ID registry API (DOMAIN.md §4 "Stove IDs"): the list (prefix search, filters, sorts,
 * keyset paging, factory scope), its CSV export, one ID with its history and current document,
 * voiding (all or nothing, one event per ID, audited once) and label sheets.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '../../../common/contracts/list';
import type { LabelSheet, StoveId, StoveIdDetail } from '../../../common/contracts/stove-ids';
import type { Group } from '../../../common/permissions';
import { queryRows } from '../../db/client';
import { auditLog } from '../../db/schema/core';
import { stoveIdEvents, stoveIds } from '../../db/schema/stove-ids';
import { parseCsv } from '../../../common/csv';
import { countRows } from '../../test/db-assert';
import { groupsWithout } from '../../test/groups';
import { walkList } from '../../test/list-walk';
import { makeStoveIds } from '../../test/stove-ids';
import { createTestContext, type TestContext } from '../../test/test-app';
import { changeStoveIdStatuses } from './stove-id-status.repository';

let ctx: TestContext;
let admin: { cookie: string; id: string };
let factoryA: { id: string; code: string };
let factoryB: { id: string; code: string };
/** A Factory Manager of A (factory-scoped). */
let managerA: { cookie: string; id: string };

beforeAll(async () => {
  ctx = await createTestContext();
  factoryA = await ctx.makeFactory();
  factoryB = await ctx.makeFactory();
  admin = await ctx.signedInAs(['Admin']);
  managerA = await ctx.signedInAs(['Factory Manager'], { factoryId: factoryA.id });
});
afterAll(async () => {
  await ctx.close();
});

interface ErrorBody {
  error: {
    code: string;
    message: string;
    details?: { fieldErrors?: Record<string, string[]>; problems?: { code: string; reason: string }[] };
  };
}

const NOT_ALLOWED: Group[] = ['Stove Coupler', 'Sales Officer'];

const get = (url: string, cookie = admin.cookie) => ctx.request({ method: 'GET', url, cookie });
const post = (url: string, payload: unknown, cookie = admin.cookie) =>
  ctx.request({ method: 'POST', url, payload: payload as Record<string, unknown>, cookie });
const list = async (query: Record<string, string>, cookie = admin.cookie) => {
  const res = await get(`/api/stove-ids?${new URLSearchParams(query).toString()}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListResponse<StoveId>>();
};
const detail = async (code: string, cookie = admin.cookie) => {
  const res = await get(`/api/stove-ids/${code}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<StoveIdDetail>();
};
const prefix = () =>
  `P${Array.from({ length: 6 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('')}`;

const statusesOf = async (ids: number[]) =>
  (await ctx.handle.db.select({ status: stoveIds.status }).from(stoveIds).where(inArray(stoveIds.id, ids))).map(
    (r) => r.status,
  );
const eventCount = (ids: number[]) => countRows(ctx.handle.db, stoveIdEvents, inArray(stoveIdEvents.stoveIdId, ids));

/** Puts IDs on a pending transfer (as the transfer module does): in_transit, status held. */
async function sendOnTransfer(ids: number[], fromId: string, toId: string) {
  const [transfer] = await queryRows<{ id: string; number: number }>(
    ctx.handle.db,
    sql`insert into stove_transfers (from_factory_id, to_factory_id, id_count)
        values (${fromId}, ${toId}, ${ids.length}) returning id, number::int as number`,
  );
  if (!transfer) throw new Error('no transfer');
  await ctx.handle.db.transaction(async (tx) => {
    await queryRows(
      tx,
      sql`insert into stove_transfer_items (transfer_id, stove_id_id, held_status)
          select ${transfer.id}, id, status from stove_ids where id = any(${`{${ids.join(',')}}`}::bigint[])`,
    );
    await changeStoveIdStatuses(tx, {
      ids,
      kind: 'sent',
      set: sql`held_status = s.status, status = 'in_transit', pending_transfer_id = ${transfer.id}`,
      document: { type: 'transfer', id: transfer.id },
      actorId: null,
    });
  });
  return transfer;
}

// ---------------------------------------------------------------------------------------------

describe('GET /api/stove-ids', () => {
  it('finds codes by prefix or exactly (any case), in code order, each with its factory and batch', async () => {
    const p = prefix();
    const made = await makeStoveIds(ctx.handle.db, { factoryId: factoryA.id, count: 12, prefix: p, width: 4 });
    const page = await list({ q: p.toLowerCase() });
    expect(page.items.map((i) => i.code)).toEqual(made.codes);
    expect(page).toMatchObject({ total: 12, totalCapped: false, nextCursor: null });
    const [batch] = await queryRows<{ number: number }>(
      ctx.handle.db,
      sql`select number::int as number from stove_id_batches where id = ${made.batchId}`,
    );
    expect(page.items[0]).toEqual({
      id: made.ids[0],
      code: made.codes[0],
      status: 'in_stock',
      heldStatus: null,
      factory: { id: factoryA.id, name: `Factory ${factoryA.code}`, code: factoryA.code },
      batch: { id: made.batchId, number: batch?.number, kind: 'generated' },
      pendingTransferId: null,
      voidReason: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as string,
      updatedAt: expect.any(String) as string,
    });

    // A longer prefix narrows; the whole code matches exactly one.
    const code = made.codes[10] ?? '';
    expect((await list({ q: code.slice(0, -2) })).items.map((i) => i.code)).toEqual(
      made.codes.filter((c) => c.startsWith(code.slice(0, -2))),
    );
    expect((await list({ q: ` ${code.toLowerCase()} ` })).items.map((i) => i.code)).toEqual([code]);
    // LIKE wildcards are taken literally.
    expect((await list({ q: `${p}%` })).items).toEqual([]);
    expect((await list({ q: `${p.slice(0, 2)}_` })).items).toEqual([]);
  });

  it('each item of a page, built by the database, is the ID as its own page shows it (held status, transfer, void reason)', async () => {
    const p = prefix();
    const made = await makeStoveIds(ctx.handle.db, { factoryId: factoryA.id, prefix: p, count: 4 });
    await sendOnTransfer(made.ids.slice(0, 1), factoryA.id, factoryB.id);
    expect((await post('/api/stove-ids/void', { codes: [made.codes[1]], reason: 'Label torn' })).statusCode).toBe(200);
    for (const sort of ['code', 'createdAt']) {
      for (const dir of ['asc', 'desc']) {
        const res = await get(`/api/stove-ids?${new URLSearchParams({ q: p, sort, dir, limit: '3' }).toString()}`);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        const page = res.json<ListResponse<StoveId>>();
        expect(page.items).toHaveLength(3);
        expect(page.nextCursor).toEqual(expect.any(String));
        for (const item of page.items) {
          const { events: _events, currentDocument: _current, ...shown } = await detail(item.code);
          expect(item).toStrictEqual(shown);
        }
      }
    }
    const [inTransit, voided] = (await list({ q: p })).items;
    expect(inTransit).toMatchObject({ status: 'in_transit', heldStatus: 'in_stock' });
    expect(typeof inTransit?.pendingTransferId).toBe('string');
    expect(voided).toMatchObject({ status: 'void', voidReason: 'Label torn' });
  });

  it('pages with a keyset cursor in every sort and direction, without repeating or skipping', async () => {
    const p = prefix();
    const made = await makeStoveIds(ctx.handle.db, { factoryId: factoryA.id, count: 7, prefix: p });
    const walk = (query: Record<string, string>) =>
      walkList<StoveId>(ctx, '/api/stove-ids', { q: p, ...query }, admin.cookie, 3);

    const byCode = await walk({ sort: 'code' });
    expect(byCode.items.map((i) => i.code)).toEqual(made.codes);
    expect(byCode.pages).toBe(3);
    expect((await walk({ sort: 'code', dir: 'desc' })).items.map((i) => i.code)).toEqual([...made.codes].reverse());
    expect((await walk({ sort: 'createdAt' })).items.map((i) => i.id)).toEqual(made.ids);
    expect((await walk({ sort: 'createdAt', dir: 'desc' })).items.map((i) => i.id)).toEqual([...made.ids].reverse());
  });

  it('filters by factory, status, batch and creation day', async () => {
    const p = prefix();
    const inStock = await makeStoveIds(ctx.handle.db, { factoryId: factoryA.id, count: 3, prefix: p, firstNumber: 1 });
    const coupled = await makeStoveIds(ctx.handle.db, {
      factoryId: factoryB.id,
      count: 2,
      prefix: p,
      firstNumber: 10,
      status: 'coupled',
    });
    const codes = async (query: Record<string, string>) => (await list({ q: p, ...query })).items.map((i) => i.code);
    expect(await codes({})).toEqual([...inStock.codes, ...coupled.codes]);
    expect(await codes({ factoryId: factoryB.id })).toEqual(coupled.codes);
    expect(await codes({ status: 'coupled' })).toEqual(coupled.codes);
    expect(await codes({ status: 'coupled', factoryId: factoryA.id })).toEqual([]);
    expect(await codes({ batchId: inStock.batchId })).toEqual(inStock.codes);

    await ctx.handle.db.execute(
      sql`update stove_ids set created_at = '2025-03-10T23:30:00Z' where batch_id = ${coupled.batchId}`,
    );
    expect(await codes({ from: '2025-03-10', to: '2025-03-10' })).toEqual(coupled.codes);
    expect(await codes({ to: '2025-03-09' })).toEqual([]);
    expect(await codes({ from: '2025-03-11' })).toEqual(inStock.codes);
    // The total counts the filtered rows.
    expect((await list({ q: p, factoryId: factoryA.id })).total).toBe(3);
  });

  it('pages each filter through its index range in both directions (statuses interleaved in code order)', async () => {
    const p = prefix();
    const parts = [
      await makeStoveIds(ctx.handle.db, { factoryId: factoryA.id, count: 3, prefix: p, firstNumber: 1 }),
      await makeStoveIds(ctx.handle.db, { factoryId: factoryB.id, count: 2, prefix: p, firstNumber: 4 }),
      await makeStoveIds(ctx.handle.db, {
        factoryId: factoryA.id,
        count: 2,
        prefix: p,
        firstNumber: 6,
        status: 'void',
      }),
      await makeStoveIds(ctx.handle.db, {
        factoryId: factoryA.id,
        count: 3,
        prefix: p,
        firstNumber: 8,
        status: 'coupled',
      }),
      await makeStoveIds(ctx.handle.db, { factoryId: factoryA.id, count: 2, prefix: p, firstNumber: 11 }),
      await makeStoveIds(ctx.handle.db, {
        factoryId: factoryB.id,
        count: 2,
        prefix: p,
        firstNumber: 13,
        status: 'void',
      }),
    ];
    const [a1, b1, aVoid, aCoupled, a2, bVoid] = parts.map((m) => m.codes);
    const cases: [Record<string, string>, string[]][] = [
      [{ factoryId: factoryA.id }, [...(a1 ?? []), ...(aVoid ?? []), ...(aCoupled ?? []), ...(a2 ?? [])]],
      [{ factoryId: factoryA.id, status: 'in_stock' }, [...(a1 ?? []), ...(a2 ?? [])]],
      [{ status: 'void' }, [...(aVoid ?? []), ...(bVoid ?? [])]],
      [{ batchId: parts[3]?.batchId ?? '' }, aCoupled ?? []],
      [{ factoryId: factoryB.id, batchId: parts[1]?.batchId ?? '' }, b1 ?? []],
      [{ factoryId: factoryB.id, status: 'coupled' }, []],
    ];
    for (const [filter, expected] of cases) {
      for (const limit of [1, 2, 5]) {
        const asc = await walkList<StoveId>(ctx, '/api/stove-ids', { q: p, ...filter }, admin.cookie, limit);
        expect(
          asc.items.map((i) => i.code),
          JSON.stringify(filter),
        ).toEqual(expected);
        const desc = await walkList<StoveId>(
          ctx,
          '/api/stove-ids',
          { q: p, ...filter, dir: 'desc' },
          admin.cookie,
          limit,
        );
        expect(
          desc.items.map((i) => i.code),
          JSON.stringify(filter),
        ).toEqual([...expected].reverse());
        expect(new Set(asc.totals)).toEqual(new Set([expected.length]));
      }
    }
  });

  it('stops counting at the cap (10,000+), for any filter, and counts exactly below it', async () => {
    const p = prefix();
    const big = await makeStoveIds(ctx.handle.db, { factoryId: factoryB.id, count: 10_001, prefix: p, width: 6 });
    const queries: Record<string, string>[] = [
      { q: p },
      { batchId: big.batchId },
      { q: p, factoryId: factoryB.id },
      { q: p, status: 'in_stock' },
    ];
    for (const query of queries) {
      const page = await list({ ...query, limit: '5' });
      expect(page, JSON.stringify(query)).toMatchObject({ total: 10_000, totalCapped: true });
      expect(page.items.map((i) => i.code)).toEqual(big.codes.slice(0, 5));
    }
    const small = await makeStoveIds(ctx.handle.db, {
      factoryId: factoryB.id,
      count: 3,
      prefix: p,
      firstNumber: 999_000,
    });
    expect(await list({ batchId: small.batchId })).toMatchObject({ total: 3, totalCapped: false });
    await post('/api/stove-ids/void', { codes: small.codes.slice(0, 1), reason: 'Torn' });
    expect(await list({ batchId: small.batchId, status: 'void' })).toMatchObject({ total: 1, totalCapped: false });
    expect(await list({ batchId: small.batchId, status: 'in_stock' })).toMatchObject({ total: 2, totalCapped: false });
  });

  it('a factory-scoped user sees only their factory, whatever they ask for', async () => {
    const p = prefix();
    const atA = await makeStoveIds(ctx.handle.db, { factoryId: factoryA.id, count: 2, prefix: p, firstNumber: 1 });
    await makeStoveIds(ctx.handle.db, { factoryId: factoryB.id, count: 2, prefix: p, firstNumber: 5 });
    const codes = async (query: Record<string, string>) =>
      (await list({ q: p, ...query }, managerA.cookie)).items.map((i) => i.code);
    expect(await codes({})).toEqual(atA.codes);
    expect(await codes({ factoryId: factoryB.id })).toEqual(atA.codes);

    const noFactory = await ctx.signedInAs(['Factory Manager'], { factoryId: null });
    expect((await list({ q: p }, noFactory.cookie)).items).toEqual([]);
  });

  it.each([
    ['an unknown status', { status: 'lost' }, 'status'],
    ['a bad day', { from: '10/03/2025' }, 'from'],
    ['a bad factory id', { factoryId: 'nope' }, 'factoryId'],
    ['an unknown sort', { sort: 'factory' }, 'sort'],
    // Not sortable by last change: a million IDs would be sorted on every page (decision 0009).
    ['the sort by last change', { sort: 'updatedAt' }, 'sort'],
    ['a foreign cursor', { cursor: 'bm90LWEtY3Vyc29y' }, 'cursor'],
    [
      'a cursor with a uuid id',
      { cursor: Buffer.from('["A","8a6e0804-2bd0-4672-b79d-d97027f9071e"]').toString('base64url') },
      'cursor',
    ],
  ])('400 for %s', async (_label, query, field) => {
    const res = await get(`/api/stove-ids?${new URLSearchParams(query).toString()}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json<ErrorBody>().error.details?.fieldErrors ?? {})).toContain(field);
  });

  it.each(NOT_ALLOWED)('403 for %s (no stove-id-management)', async (group) => {
    expect(groupsWithout('stove-id-management')).toContain(group);
    const { cookie } = await ctx.signedInAs([group], { factoryId: factoryA.id });
    expect((await get('/api/stove-ids', cookie)).statusCode).toBe(403);
    expect((await get('/api/stove-ids/export.csv', cookie)).statusCode).toBe(403);
  });
});

describe('GET /api/stove-ids/export.csv', () => {
  it('streams the filtered list with its columns, scoped to the factory of a scoped user', async () => {
    const p = prefix();
    const atA = await makeStoveIds(ctx.handle.db, { factoryId: factoryA.id, count: 3, prefix: p, firstNumber: 1 });
    const atB = await makeStoveIds(ctx.handle.db, {
      factoryId: factoryB.id,
      count: 2,
      prefix: p,
      firstNumber: 7,
      status: 'void',
    });
    const res = await get(`/api/stove-ids/export.csv?q=${p}&sort=code&dir=desc`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const rows = parseCsv(res.body).map((r) => r.fields);
    expect(rows[0]).toEqual(['Code', 'Status', 'Factory', 'Batch', 'Created', 'Updated', 'Void reason']);
    expect(rows.slice(1).map((r) => r[0])).toEqual([...atA.codes, ...atB.codes].reverse());
    expect(rows[1]).toEqual([
      atB.codes[1],
      'Void',
      `Factory ${factoryB.code}`,
      expect.stringMatching(/^B-\d{6}$/) as string,
      expect.any(String) as string,
      expect.any(String) as string,
      'Damaged (test data)',
    ]);
    const scoped = parseCsv(
      (await get(`/api/stove-ids/export.csv?q=${p}&factoryId=${factoryB.id}`, managerA.cookie)).body,
    );
    expect(scoped.slice(1).map((r) => r.fields[0])).toEqual(atA.codes);
  });
});

// ---------------------------------------------------------------------------------------------

describe('GET /api/stove-ids/:code', () => {
  it('shows the ID, its history oldest first and its current document (the batch)', async () => {
    const made = await makeStoveIds(ctx.handle.db, {
      factoryId: factoryA.id,
      count: 1,
      status: 'coupled',
      actorId: admin.id,
    });
    const code = made.codes[0] ?? '';
    const one = await detail(code.toLowerCase());
    const [batch] = await queryRows<{ number: number }>(
      ctx.handle.db,
      sql`select number::int as number from stove_id_batches where id = ${made.batchId}`,
    );
    const label = `B-${String(batch?.number).padStart(6, '0')}`;
    expect(one).toMatchObject({ code, status: 'coupled', factory: { id: factoryA.id }, batch: { id: made.batchId } });
    expect(one.events.map((e) => [e.kind, e.fromStatus, e.toStatus])).toEqual([
      ['created', null, 'in_stock'],
      ['migrated', 'in_stock', 'coupled'],
    ]);
    expect(one.events[0]).toMatchObject({
      factory: { id: factoryA.id, code: factoryA.code },
      document: { type: 'batch', id: made.batchId, label },
      actor: { id: admin.id, email: expect.any(String) as string },
    });
    expect(one.currentDocument).toEqual({ type: 'batch', id: made.batchId, label });
  });

  it('the current document is the latest event with one (a transfer: TR-…)', async () => {
    const made = await makeStoveIds(ctx.handle.db, { factoryId: factoryA.id, count: 1 });
    const transfer = await sendOnTransfer(made.ids, factoryA.id, factoryB.id);
    const one = await detail(made.codes[0] ?? '');
    const label = `TR-${String(transfer.number).padStart(6, '0')}`;
    expect(one).toMatchObject({ status: 'in_transit', heldStatus: 'in_stock', pendingTransferId: transfer.id });
    expect(one.events.at(-1)).toMatchObject({ kind: 'sent', fromStatus: 'in_stock', toStatus: 'in_transit' });
    expect(one.currentDocument).toEqual({ type: 'transfer', id: transfer.id, label });
  });

  it('404 with a clear message for an unknown code; 400 for a malformed one', async () => {
    const res = await get('/api/stove-ids/NOPE00000');
    expect(res.statusCode).toBe(404);
    expect(res.json<ErrorBody>().error.message).toBe('No stove ID NOPE00000 was found.');
    expect((await get('/api/stove-ids/a_b')).statusCode).toBe(400);
  });

  it("a factory-scoped user gets 404 for another factory's ID, unless it is in transit to their factory", async () => {
    const atB = await makeStoveIds(ctx.handle.db, { factoryId: factoryB.id, count: 2 });
    const [first = '', second = ''] = atB.codes;
    const res = await get(`/api/stove-ids/${first}`, managerA.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json<ErrorBody>().error.message).toBe(`No stove ID ${first} was found.`);

    await sendOnTransfer([atB.ids[0] ?? 0], factoryB.id, factoryA.id);
    expect((await detail(first, managerA.cookie)).status).toBe('in_transit');
    // A transfer from B to elsewhere does not open it to A.
    const factoryC = await ctx.makeFactory();
    await sendOnTransfer([atB.ids[1] ?? 0], factoryB.id, factoryC.id);
    expect((await get(`/api/stove-ids/${second}`, managerA.cookie)).statusCode).toBe(404);
  });

  it.each(NOT_ALLOWED)('403 for %s', async (group) => {
    const made = await makeStoveIds(ctx.handle.db, { factoryId: factoryA.id, count: 1 });
    const { cookie } = await ctx.signedInAs([group], { factoryId: factoryA.id });
    expect((await get(`/api/stove-ids/${made.codes[0]}`, cookie)).statusCode).toBe(403);
  });
});

// ---------------------------------------------------------------------------------------------

describe('POST /api/stove-ids/void', () => {
  it('voids every ID with the reason, one history event each, one audit row', async () => {
    const made = await makeStoveIds(ctx.handle.db, { factoryId: factoryA.id, count: 3 });
    const coupled = await makeStoveIds(ctx.handle.db, { factoryId: factoryA.id, count: 1, status: 'validated' });
    const codes = [...made.codes, ...coupled.codes];
    const ids = [...made.ids, ...coupled.ids];
    const before = await eventCount(ids);
    const res = await post(
      '/api/stove-ids/void',
      { codes: [...codes.map((c) => ` ${c.toLowerCase()}`), codes[0]], reason: ' Water damage ' },
      managerA.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ voided: 4 });
    expect(await statusesOf(ids)).toEqual(['void', 'void', 'void', 'void']);
    expect(await eventCount(ids)).toBe(before + 4);

    const one = await detail(coupled.codes[0] ?? '');
    expect(one).toMatchObject({ status: 'void', voidReason: 'Water damage' });
    expect(one.events.at(-1)).toMatchObject({
      kind: 'voided',
      fromStatus: 'validated',
      toStatus: 'void',
      note: 'Water damage',
      actor: { id: managerA.id },
    });
    const audits = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'void'), eq(auditLog.actorId, managerA.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ recordType: 'stove_id', after: { count: 4, reason: 'Water damage', codes } });
  });

  it('refuses all when any ID is unknown, sold, in transit or already void, listing each; nothing changes', async () => {
    const ok = await makeStoveIds(ctx.handle.db, { factoryId: factoryA.id, count: 1 });
    const sold = await makeStoveIds(ctx.handle.db, { factoryId: factoryA.id, count: 1, status: 'sold' });
    const gone = await makeStoveIds(ctx.handle.db, { factoryId: factoryA.id, count: 1, status: 'void' });
    const moving = await makeStoveIds(ctx.handle.db, { factoryId: factoryA.id, count: 1 });
    await sendOnTransfer(moving.ids, factoryA.id, factoryB.id);
    const ids = [...ok.ids, ...sold.ids, ...gone.ids, ...moving.ids];
    const before = await eventCount(ids);
    const res = await post('/api/stove-ids/void', {
      codes: [...ok.codes, ...sold.codes, 'UNKNOWN-1', ...gone.codes, ...moving.codes],
      reason: 'Lost',
    });
    expect(res.statusCode).toBe(409);
    const body = res.json<ErrorBody>();
    expect(body.error.message).toBe('4 of the 5 stove IDs cannot be voided; nothing was changed.');
    expect(body.error.details?.problems).toEqual([
      { code: sold.codes[0], reason: 'Sold: a sold stove ID cannot be voided' },
      { code: 'UNKNOWN-1', reason: 'Unknown stove ID' },
      { code: gone.codes[0], reason: 'Already void' },
      { code: moving.codes[0], reason: 'In transit: cancel or finish its transfer first' },
    ]);
    expect(await statusesOf(ok.ids)).toEqual(['in_stock']);
    expect(await eventCount(ids)).toBe(before);
  });

  it("a factory-scoped user cannot void another factory's IDs (refused, nothing changes)", async () => {
    const atB = await makeStoveIds(ctx.handle.db, { factoryId: factoryB.id, count: 1 });
    const atA = await makeStoveIds(ctx.handle.db, { factoryId: factoryA.id, count: 1 });
    const res = await post(
      '/api/stove-ids/void',
      { codes: [...atA.codes, ...atB.codes], reason: 'Lost' },
      managerA.cookie,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().error.details?.problems).toEqual([
      { code: atB.codes[0], reason: 'Not found at your factory' },
    ]);
    expect(await statusesOf([...atA.ids, ...atB.ids])).toEqual(['in_stock', 'in_stock']);
  });

  it.each([
    ['no reason', { reason: '  ' }, 'reason'],
    ['no codes', { codes: [] }, 'codes'],
    ['only blank codes', { codes: [' ', ''] }, 'codes'],
  ])('400 for %s, nothing changed', async (_label, overrides, field) => {
    const made = await makeStoveIds(ctx.handle.db, { factoryId: factoryA.id, count: 1 });
    const res = await post('/api/stove-ids/void', { codes: made.codes, reason: 'Lost', ...overrides });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json<ErrorBody>().error.details?.fieldErrors ?? {})).toContain(field);
    expect(await statusesOf(made.ids)).toEqual(['in_stock']);
  });

  it.each(NOT_ALLOWED)('403 for %s, nothing changed', async (group) => {
    const made = await makeStoveIds(ctx.handle.db, { factoryId: factoryA.id, count: 1 });
    const { cookie } = await ctx.signedInAs([group], { factoryId: factoryA.id });
    expect((await post('/api/stove-ids/void', { codes: made.codes, reason: 'Lost' }, cookie)).statusCode).toBe(403);
    expect(await statusesOf(made.ids)).toEqual(['in_stock']);
  });
});

// ---------------------------------------------------------------------------------------------

describe('label sheets', () => {
  it("GET ?batchId= gives the batch's codes with the factory code and a title", async () => {
    const made = await makeStoveIds(ctx.handle.db, { factoryId: factoryA.id, count: 3 });
    const res = await get(`/api/stove-ids/labels?batchId=${made.batchId}`, managerA.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const sheet = res.json<LabelSheet>();
    expect(sheet.title).toMatch(new RegExp(`^Batch B-\\d{6} · ${factoryA.code} · 3 labels$`));
    expect(sheet.labels).toEqual(made.codes.map((code) => ({ code, factoryCode: factoryA.code })));
  });

  it("404 for another factory's batch (scoped) or an unknown one; 400 for a bad id", async () => {
    const atB = await makeStoveIds(ctx.handle.db, { factoryId: factoryB.id, count: 1 });
    expect((await get(`/api/stove-ids/labels?batchId=${atB.batchId}`, managerA.cookie)).statusCode).toBe(404);
    expect((await get(`/api/stove-ids/labels?batchId=${atB.batchId}`)).statusCode).toBe(200);
    expect((await get('/api/stove-ids/labels?batchId=8a6e0804-2bd0-4672-b79d-d97027f9071e')).statusCode).toBe(404);
    expect((await get('/api/stove-ids/labels?batchId=x')).statusCode).toBe(400);
  });

  it('POST { codes } gives the chosen codes in order; refused when any is unknown or not yours', async () => {
    const atA = await makeStoveIds(ctx.handle.db, { factoryId: factoryA.id, count: 3 });
    const atB = await makeStoveIds(ctx.handle.db, { factoryId: factoryB.id, count: 1 });
    const chosen = [atA.codes[2] ?? '', atA.codes[0] ?? ''];
    const res = await post('/api/stove-ids/labels', { codes: chosen.map((c) => c.toLowerCase()) }, managerA.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<LabelSheet>()).toEqual({
      title: `Selection · ${factoryA.code} · 2 labels`,
      labels: chosen.map((code) => ({ code, factoryCode: factoryA.code })),
    });
    const mixed = await post('/api/stove-ids/labels', { codes: [...chosen, ...atB.codes] });
    expect(mixed.json<LabelSheet>().title).toBe('Selection · 3 labels');

    const refused = await post('/api/stove-ids/labels', { codes: [...chosen, ...atB.codes] }, managerA.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorBody>().error.details?.problems).toEqual([
      { code: atB.codes[0], reason: 'Not found at your factory' },
    ]);
    expect((await post('/api/stove-ids/labels', { codes: [] })).statusCode).toBe(400);
  });

  it.each(NOT_ALLOWED)('403 for %s', async (group) => {
    const made = await makeStoveIds(ctx.handle.db, { factoryId: factoryA.id, count: 1 });
    const { cookie } = await ctx.signedInAs([group], { factoryId: factoryA.id });
    expect((await get(`/api/stove-ids/labels?batchId=${made.batchId}`, cookie)).statusCode).toBe(403);
    expect((await post('/api/stove-ids/labels', { codes: made.codes }, cookie)).statusCode).toBe(403);
  });
});
