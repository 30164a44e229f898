/**
 * Two-step stove ID transfers (DOMAIN.md §4 "Stove IDs"): check, send (all or nothing), confirm
 * all or part, reject, cancel, list, export, pending count and detail. Proves: an ID is on at most
 * one pending transfer; each step applies once (a second attempt is a 409 that changes nothing);
 * every status change appends exactly one history event; factory-scoped users see and move only
 * their factory's IDs and act only on their side; bad input is a 400 that changes nothing.
 * The races are in stove-transfers-concurrency.test.ts (PostgreSQL).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '../../../common/contracts/list';
import type {
  StoveIdStatus,
  StoveTransfer,
  StoveTransferDetail,
  TransferCheck,
} from '../../../common/contracts/stove-ids';
import { transferNumberLabel } from '../../../common/contracts/stove-ids';
import type { Group } from '../../../common/permissions';
import { queryRows } from '../../db/client';
import { parseCsv } from '../../../common/csv';
import { auditRows } from '../../test/db-assert';
import { groupsWithout } from '../../test/groups';
import { walkList } from '../../test/list-walk';
import { makeStoveIds } from '../../test/stove-ids';
import { createTestContext, type ErrorBody, type SignedInUser, type TestContext } from '../../test/test-app';
import { sqlBigintArray } from '../stove-ids/stove-id-status.repository';

let ctx: TestContext;
let A: { id: string; code: string };
let B: { id: string; code: string };
let C: { id: string; code: string };
let inactive: { id: string; code: string };
let admin: SignedInUser;
let managerA: SignedInUser;
let managerB: SignedInUser;
let managerC: SignedInUser;
let noFactory: SignedInUser;

beforeAll(async () => {
  ctx = await createTestContext();
  A = await ctx.makeFactory();
  B = await ctx.makeFactory();
  C = await ctx.makeFactory();
  inactive = await ctx.makeFactory({ active: false });
  admin = await ctx.signedInAs(['Admin']);
  managerA = await ctx.signedInAs(['Factory Manager'], { factoryId: A.id });
  managerB = await ctx.signedInAs(['Factory Manager'], { factoryId: B.id });
  managerC = await ctx.signedInAs(['Production Supervisor'], { factoryId: C.id });
  noFactory = await ctx.signedInAs(['Factory Manager'], { factoryId: null });
});
afterAll(async () => {
  await ctx.close();
});

const post = (url: string, payload: unknown, user: SignedInUser) =>
  ctx.request({ method: 'POST', url, payload: payload as Record<string, unknown>, cookie: user.cookie });
const get = (url: string, user: SignedInUser) => ctx.request({ method: 'GET', url, cookie: user.cookie });

const make = (factoryId: string, count: number, status?: Exclude<StoveIdStatus, 'in_transit'>) =>
  makeStoveIds(ctx.handle.db, { factoryId, count, ...(status ? { status } : {}) });

async function send(
  user: SignedInUser,
  codes: string[],
  from = A.id,
  to = B.id,
  note?: string,
): Promise<StoveTransfer> {
  const res = await post('/api/stove-transfers', { fromFactoryId: from, toFactoryId: to, codes, note }, user);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<StoveTransfer>();
}

interface IdState {
  code: string;
  status: StoveIdStatus;
  heldStatus: StoveIdStatus | null;
  factoryId: string;
  pendingTransferId: string | null;
  events: number;
}

/** Each ID's state and its number of history events, by id. */
async function states(ids: number[]): Promise<IdState[]> {
  return queryRows<IdState>(
    ctx.handle.db,
    sql`select s.code, s.status, s.held_status as "heldStatus", s.factory_id as "factoryId",
               s.pending_transfer_id as "pendingTransferId",
               (select count(*)::int from stove_id_events e where e.stove_id_id = s.id) as events
          from stove_ids s where s.id = any(${sqlBigintArray(ids)}) order by s.id`,
  );
}

/** The events of these IDs of one kind, one row each. */
function eventsOf(ids: number[], kind: string) {
  return queryRows<{ stoveIdId: number; fromStatus: string; toStatus: string; factoryId: string; documentId: string }>(
    ctx.handle.db,
    sql`select stove_id_id::int as "stoveIdId", from_status as "fromStatus", to_status as "toStatus",
               factory_id as "factoryId", document_id as "documentId"
          from stove_id_events where stove_id_id = any(${sqlBigintArray(ids)}) and kind = ${kind} order by stove_id_id`,
  );
}

/** Everything a refused request must leave alone: IDs, transfers, items, events and audit rows. */
async function snapshot() {
  const [row] = await queryRows<Record<string, unknown>>(
    ctx.handle.db,
    sql`select
      (select md5(coalesce(string_agg(concat_ws('|', id, status, held_status, factory_id, pending_transfer_id, updated_at), ',' order by id), '')) from stove_ids) as ids,
      (select md5(coalesce(string_agg(concat_ws('|', id, status, received_count, reason, decided_at, decided_by), ',' order by id), '')) from stove_transfers) as transfers,
      (select md5(coalesce(string_agg(concat_ws('|', transfer_id, stove_id_id, outcome, held_status), ',' order by transfer_id, stove_id_id), '')) from stove_transfer_items) as items,
      (select count(*)::int from stove_id_events) as events,
      (select count(*)::int from audit_log where record_type = 'stove_transfer') as audits`,
  );
  return row;
}

async function expectUnchanged(before: unknown) {
  expect(await snapshot()).toEqual(before);
}

async function transferRow(id: string) {
  const [row] = await queryRows<Record<string, unknown>>(
    ctx.handle.db,
    sql`select status, id_count as "idCount", received_count as "receivedCount", reason,
               decided_at is not null as decided, decided_by as "decidedBy"
          from stove_transfers where id = ${id}`,
  );
  return row;
}

async function itemOutcomes(id: string): Promise<Record<string, { outcome: string; heldStatus: string }>> {
  const rows = await queryRows<{ code: string; outcome: string; heldStatus: string }>(
    ctx.handle.db,
    sql`select s.code, i.outcome, i.held_status as "heldStatus" from stove_transfer_items i
          join stove_ids s on s.id = i.stove_id_id where i.transfer_id = ${id}`,
  );
  return Object.fromEntries(rows.map((r) => [r.code, { outcome: r.outcome, heldStatus: r.heldStatus }]));
}

// ---------------------------------------------------------------------------------------------

describe('POST /api/stove-transfers/check', () => {
  it("reports each code's eligibility and reason, in order, and changes nothing", async () => {
    const inStock = await make(A.id, 2);
    const coupled = await make(A.id, 1, 'coupled');
    const validated = await make(A.id, 1, 'validated');
    const sold = await make(A.id, 1, 'sold');
    const voided = await make(A.id, 1, 'void');
    const elsewhere = await make(B.id, 1);
    const onTransfer = await make(A.id, 1);
    const pending = await send(managerA, onTransfer.codes);
    const before = await snapshot();

    const codes = [
      ` ${inStock.codes[0]?.toLowerCase()} `,
      coupled.codes[0],
      validated.codes[0],
      sold.codes[0],
      voided.codes[0],
      elsewhere.codes[0],
      onTransfer.codes[0],
      'UNKNOWN0001',
      'a!',
      inStock.codes[0],
      inStock.codes[1],
    ];
    const res = await post('/api/stove-transfers/check', { fromFactoryId: A.id, toFactoryId: B.id, codes }, managerA);
    expect(res.statusCode, res.body).toBe(200);
    const check = res.json<TransferCheck>();
    expect(check.items).toEqual([
      { code: inStock.codes[0], eligible: true, status: 'in_stock', reason: null },
      { code: coupled.codes[0], eligible: true, status: 'coupled', reason: null },
      { code: validated.codes[0], eligible: true, status: 'validated', reason: null },
      {
        code: sold.codes[0],
        eligible: false,
        status: 'sold',
        reason: 'Sold: only In stock, Coupled or Validated IDs can be sent',
      },
      {
        code: voided.codes[0],
        eligible: false,
        status: 'void',
        reason: 'Void: only In stock, Coupled or Validated IDs can be sent',
      },
      { code: elsewhere.codes[0], eligible: false, status: null, reason: `Not at the sending factory (${A.code})` },
      {
        code: onTransfer.codes[0],
        eligible: false,
        status: 'in_transit',
        reason: `Already on pending transfer ${transferNumberLabel(pending.number)}`,
      },
      { code: 'UNKNOWN0001', eligible: false, status: null, reason: 'Unknown stove ID' },
      { code: 'A!', eligible: false, status: null, reason: 'Not a stove ID (4-32 characters of A-Z, 0-9 and -)' },
      { code: inStock.codes[0], eligible: false, status: null, reason: 'Duplicate in the list' },
      { code: inStock.codes[1], eligible: true, status: 'in_stock', reason: null },
    ]);
    expect(check).toMatchObject({ eligible: 4, ineligible: 7 });
    await expectUnchanged(before);
  });

  it('a destination equal to the sender, or inactive, makes every code ineligible', async () => {
    const ids = await make(A.id, 2);
    const same = await post(
      '/api/stove-transfers/check',
      { fromFactoryId: A.id, toFactoryId: A.id, codes: ids.codes },
      managerA,
    );
    expect(same.json<TransferCheck>().items.map((i) => i.reason)).toEqual([
      'The destination is the sending factory',
      'The destination is the sending factory',
    ]);
    const off = await post(
      '/api/stove-transfers/check',
      { fromFactoryId: A.id, toFactoryId: inactive.id, codes: ids.codes },
      managerA,
    );
    expect(off.json<TransferCheck>()).toMatchObject({ eligible: 0, ineligible: 2 });
    expect(off.json<TransferCheck>().items[0]?.reason).toBe(`The destination factory (${inactive.code}) is inactive`);
  });

  it('checks 5,000 codes in one request', async () => {
    const ids = await make(A.id, 5000);
    const started = performance.now();
    const res = await post(
      '/api/stove-transfers/check',
      { fromFactoryId: A.id, toFactoryId: B.id, codes: ids.codes },
      managerA,
    );
    const ms = performance.now() - started;
    expect(res.statusCode).toBe(200);
    expect(res.json<TransferCheck>()).toMatchObject({ eligible: 5000, ineligible: 0 });
    expect(ms).toBeLessThan(5000);
  });

  it('403 for a factory-scoped user checking from another factory; 400 for bad input', async () => {
    const ids = await make(B.id, 1);
    const other = await post(
      '/api/stove-transfers/check',
      { fromFactoryId: B.id, toFactoryId: C.id, codes: ids.codes },
      managerA,
    );
    expect(other.statusCode).toBe(403);
    for (const payload of [
      { fromFactoryId: A.id, toFactoryId: B.id, codes: [] },
      { fromFactoryId: A.id, toFactoryId: 'nope', codes: ids.codes },
      { fromFactoryId: A.id, codes: ids.codes },
      { fromFactoryId: A.id, toFactoryId: '00000000-0000-4000-8000-000000000000', codes: ids.codes },
    ]) {
      const res = await post('/api/stove-transfers/check', payload, managerA);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe('POST /api/stove-transfers (send)', () => {
  it('sends: pending transfer, items holding each status, IDs in transit, one sent event each, one audit row', async () => {
    const inStock = await make(A.id, 2);
    const coupled = await make(A.id, 1, 'coupled');
    const validated = await make(A.id, 1, 'validated');
    const codes = [...inStock.codes, ...coupled.codes, ...validated.codes];
    const ids = [...inStock.ids, ...coupled.ids, ...validated.ids];
    const eventsBefore = (await states(ids)).map((s) => s.events);

    const transfer = await send(
      managerA,
      codes.map((c) => c.toLowerCase()),
      A.id,
      B.id,
      ' Truck KBX 123 ',
    );
    expect(transfer).toMatchObject({
      status: 'pending',
      from: { id: A.id, code: A.code },
      to: { id: B.id, code: B.code },
      idCount: 4,
      receivedCount: null,
      note: 'Truck KBX 123',
      reason: null,
      createdBy: { id: managerA.id },
      decidedAt: null,
      decidedBy: null,
    });
    expect(await transferRow(transfer.id)).toMatchObject({ status: 'pending', idCount: 4, decided: false });
    expect(await itemOutcomes(transfer.id)).toEqual({
      [codes[0] as string]: { outcome: 'pending', heldStatus: 'in_stock' },
      [codes[1] as string]: { outcome: 'pending', heldStatus: 'in_stock' },
      [codes[2] as string]: { outcome: 'pending', heldStatus: 'coupled' },
      [codes[3] as string]: { outcome: 'pending', heldStatus: 'validated' },
    });
    const after = await states(ids);
    expect(after.map((s) => [s.status, s.heldStatus, s.factoryId, s.pendingTransferId])).toEqual([
      ['in_transit', 'in_stock', A.id, transfer.id],
      ['in_transit', 'in_stock', A.id, transfer.id],
      ['in_transit', 'coupled', A.id, transfer.id],
      ['in_transit', 'validated', A.id, transfer.id],
    ]);
    expect(after.map((s) => s.events)).toEqual(eventsBefore.map((n) => n + 1));
    const sent = await eventsOf(ids, 'sent');
    expect(sent.map((e) => [e.fromStatus, e.toStatus, e.factoryId, e.documentId])).toEqual([
      ['in_stock', 'in_transit', A.id, transfer.id],
      ['in_stock', 'in_transit', A.id, transfer.id],
      ['coupled', 'in_transit', A.id, transfer.id],
      ['validated', 'in_transit', A.id, transfer.id],
    ]);
    const audit = await auditRows(ctx.handle.db, 'send', transfer.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: managerA.id, recordType: 'stove_transfer' });
  });

  it('refuses ALL when any ID is ineligible (409 listing each with its reason) and changes nothing', async () => {
    const good = await make(A.id, 3);
    const sold = await make(A.id, 1, 'sold');
    const elsewhere = await make(C.id, 1);
    const before = await snapshot();
    const res = await post(
      '/api/stove-transfers',
      {
        fromFactoryId: A.id,
        toFactoryId: B.id,
        codes: [...good.codes, sold.codes[0], elsewhere.codes[0], 'NOPE0000', good.codes[0]],
      },
      managerA,
    );
    expect(res.statusCode).toBe(409);
    const error = res.json<ErrorBody>().error;
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toBe('Nothing was sent: 4 of 7 stove IDs cannot be transferred.');
    expect(error.details?.problems).toEqual([
      { code: sold.codes[0], reason: 'Sold: only In stock, Coupled or Validated IDs can be sent' },
      { code: elsewhere.codes[0], reason: `Not at the sending factory (${A.code})` },
      { code: 'NOPE0000', reason: 'Unknown stove ID' },
      { code: good.codes[0], reason: 'Duplicate in the list' },
    ]);
    await expectUnchanged(before);
  });

  it('an ID is on at most one pending transfer: a second send with any of its IDs is refused, naming them', async () => {
    const ids = await make(A.id, 4);
    const first = await send(managerA, ids.codes.slice(0, 2));
    const before = await snapshot();
    const res = await post(
      '/api/stove-transfers',
      { fromFactoryId: A.id, toFactoryId: C.id, codes: ids.codes.slice(1) },
      managerA,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().error.details?.problems).toEqual([
      { code: ids.codes[1], reason: `Already on pending transfer ${transferNumberLabel(first.number)}` },
    ]);
    await expectUnchanged(before);
    // Sending the same IDs again is refused too (a send applies once).
    const again = await post(
      '/api/stove-transfers',
      { fromFactoryId: A.id, toFactoryId: B.id, codes: ids.codes.slice(0, 2) },
      managerA,
    );
    expect(again.statusCode).toBe(409);
    await expectUnchanged(before);
  });

  it('the one-pending-item index backs the rule: a violation is a 409, not a 500, and nothing changes', async () => {
    // A corrupt state the locks never produce: an ID in stock yet with a pending item elsewhere.
    const P = await ctx.makeFactory();
    const Q = await ctx.makeFactory();
    const ids = await make(P.id, 2);
    const [stray] = await queryRows<{ id: string }>(
      ctx.handle.db,
      sql`insert into stove_transfers (from_factory_id, to_factory_id, id_count) values (${P.id}, ${Q.id}, 1) returning id`,
    );
    await ctx.handle.db.execute(
      sql`insert into stove_transfer_items (transfer_id, stove_id_id, held_status) values (${stray?.id}, ${ids.ids[1]}, 'in_stock')`,
    );
    const before = await snapshot();
    const res = await post('/api/stove-transfers', { fromFactoryId: P.id, toFactoryId: Q.id, codes: ids.codes }, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().error.message).toContain('just put on another transfer');
    await expectUnchanged(before);
  });

  it('403 sending from another factory (factory-scoped) or without a factory; nothing changed', async () => {
    const ids = await make(B.id, 2);
    const before = await snapshot();
    const res = await post(
      '/api/stove-transfers',
      { fromFactoryId: B.id, toFactoryId: A.id, codes: ids.codes },
      managerA,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorBody>().error.message).toContain('your own factory');
    const none = await post(
      '/api/stove-transfers',
      { fromFactoryId: B.id, toFactoryId: A.id, codes: ids.codes },
      noFactory,
    );
    expect(none.statusCode).toBe(403);
    await expectUnchanged(before);
  });

  it('a global user sends from any factory', async () => {
    const ids = await make(C.id, 2);
    const transfer = await send(admin, ids.codes, C.id, A.id);
    expect(transfer).toMatchObject({ from: { id: C.id }, to: { id: A.id }, idCount: 2, createdBy: { id: admin.id } });
  });

  it.each([
    ['the destination is the sender', () => A.id, 'The destination is the sending factory.'],
    ['the destination is inactive', () => inactive.id, 'is inactive'],
    ['the destination does not exist', () => '00000000-0000-4000-8000-000000000000', 'does not exist'],
  ])('400 when %s; nothing changed', async (_label, to, message) => {
    const ids = await make(A.id, 1);
    const before = await snapshot();
    const res = await post(
      '/api/stove-transfers',
      { fromFactoryId: A.id, toFactoryId: to(), codes: ids.codes },
      managerA,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.message).toContain(message);
    await expectUnchanged(before);
  });

  it.each([
    ['no codes', { codes: [] }],
    ['codes not a list', { codes: 'ABCD1234' }],
    ['no destination', { toFactoryId: undefined }],
    ['a bad sender id', { fromFactoryId: 'x' }],
    ['a 1,001-character note', { note: 'n'.repeat(1001) }],
  ])('400 for %s; nothing changed', async (_label, overrides) => {
    const ids = await make(A.id, 1);
    const before = await snapshot();
    const res = await post(
      '/api/stove-transfers',
      { fromFactoryId: A.id, toFactoryId: B.id, codes: ids.codes, ...overrides },
      managerA,
    );
    expect(res.statusCode).toBe(400);
    await expectUnchanged(before);
  });
});

// ---------------------------------------------------------------------------------------------

describe('POST /api/stove-transfers/:id/confirm', () => {
  it('confirm all: every ID received at the destination with its held status; once only', async () => {
    const inStock = await make(A.id, 2);
    const coupled = await make(A.id, 1, 'coupled');
    const ids = [...inStock.ids, ...coupled.ids];
    const transfer = await send(managerA, [...inStock.codes, ...coupled.codes]);
    const eventsBefore = (await states(ids)).map((s) => s.events);

    const res = await post(`/api/stove-transfers/${transfer.id}/confirm`, {}, managerB);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<StoveTransfer>()).toMatchObject({
      status: 'confirmed',
      receivedCount: 3,
      decidedBy: { id: managerB.id },
      decidedAt: expect.any(String) as string,
    });
    const after = await states(ids);
    expect(after.map((s) => [s.status, s.heldStatus, s.factoryId, s.pendingTransferId])).toEqual([
      ['in_stock', null, B.id, null],
      ['in_stock', null, B.id, null],
      ['coupled', null, B.id, null],
    ]);
    expect(after.map((s) => s.events)).toEqual(eventsBefore.map((n) => n + 1));
    expect((await eventsOf(ids, 'received')).map((e) => [e.fromStatus, e.toStatus, e.factoryId])).toEqual([
      ['in_transit', 'in_stock', B.id],
      ['in_transit', 'in_stock', B.id],
      ['in_transit', 'coupled', B.id],
    ]);
    expect(Object.values(await itemOutcomes(transfer.id)).map((i) => i.outcome)).toEqual([
      'received',
      'received',
      'received',
    ]);
    expect(await transferRow(transfer.id)).toMatchObject({ status: 'confirmed', receivedCount: 3, decided: true });
    expect(await auditRows(ctx.handle.db, 'confirm', transfer.id)).toHaveLength(1);

    // A second confirm, a partial one, a reject or a cancel: 409, and nothing changes.
    const before = await snapshot();
    for (const [path, payload] of [
      ['confirm', {}],
      ['confirm', { codes: [inStock.codes[0]] }],
      ['reject', { reason: 'late' }],
      ['cancel', {}],
    ] as const) {
      const again = await post(`/api/stove-transfers/${transfer.id}/${path}`, payload, admin);
      expect(again.statusCode, path).toBe(409);
      expect(again.json<ErrorBody>().error.message).toBe('This transfer is already confirmed.');
    }
    await expectUnchanged(before);
  });

  it('confirm part: the picked IDs arrive, the rest return to the sender with their held status', async () => {
    const inStock = await make(A.id, 2);
    const validated = await make(A.id, 2, 'validated');
    const codes = [...inStock.codes, ...validated.codes];
    const ids = [...inStock.ids, ...validated.ids];
    const transfer = await send(managerA, codes);
    const eventsBefore = (await states(ids)).map((s) => s.events);
    const picked = [codes[0], codes[2], ` ${codes[2]?.toLowerCase()} `] as string[];

    const res = await post(`/api/stove-transfers/${transfer.id}/confirm`, { codes: picked }, managerB);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<StoveTransfer>()).toMatchObject({ status: 'partially_confirmed', receivedCount: 2 });
    const after = await states(ids);
    expect(after.map((s) => [s.code, s.status, s.heldStatus, s.factoryId, s.pendingTransferId])).toEqual([
      [codes[0], 'in_stock', null, B.id, null],
      [codes[1], 'in_stock', null, A.id, null],
      [codes[2], 'validated', null, B.id, null],
      [codes[3], 'validated', null, A.id, null],
    ]);
    expect(after.map((s) => s.events)).toEqual(eventsBefore.map((n) => n + 1));
    expect((await eventsOf(ids, 'received')).map((e) => e.stoveIdId)).toEqual([ids[0], ids[2]]);
    expect((await eventsOf(ids, 'returned')).map((e) => [e.stoveIdId, e.toStatus, e.factoryId])).toEqual([
      [ids[1], 'in_stock', A.id],
      [ids[3], 'validated', A.id],
    ]);
    expect(await itemOutcomes(transfer.id)).toEqual({
      [codes[0] as string]: { outcome: 'received', heldStatus: 'in_stock' },
      [codes[1] as string]: { outcome: 'returned', heldStatus: 'in_stock' },
      [codes[2] as string]: { outcome: 'received', heldStatus: 'validated' },
      [codes[3] as string]: { outcome: 'returned', heldStatus: 'validated' },
    });
    expect(await auditRows(ctx.handle.db, 'partially_confirm', transfer.id)).toHaveLength(1);

    const before = await snapshot();
    const again = await post(`/api/stove-transfers/${transfer.id}/confirm`, { codes: picked }, managerB);
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().error.message).toBe('This transfer is already partially confirmed.');
    await expectUnchanged(before);
    // The returned IDs can be sent again.
    await send(managerA, [codes[1] as string, codes[3] as string], A.id, C.id);
  });

  it('picking every ID is a full confirmation', async () => {
    const ids = await make(A.id, 2);
    const transfer = await send(managerA, ids.codes);
    const res = await post(`/api/stove-transfers/${transfer.id}/confirm`, { codes: ids.codes }, admin);
    expect(res.json<StoveTransfer>()).toMatchObject({ status: 'confirmed', receivedCount: 2 });
  });

  it('400 listing the picked codes that are not on the transfer; nothing changed', async () => {
    const ids = await make(A.id, 2);
    const stranger = await make(A.id, 1);
    const transfer = await send(managerA, ids.codes);
    const before = await snapshot();
    const res = await post(
      `/api/stove-transfers/${transfer.id}/confirm`,
      { codes: [ids.codes[0], stranger.codes[0], 'NOPE0000'] },
      managerB,
    );
    expect(res.statusCode).toBe(400);
    const error = res.json<ErrorBody>().error;
    expect(error.message).toContain('not on this transfer');
    expect(error.details?.problems).toEqual([
      { code: stranger.codes[0], reason: 'Not on this transfer' },
      { code: 'NOPE0000', reason: 'Not on this transfer' },
    ]);
    const empty = await post(`/api/stove-transfers/${transfer.id}/confirm`, { codes: [] }, managerB);
    expect(empty.statusCode).toBe(400);
    await expectUnchanged(before);
  });

  it('only the destination side confirms: the sender 403, a third factory 404, an unknown id 404', async () => {
    const ids = await make(A.id, 2);
    const transfer = await send(managerA, ids.codes);
    const before = await snapshot();
    const sender = await post(`/api/stove-transfers/${transfer.id}/confirm`, {}, managerA);
    expect(sender.statusCode).toBe(403);
    expect(sender.json<ErrorBody>().error.message).toBe('Only the destination factory can confirm this transfer.');
    expect((await post(`/api/stove-transfers/${transfer.id}/confirm`, {}, managerC)).statusCode).toBe(404);
    expect((await post(`/api/stove-transfers/${transfer.id}/confirm`, {}, noFactory)).statusCode).toBe(404);
    const unknown = await post('/api/stove-transfers/00000000-0000-4000-8000-000000000000/confirm', {}, admin);
    expect(unknown.statusCode).toBe(404);
    expect((await post('/api/stove-transfers/not-an-id/confirm', {}, admin)).statusCode).toBe(400);
    await expectUnchanged(before);
  });
});

// ---------------------------------------------------------------------------------------------

describe('POST /api/stove-transfers/:id/reject and /cancel', () => {
  it('reject: destination only, with a reason; every ID back to the sender; once only', async () => {
    const inStock = await make(A.id, 1);
    const coupled = await make(A.id, 1, 'coupled');
    const ids = [...inStock.ids, ...coupled.ids];
    const transfer = await send(managerA, [...inStock.codes, ...coupled.codes]);
    const eventsBefore = (await states(ids)).map((s) => s.events);
    const before = await snapshot();
    expect((await post(`/api/stove-transfers/${transfer.id}/reject`, { reason: 'x' }, managerA)).statusCode).toBe(403);
    expect((await post(`/api/stove-transfers/${transfer.id}/reject`, { reason: 'x' }, managerC)).statusCode).toBe(404);
    expect((await post(`/api/stove-transfers/${transfer.id}/reject`, { reason: '  ' }, managerB)).statusCode).toBe(400);
    expect((await post(`/api/stove-transfers/${transfer.id}/reject`, {}, managerB)).statusCode).toBe(400);
    await expectUnchanged(before);

    const res = await post(`/api/stove-transfers/${transfer.id}/reject`, { reason: ' Wrong labels ' }, managerB);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<StoveTransfer>()).toMatchObject({
      status: 'rejected',
      reason: 'Wrong labels',
      receivedCount: null,
    });
    const after = await states(ids);
    expect(after.map((s) => [s.status, s.heldStatus, s.factoryId, s.pendingTransferId])).toEqual([
      ['in_stock', null, A.id, null],
      ['coupled', null, A.id, null],
    ]);
    expect(after.map((s) => s.events)).toEqual(eventsBefore.map((n) => n + 1));
    expect((await eventsOf(ids, 'rejected')).map((e) => [e.toStatus, e.factoryId])).toEqual([
      ['in_stock', A.id],
      ['coupled', A.id],
    ]);
    expect(Object.values(await itemOutcomes(transfer.id)).map((i) => i.outcome)).toEqual(['returned', 'returned']);
    expect(await auditRows(ctx.handle.db, 'reject', transfer.id)).toHaveLength(1);

    const settled = await snapshot();
    for (const path of ['reject', 'confirm', 'cancel']) {
      const again = await post(`/api/stove-transfers/${transfer.id}/${path}`, { reason: 'again' }, admin);
      expect(again.statusCode).toBe(409);
      expect(again.json<ErrorBody>().error.message).toBe('This transfer is already rejected.');
    }
    await expectUnchanged(settled);
  });

  it('cancel: sender only; every ID back; once only; the receiver cannot cancel', async () => {
    const ids = await make(A.id, 2, 'validated');
    const transfer = await send(managerA, ids.codes);
    const eventsBefore = (await states(ids.ids)).map((s) => s.events);
    const before = await snapshot();
    const receiver = await post(`/api/stove-transfers/${transfer.id}/cancel`, {}, managerB);
    expect(receiver.statusCode).toBe(403);
    expect(receiver.json<ErrorBody>().error.message).toBe('Only the sending factory can cancel this transfer.');
    expect((await post(`/api/stove-transfers/${transfer.id}/cancel`, {}, managerC)).statusCode).toBe(404);
    await expectUnchanged(before);

    const res = await post(`/api/stove-transfers/${transfer.id}/cancel`, {}, managerA);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<StoveTransfer>()).toMatchObject({ status: 'canceled', decidedBy: { id: managerA.id } });
    const after = await states(ids.ids);
    expect(after.map((s) => [s.status, s.heldStatus, s.factoryId, s.pendingTransferId])).toEqual([
      ['validated', null, A.id, null],
      ['validated', null, A.id, null],
    ]);
    expect(after.map((s) => s.events)).toEqual(eventsBefore.map((n) => n + 1));
    expect(await eventsOf(ids.ids, 'canceled')).toHaveLength(2);
    expect(await auditRows(ctx.handle.db, 'cancel', transfer.id)).toHaveLength(1);

    const settled = await snapshot();
    for (const path of ['cancel', 'confirm']) {
      const again = await post(`/api/stove-transfers/${transfer.id}/${path}`, {}, managerA);
      expect(again.statusCode).toBe(path === 'cancel' ? 409 : 403);
    }
    expect((await post(`/api/stove-transfers/${transfer.id}/confirm`, {}, managerB)).statusCode).toBe(409);
    await expectUnchanged(settled);
  });

  it('the full history of an ID sent, returned, sent again and received: one event per change, in order', async () => {
    const ids = await make(A.id, 2, 'coupled');
    const first = await send(managerA, ids.codes);
    await post(`/api/stove-transfers/${first.id}/confirm`, { codes: [ids.codes[0]] }, managerB);
    const second = await send(managerA, [ids.codes[1] as string], A.id, C.id);
    await post(`/api/stove-transfers/${second.id}/confirm`, {}, managerC);
    const rows = await queryRows<{ stoveIdId: number; kind: string; toStatus: string; factoryId: string }>(
      ctx.handle.db,
      sql`select stove_id_id::int as "stoveIdId", kind, to_status as "toStatus", factory_id as "factoryId"
            from stove_id_events where stove_id_id = any(${sqlBigintArray(ids.ids)}) order by stove_id_id, id`,
    );
    const of = (id: number | undefined) => rows.filter((r) => r.stoveIdId === id).map((r) => [r.kind, r.toStatus]);
    expect(of(ids.ids[0])).toEqual([
      ['created', 'in_stock'],
      ['migrated', 'coupled'],
      ['sent', 'in_transit'],
      ['received', 'coupled'],
    ]);
    expect(of(ids.ids[1])).toEqual([
      ['created', 'in_stock'],
      ['migrated', 'coupled'],
      ['sent', 'in_transit'],
      ['returned', 'coupled'],
      ['sent', 'in_transit'],
      ['received', 'coupled'],
    ]);
    expect((await states(ids.ids)).map((s) => s.factoryId)).toEqual([B.id, C.id]);
  });
});

// ---------------------------------------------------------------------------------------------

describe('GET /api/stove-transfers/:id', () => {
  it('every ID with its outcome, and what the signed-in user may do', async () => {
    const ids = await make(A.id, 3);
    const transfer = await send(managerA, ids.codes);
    const detail = async (user: SignedInUser) => {
      const res = await get(`/api/stove-transfers/${transfer.id}`, user);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<StoveTransferDetail>();
    };
    const seen = await detail(managerB);
    expect(seen).toMatchObject({ id: transfer.id, number: transfer.number, status: 'pending', idCount: 3 });
    expect(seen.items).toEqual(ids.codes.map((code) => ({ code, outcome: 'pending', heldStatus: 'in_stock' })));
    expect(seen.can).toEqual({ confirm: true, reject: true, cancel: false });
    expect((await detail(managerA)).can).toEqual({ confirm: false, reject: false, cancel: true });
    expect((await detail(admin)).can).toEqual({ confirm: true, reject: true, cancel: true });
    expect((await get(`/api/stove-transfers/${transfer.id}`, managerC)).statusCode).toBe(404);
    expect((await get(`/api/stove-transfers/${transfer.id}`, noFactory)).statusCode).toBe(404);
    expect((await get('/api/stove-transfers/00000000-0000-4000-8000-000000000000', admin)).statusCode).toBe(404);

    await post(`/api/stove-transfers/${transfer.id}/confirm`, { codes: [ids.codes[1]] }, managerB);
    const decided = await detail(managerB);
    expect(decided.items.map((i) => i.outcome)).toEqual(['returned', 'received', 'returned']);
    expect(decided.can).toEqual({ confirm: false, reject: false, cancel: false });
    expect(decided.decidedBy).toMatchObject({ id: managerB.id, email: expect.any(String) as string });
  });
});

// ---------------------------------------------------------------------------------------------

describe('GET /api/stove-transfers (list), export.csv and pending-count', () => {
  // Own factories so counts are exact whatever the other tests did.
  let X: { id: string; code: string };
  let Y: { id: string; code: string };
  let Z: { id: string; code: string };
  let managerX: SignedInUser;
  let managerY: SignedInUser;
  let managerZ: SignedInUser;
  const made: StoveTransfer[] = [];
  let searchCode = '';
  beforeAll(async () => {
    X = await ctx.makeFactory();
    Y = await ctx.makeFactory();
    Z = await ctx.makeFactory();
    managerX = await ctx.signedInAs(['Factory Manager'], { factoryId: X.id });
    managerY = await ctx.signedInAs(['Factory Manager'], { factoryId: Y.id });
    managerZ = await ctx.signedInAs(['Factory Manager'], { factoryId: Z.id });
    const x = await make(X.id, 6);
    const y = await make(Y.id, 2);
    searchCode = x.codes[2] as string;
    made.push(await send(managerX, x.codes.slice(0, 2), X.id, Y.id, 'first'));
    made.push(await send(managerX, x.codes.slice(2, 4), X.id, Y.id, 'second'));
    made.push(await send(managerX, x.codes.slice(4, 6), X.id, Z.id));
    made.push(await send(managerY, y.codes, Y.id, X.id));
    await post(`/api/stove-transfers/${made[1]?.id}/reject`, { reason: 'Damaged, "wet"' }, managerY);
  });

  const list = async (user: SignedInUser, query: Record<string, string>) => {
    const res = await get(`/api/stove-transfers?${new URLSearchParams(query).toString()}`, user);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ListResponse<StoveTransfer>>();
  };
  const numbers = (page: ListResponse<StoveTransfer>) => page.items.map((t) => t.number);
  const n = (i: number) => made[i]?.number;

  it('factory-scoped users see only transfers their factory is a side of; direction picks incoming/outgoing', async () => {
    expect(numbers(await list(managerX, {}))).toEqual([n(3), n(2), n(1), n(0)]);
    expect(numbers(await list(managerX, { direction: 'outgoing' }))).toEqual([n(2), n(1), n(0)]);
    expect(numbers(await list(managerX, { direction: 'incoming' }))).toEqual([n(3)]);
    expect(numbers(await list(managerY, { direction: 'incoming', status: 'pending' }))).toEqual([n(0)]);
    expect(numbers(await list(managerZ, {}))).toEqual([n(2)]);
    // Asking for another factory's transfers does not widen the scope.
    expect(numbers(await list(managerZ, { fromFactoryId: Y.id }))).toEqual([]);
    expect((await list(noFactory, {})).total).toBe(0);
    const page = await list(managerX, { direction: 'outgoing' });
    expect(page.total).toBe(3);
    expect(page.items[0]).toMatchObject({
      from: { id: X.id, code: X.code },
      to: { id: Z.id, code: Z.code },
      createdBy: { id: managerX.id, email: expect.any(String) as string, name: 'Test Factory Manager' },
      decidedBy: null,
    });
  });

  it('global users see every transfer (direction does not narrow it) and filter by side, status and date', async () => {
    expect(numbers(await list(admin, { fromFactoryId: X.id }))).toEqual([n(2), n(1), n(0)]);
    expect(numbers(await list(admin, { toFactoryId: Y.id, direction: 'incoming' }))).toEqual([n(1), n(0)]);
    expect(numbers(await list(admin, { fromFactoryId: X.id, status: 'rejected' }))).toEqual([n(1)]);
    const today = new Date().toISOString().slice(0, 10);
    expect(numbers(await list(admin, { fromFactoryId: X.id, from: today, to: today }))).toHaveLength(3);
    expect(numbers(await list(admin, { fromFactoryId: X.id, to: '2020-01-01' }))).toEqual([]);
    expect(numbers(await list(admin, { fromFactoryId: X.id, from: '2999-01-01' }))).toEqual([]);
    expect((await get('/api/stove-transfers?from=2026-02-31', admin)).statusCode).toBe(400);
    expect((await get('/api/stove-transfers?status=lost', admin)).statusCode).toBe(400);
    expect((await get('/api/stove-transfers?direction=sideways', admin)).statusCode).toBe(400);
  });

  it('q finds a transfer by number (TR-000012 or 12) or by a stove ID on it', async () => {
    const num = n(1) as number;
    expect(numbers(await list(admin, { q: transferNumberLabel(num) }))).toEqual([num]);
    expect(numbers(await list(admin, { q: String(num) }))).toEqual([num]);
    expect(numbers(await list(admin, { q: `tr${num}` }))).toEqual([num]);
    expect(numbers(await list(admin, { q: searchCode.toLowerCase() }))).toEqual([num]);
    expect(numbers(await list(managerZ, { q: searchCode }))).toEqual([]);
    expect(numbers(await list(admin, { q: 'NOTHING-LIKE-THIS' }))).toEqual([]);
  });

  it('pages with keyset cursors in both sorts and directions', async () => {
    for (const sort of ['createdAt', 'number']) {
      for (const dir of ['asc', 'desc']) {
        const walked = await walkList<StoveTransfer>(ctx, '/api/stove-transfers', { sort, dir }, managerX.cookie, 1);
        const expected = [n(0), n(1), n(2), n(3)];
        expect(walked.items.map((t) => t.number)).toEqual(dir === 'asc' ? expected : expected.reverse());
        expect(walked.totals.every((t) => t === 4)).toBe(true);
      }
    }
    expect((await get('/api/stove-transfers?cursor=garbage', admin)).statusCode).toBe(400);
  });

  it('export.csv streams the same filtered list', async () => {
    const res = await get(`/api/stove-transfers/export.csv?fromFactoryId=${X.id}&sort=number&dir=asc`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="stove-transfers.csv"');
    const rows = parseCsv(res.body).map((r) => r.fields);
    expect(rows[0]).toEqual([
      'Number',
      'Status',
      'From',
      'To',
      'IDs',
      'Received',
      'Sent at',
      'Sent by',
      'Decided at',
      'Decided by',
      'Reason',
      'Note',
    ]);
    expect(rows).toHaveLength(4);
    expect(rows[2]).toEqual([
      transferNumberLabel(n(1) as number),
      'Rejected',
      `Factory ${X.code}`,
      `Factory ${Y.code}`,
      '2',
      '',
      made[1]?.createdAt,
      'Test Factory Manager',
      expect.stringMatching(/^\d{4}-/) as string,
      'Test Factory Manager',
      'Damaged, "wet"',
      'second',
    ]);
    const scoped = await get('/api/stove-transfers/export.csv', managerZ);
    expect(
      parseCsv(scoped.body)
        .slice(1)
        .map((r) => r.fields[0]),
    ).toEqual([transferNumberLabel(n(2) as number)]);
  });

  it('pending-count: pending transfers to my factory; global users: all pending', async () => {
    const count = async (user: SignedInUser) => {
      const res = await get('/api/stove-transfers/pending-count', user);
      expect(res.statusCode).toBe(200);
      return res.json<{ incoming: number }>().incoming;
    };
    expect(await count(managerY)).toBe(1);
    expect(await count(managerZ)).toBe(1);
    expect(await count(managerX)).toBe(1);
    expect(await count(noFactory)).toBe(0);
    const [all] = await queryRows<{ n: number }>(
      ctx.handle.db,
      sql`select count(*)::int as n from stove_transfers where status = 'pending'`,
    );
    expect(await count(admin)).toBe(all?.n);
    await post(`/api/stove-transfers/${made[2]?.id}/confirm`, {}, managerZ);
    expect(await count(managerZ)).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------

describe('groups without stove-id-management', () => {
  const without = groupsWithout('stove-id-management');
  it('are the Stove Coupler and the Sales Officer', () => {
    expect(without).toEqual(expect.arrayContaining<Group>(['Stove Coupler', 'Sales Officer']));
  });

  it.each(without.map((g) => [g]))('%s gets 403 on every transfer endpoint; nothing changed', async (group) => {
    const user = await ctx.signedInAs([group], { factoryId: A.id });
    const ids = await make(A.id, 1);
    const pending = await send(managerA, ids.codes, A.id, B.id);
    const before = await snapshot();
    const body = { fromFactoryId: A.id, toFactoryId: B.id, codes: ids.codes };
    const calls = [
      get('/api/stove-transfers', user),
      get('/api/stove-transfers/export.csv', user),
      get('/api/stove-transfers/pending-count', user),
      get(`/api/stove-transfers/${pending.id}`, user),
      post('/api/stove-transfers/check', body, user),
      post('/api/stove-transfers', body, user),
      post(`/api/stove-transfers/${pending.id}/confirm`, {}, user),
      post(`/api/stove-transfers/${pending.id}/reject`, { reason: 'no' }, user),
      post(`/api/stove-transfers/${pending.id}/cancel`, {}, user),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(403);
    await expectUnchanged(before);
  });
});
