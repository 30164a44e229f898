/**
 * Inventory entries (DOMAIN.md §4 "Inventory"): inputs, removals and transfers of several lines,
 * saved all or nothing; short stock is a 409 naming each item and factory that writes nothing; bad
 * input a 400 that writes nothing; a factory-scoped user acts at (and sends from) their own factory
 * only and sees the entries their factory is a side of. Balances always equal the ledger's sum. The
 * races for the last units are in inventory-concurrency.test.ts.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../common/calendar-days';
import type { InventoryEntry, InventoryEntrySummary } from '../../../common/contracts/inventory';
import type { ListResponse } from '../../../common/contracts/list';
import { queryRows } from '../../db/client';
import { inventoryItems } from '../../db/schema/inventory';
import { parseCsv } from '../../../common/csv';
import { auditRows } from '../../test/db-assert';
import { giveInventory, makeInventoryItem, makeInventoryUnit } from '../../test/inventory';
import { walkList } from '../../test/list-walk';
import { createTestContext, type ErrorBody, type SignedInUser, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let A: { id: string; code: string };
let B: { id: string; code: string };
let C: { id: string; code: string };
let closed: { id: string; code: string };
let admin: SignedInUser;
let managerA: SignedInUser;
let managerB: SignedInUser;
let noFactory: SignedInUser;
let pcs: { id: string };
let litres: { id: string };

beforeAll(async () => {
  ctx = await createTestContext();
  A = await ctx.makeFactory({ kind: 'both' });
  B = await ctx.makeFactory();
  C = await ctx.makeFactory();
  closed = await ctx.makeFactory({ active: false });
  admin = await ctx.signedInAs(['Admin']);
  managerA = await ctx.signedInAs(['Factory Manager'], { factoryId: A.id });
  managerB = await ctx.signedInAs(['Factory Manager'], { factoryId: B.id });
  noFactory = await ctx.signedInAs(['Factory Manager'], { factoryId: null });
  pcs = await makeInventoryUnit(ctx.handle.db, { name: 'Pieces', symbol: 'pcs', decimals: 0 });
  litres = await makeInventoryUnit(ctx.handle.db, { name: 'Litres', symbol: 'l', decimals: 2 });
});
afterAll(async () => {
  await ctx.close();
});

const post = (path: string, payload: unknown, user: SignedInUser = admin) =>
  ctx.request({
    method: 'POST',
    url: `/api/inventory/${path}`,
    payload: payload as Record<string, unknown>,
    cookie: user.cookie,
  });
const get = (url: string, user: SignedInUser = admin) => ctx.request({ method: 'GET', url, cookie: user.cookie });

const today = new Date().toISOString().slice(0, 10);

/** A new item in pieces (or litres) with `stock` at each given factory. */
async function stocked(stock: Record<string, number> = {}, options: { litres?: boolean; name?: string } = {}) {
  const item = await makeInventoryItem(ctx.handle.db, {
    unitId: options.litres ? litres.id : pcs.id,
    ...(options.name ? { name: options.name } : {}),
  });
  for (const [factoryId, quantity] of Object.entries(stock))
    await giveInventory(ctx.handle.db, { factoryId, itemId: item.id, quantity });
  return item;
}

async function stockOf(factoryId: string, itemId: string): Promise<number | null> {
  const [row] = await queryRows<{ q: number }>(
    ctx.handle.db,
    sql`select quantity::float8 as q from inventory_stock where factory_id = ${factoryId} and item_id = ${itemId}`,
  );
  return row ? row.q : null;
}

/** Everything an entry could have written, to prove a refusal wrote nothing. */
async function snapshot() {
  const [row] = await queryRows<Record<string, unknown>>(
    ctx.handle.db,
    sql`select
      (select count(*)::int from inventory_entries) as entries,
      (select count(*)::int from inventory_movements) as movements,
      (select md5(coalesce(string_agg(concat_ws('|', factory_id, item_id, quantity), ',' order by factory_id, item_id), '')) from inventory_stock) as stock,
      (select count(*)::int from audit_log where record_type = 'inventory_entry') as audits`,
  );
  return row;
}

/** Every balance equals the sum of its ledger rows, and no balance is negative. */
async function assertLedgerBalanced() {
  const [row] = await queryRows<{ mismatched: number; negative: number; orphans: number }>(
    ctx.handle.db,
    sql`select (select count(*)::int from inventory_stock s
                 where s.quantity <> (select coalesce(sum(delta), 0) from inventory_movements m
                                       where m.factory_id = s.factory_id and m.item_id = s.item_id)) as mismatched,
               (select count(*)::int from inventory_stock where quantity < 0) as negative,
               (select count(*)::int from (select distinct factory_id, item_id from inventory_movements) m
                 where not exists (select 1 from inventory_stock s
                                    where s.factory_id = m.factory_id and s.item_id = m.item_id)) as orphans`,
  );
  expect(row).toEqual({ mismatched: 0, negative: 0, orphans: 0 });
}

describe('input', () => {
  it('receives several lines at a factory: one entry, a movement per line, the balances, an audit row', async () => {
    const gloves = await stocked({}, { name: `Gloves ${Date.now()}` });
    const paint = await stocked({ [A.id]: 1 }, { litres: true, name: `Paint ${Date.now()}` });
    const res = await post('inputs', {
      date: addDays(today, -2),
      factoryId: A.id,
      supplier: ' Bata Safety ',
      reference: 'DN-4411',
      note: 'Quarterly order',
      lines: [
        { itemId: gloves.id, quantity: 50, unitCost: 120.5 },
        { itemId: paint.id, quantity: 20.25 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const entry = res.json<InventoryEntry>();
    expect(entry).toMatchObject({
      kind: 'input',
      date: addDays(today, -2),
      factory: { id: A.id, code: A.code },
      toFactory: null,
      supplier: 'Bata Safety',
      reference: 'DN-4411',
      note: 'Quarterly order',
      lineCount: 2,
      summary: `${gloves.name} (50 pcs) and ${paint.name} (20.25 l)`,
      lines: [
        { line: 1, item: { id: gloves.id, name: gloves.name }, quantity: 50, unitCost: 120.5, reason: null },
        { line: 2, item: { id: paint.id }, unit: { symbol: 'l', decimals: 2 }, quantity: 20.25, unitCost: null },
      ],
    });
    expect(entry.number).toBeGreaterThan(0);
    expect(entry.createdBy?.email).toMatch(/@example\.com$/);
    expect(await stockOf(A.id, gloves.id)).toBe(50);
    expect(await stockOf(A.id, paint.id)).toBe(21.25);
    const [audit] = await auditRows(ctx.handle.db, 'create', entry.id);
    expect(audit?.recordType).toBe('inventory_entry');
    expect(audit?.after).toMatchObject({ label: `IN-${String(entry.number).padStart(6, '0')}`, lineCount: 2 });
    await assertLedgerBalanced();
  });

  it.each([
    ['no lines', { lines: [] }, 'lines', 'Add at least one line'],
    ['a zero quantity', { lines: [{ quantity: 0 }] }, 'lines.0.quantity', 'Quantity must be more than 0'],
    ['four decimals', { lines: [{ quantity: 1.0001 }] }, 'lines.0.quantity', 'Quantity takes at most 3 decimals'],
    ['a future date', { date: addDays(today, 3) }, 'date', 'The date cannot be in the future'],
    [
      'a negative unit cost',
      { lines: [{ quantity: 1, unitCost: -1 }] },
      'lines.0.unitCost',
      'Unit cost cannot be negative',
    ],
    ['no factory', { factoryId: 'nope' }, 'factoryId', 'Choose the factory receiving the stock'],
  ])('refuses %s (400 with the field) and writes nothing', async (_, overrides, field, message) => {
    const item = await stocked();
    const before = await snapshot();
    const base = { date: today, factoryId: A.id, lines: [{ itemId: item.id, quantity: 1 }] };
    const lines = (overrides as { lines?: Record<string, unknown>[] }).lines;
    const res = await post('inputs', {
      ...base,
      ...overrides,
      ...(lines ? { lines: lines.map((l) => ({ itemId: item.id, ...l })) } : {}),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<ErrorBody>().error.details?.fieldErrors?.[field]).toEqual([message]);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a quantity the unit does not take, naming each line (400, lines.N.quantity), and writes nothing', async () => {
    const bolts = await stocked();
    const oil = await stocked({}, { litres: true });
    const before = await snapshot();
    const res = await post('inputs', {
      date: today,
      factoryId: A.id,
      lines: [
        { itemId: oil.id, quantity: 2.5 },
        { itemId: bolts.id, quantity: 2.5 },
        { itemId: (await stocked({}, { litres: true })).id, quantity: 1.125 },
      ],
    });
    expect(res.statusCode, res.body).toBe(400);
    const error = res.json<ErrorBody>().error;
    expect(error.details?.fieldErrors).toEqual({
      'lines.1.quantity': [expect.stringMatching(/ take whole numbers$/)],
      'lines.2.quantity': ['Litres take at most 2 decimals'],
    });
    expect(error.message).toMatch(/^Line 2: .* take whole numbers\. Line 3: Litres take at most 2 decimals\.$/);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an unknown or deactivated item, and an unknown or deactivated factory (400), writing nothing', async () => {
    const item = await stocked();
    const retired = await stocked();
    await ctx.handle.db.update(inventoryItems).set({ active: false }).where(eq(inventoryItems.id, retired.id));
    const before = await snapshot();
    const unknown = await post('inputs', {
      date: today,
      factoryId: A.id,
      lines: [
        { itemId: item.id, quantity: 1 },
        { itemId: '00000000-0000-4000-8000-000000000000', quantity: 1 },
        { itemId: retired.id, quantity: 1 },
      ],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ErrorBody>().error.details?.fieldErrors).toEqual({
      'lines.1.itemId': ['This item does not exist. Choose another one.'],
      'lines.2.itemId': [`${retired.name} is deactivated: reactivate it on Names or choose another item.`],
    });
    const closedFactory = await post('inputs', {
      date: today,
      factoryId: closed.id,
      lines: [{ itemId: item.id, quantity: 1 }],
    });
    expect(closedFactory.statusCode).toBe(400);
    expect(closedFactory.json<ErrorBody>().error.details?.fieldErrors?.factoryId?.[0]).toMatch(/is deactivated/);
    const missing = await post('inputs', {
      date: today,
      factoryId: '00000000-0000-4000-8000-000000000000',
      lines: [{ itemId: item.id, quantity: 1 }],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<ErrorBody>().error.details?.fieldErrors?.factoryId).toEqual([
      'This factory does not exist. Choose another factory.',
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a quantity closer to 0 than the unit takes (5e-324: 400) and writes nothing', async () => {
    const item = await stocked();
    const before = await snapshot();
    const res = await post('inputs', {
      date: today,
      factoryId: A.id,
      lines: [{ itemId: item.id, quantity: 5e-324 }],
    });
    expect(res.statusCode).toBe(400);
    expect(
      res.json<{ error: { details: { fieldErrors: Record<string, string[]> } } }>().error.details.fieldErrors,
    ).toHaveProperty(['lines.0.quantity']);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an input that would take the stock past what can be recorded (400), writing nothing', async () => {
    // numeric(14, 3): at most 99,999,999,999.999 of an item at a factory.
    const item = await stocked({ [A.id]: 99_999_999_000 });
    const before = await snapshot();
    const res = await post('inputs', {
      date: today,
      factoryId: A.id,
      lines: [{ itemId: item.id, quantity: 1_000_000_000 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'A number is larger than can be recorded. Check the quantities and amounts.',
      },
    });
    expect(await snapshot()).toEqual(before);
    expect(await stockOf(A.id, item.id)).toBe(99_999_999_000);
  });

  it('refuses the same item on two lines (400)', async () => {
    const item = await stocked();
    const res = await post('inputs', {
      date: today,
      factoryId: A.id,
      lines: [
        { itemId: item.id, quantity: 1 },
        { itemId: item.id, quantity: 2 },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.details?.fieldErrors?.['lines.1.itemId']).toEqual([
      'This item is already on another line',
    ]);
  });

  it('lets a Factory Manager receive at their own factory only (403 elsewhere, and without a factory)', async () => {
    const item = await stocked();
    const input = (factoryId: string) => ({ date: today, factoryId, lines: [{ itemId: item.id, quantity: 3 }] });
    expect((await post('inputs', input(A.id), managerA)).statusCode).toBe(201);
    const before = await snapshot();
    const other = await post('inputs', input(B.id), managerA);
    expect(other.statusCode).toBe(403);
    expect(other.json<ErrorBody>().error.message).toMatch(/only act for your own factory/);
    expect((await post('inputs', input(A.id), noFactory)).statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
    expect(await stockOf(A.id, item.id)).toBe(3);
  });

  it('is refused without inventory-management (403) and signed out (401)', async () => {
    const item = await stocked();
    const input = { date: today, factoryId: A.id, lines: [{ itemId: item.id, quantity: 3 }] };
    const coupler = await ctx.signedInAs(['Stove Coupler'], { factoryId: A.id });
    expect((await post('inputs', input, coupler)).statusCode).toBe(403);
    expect((await ctx.request({ method: 'POST', url: '/api/inventory/inputs', payload: input })).statusCode).toBe(401);
  });
});

describe('removal', () => {
  it('removes several lines with their reasons, within the stock', async () => {
    const gloves = await stocked({ [A.id]: 10 });
    const tape = await stocked({ [A.id]: 4 });
    const res = await post('removals', {
      date: today,
      factoryId: A.id,
      reference: 'JOB-77',
      lines: [
        { itemId: gloves.id, quantity: 10, reason: 'used' },
        { itemId: tape.id, quantity: 1, reason: 'damaged' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<InventoryEntry>()).toMatchObject({
      kind: 'removal',
      supplier: null,
      lines: [
        { line: 1, quantity: 10, reason: 'used', unitCost: null },
        { line: 2, quantity: 1, reason: 'damaged' },
      ],
    });
    expect(await stockOf(A.id, gloves.id)).toBe(0);
    expect(await stockOf(A.id, tape.id)).toBe(3);
    const deltas = await queryRows<{ kind: string; delta: number }>(
      ctx.handle.db,
      sql`select kind, delta::float8 as delta from inventory_movements
           where entry_id = ${res.json<InventoryEntry>().id} order by line`,
    );
    expect(deltas).toEqual([
      { kind: 'removal', delta: -10 },
      { kind: 'removal', delta: -1 },
    ]);
    await assertLedgerBalanced();
  });

  it('a 3-line removal whose third line is short changes nothing (409 naming the item, factory and figures)', async () => {
    const a = await stocked({ [A.id]: 10 });
    const b = await stocked({ [A.id]: 10 });
    const c = await stocked({ [A.id]: 2 }, { name: `Gloves ${Date.now()}` });
    const before = await snapshot();
    const res = await post('removals', {
      date: today,
      factoryId: A.id,
      lines: [
        { itemId: a.id, quantity: 5, reason: 'used' },
        { itemId: b.id, quantity: 10, reason: 'expired' },
        { itemId: c.id, quantity: 3, reason: 'lost' },
      ],
    });
    expect(res.statusCode, res.body).toBe(409);
    const error = res.json<ErrorBody>().error;
    expect(error.details?.problems).toEqual([
      { code: `${c.name} at ${A.code}`, reason: 'Not enough stock: 2 pcs in stock, 3 pcs needed.' },
    ]);
    expect(error.message).toBe(
      `Not enough ${c.name} at ${A.code}: 2 pcs in stock, 3 pcs needed. Nothing was recorded.`,
    );
    expect(await snapshot()).toEqual(before);
    expect([await stockOf(A.id, a.id), await stockOf(A.id, b.id), await stockOf(A.id, c.id)]).toEqual([10, 10, 2]);
  });

  it('names every short line, in line order, and an item never held at the factory', async () => {
    const held = await stocked({ [A.id]: 1 }, { name: `Held ${Date.now()}` });
    const never = await stocked({ [B.id]: 9 }, { name: `Never ${Date.now()}` });
    const before = await snapshot();
    const res = await post('removals', {
      date: today,
      factoryId: A.id,
      lines: [
        { itemId: never.id, quantity: 1, reason: 'used' },
        { itemId: held.id, quantity: 4, reason: 'used' },
      ],
    });
    expect(res.statusCode).toBe(409);
    const error = res.json<ErrorBody>().error;
    expect(error.details?.problems).toEqual([
      { code: `${never.name} at ${A.code}`, reason: 'Not enough stock: 0 pcs in stock, 1 pcs needed.' },
      { code: `${held.name} at ${A.code}`, reason: 'Not enough stock: 1 pcs in stock, 4 pcs needed.' },
    ]);
    expect(error.message).toBe(
      `Not enough stock for 2 lines: ${never.name} at ${A.code}, ${held.name} at ${A.code}. Nothing was recorded.`,
    );
    expect(await snapshot()).toEqual(before);
  });

  it('needs a note for the reason "other" (400)', async () => {
    const item = await stocked({ [A.id]: 5 });
    const res = await post('removals', {
      date: today,
      factoryId: A.id,
      lines: [{ itemId: item.id, quantity: 1, reason: 'other' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.details?.fieldErrors?.note).toEqual([
      'Say in the note why stock was removed for "other"',
    ]);
    const ok = await post('removals', {
      date: today,
      factoryId: A.id,
      note: 'Given to the canteen',
      lines: [{ itemId: item.id, quantity: 1, reason: 'other' }],
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('lets a Factory Manager remove at their own factory only', async () => {
    const item = await stocked({ [A.id]: 5, [B.id]: 5 });
    const removal = (factoryId: string) => ({
      date: today,
      factoryId,
      lines: [{ itemId: item.id, quantity: 1, reason: 'used' }],
    });
    expect((await post('removals', removal(B.id), managerA)).statusCode).toBe(403);
    expect((await post('removals', removal(A.id), managerA)).statusCode).toBe(201);
    expect([await stockOf(A.id, item.id), await stockOf(B.id, item.id)]).toEqual([4, 5]);
  });
});

describe('transfer', () => {
  it('moves stock both sides at once: transfer_out at the sender, transfer_in at the receiver, same line', async () => {
    const tape = await stocked({ [A.id]: 12 });
    const oil = await stocked({ [A.id]: 5.5 }, { litres: true });
    const res = await post('transfers', {
      date: today,
      fromFactoryId: A.id,
      toFactoryId: B.id,
      reference: 'WB-12',
      lines: [
        { itemId: tape.id, quantity: 12 },
        { itemId: oil.id, quantity: 2.75 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const entry = res.json<InventoryEntry>();
    expect(entry).toMatchObject({
      kind: 'transfer',
      factory: { id: A.id },
      toFactory: { id: B.id, code: B.code },
      lineCount: 2,
      lines: [
        { line: 1, item: { id: tape.id }, quantity: 12 },
        { line: 2, item: { id: oil.id }, quantity: 2.75 },
      ],
    });
    expect([await stockOf(A.id, tape.id), await stockOf(B.id, tape.id)]).toEqual([0, 12]);
    expect([await stockOf(A.id, oil.id), await stockOf(B.id, oil.id)]).toEqual([2.75, 2.75]);
    const movements = await queryRows<{ line: number; factoryId: string; kind: string; delta: number }>(
      ctx.handle.db,
      sql`select line, factory_id as "factoryId", kind, delta::float8 as delta from inventory_movements
           where entry_id = ${entry.id} order by id`,
    );
    expect(movements).toEqual([
      { line: 1, factoryId: A.id, kind: 'transfer_out', delta: -12 },
      { line: 1, factoryId: B.id, kind: 'transfer_in', delta: 12 },
      { line: 2, factoryId: A.id, kind: 'transfer_out', delta: -2.75 },
      { line: 2, factoryId: B.id, kind: 'transfer_in', delta: 2.75 },
    ]);
    await assertLedgerBalanced();
  });

  it('refuses a short line (409) and writes nothing on either side', async () => {
    const item = await stocked({ [A.id]: 2, [B.id]: 1 });
    const before = await snapshot();
    const res = await post('transfers', {
      date: today,
      fromFactoryId: A.id,
      toFactoryId: B.id,
      lines: [{ itemId: item.id, quantity: 3 }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().error.details?.problems).toEqual([
      { code: `${item.name} at ${A.code}`, reason: 'Not enough stock: 2 pcs in stock, 3 pcs needed.' },
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses the same factory on both sides and a deactivated receiver (400)', async () => {
    const item = await stocked({ [A.id]: 2 });
    const same = await post('transfers', {
      date: today,
      fromFactoryId: A.id,
      toFactoryId: A.id,
      lines: [{ itemId: item.id, quantity: 1 }],
    });
    expect(same.statusCode).toBe(400);
    expect(same.json<ErrorBody>().error.details?.fieldErrors?.toFactoryId).toEqual([
      'The receiving factory must differ from the sending one',
    ]);
    const toClosed = await post('transfers', {
      date: today,
      fromFactoryId: A.id,
      toFactoryId: closed.id,
      lines: [{ itemId: item.id, quantity: 1 }],
    });
    expect(toClosed.statusCode).toBe(400);
    expect(toClosed.json<ErrorBody>().error.details?.fieldErrors?.toFactoryId?.[0]).toMatch(/is deactivated/);
    expect(await stockOf(A.id, item.id)).toBe(2);
  });

  it('lets a Factory Manager send from their own factory to any other, never from another factory (403)', async () => {
    const item = await stocked({ [A.id]: 5, [B.id]: 5 });
    const send = (from: string, to: string) => ({
      date: today,
      fromFactoryId: from,
      toFactoryId: to,
      lines: [{ itemId: item.id, quantity: 1 }],
    });
    expect((await post('transfers', send(B.id, A.id), managerA)).statusCode).toBe(403);
    expect((await post('transfers', send(B.id, C.id), managerA)).statusCode).toBe(403);
    expect((await post('transfers', send(A.id, C.id), managerA)).statusCode).toBe(201);
    expect([await stockOf(A.id, item.id), await stockOf(B.id, item.id), await stockOf(C.id, item.id)]).toEqual([
      4, 5, 1,
    ]);
  });
});

describe('entries list, details and export', () => {
  let opening: InventoryEntry;
  let input: InventoryEntry;
  let transferAB: InventoryEntry;
  let transferBC: InventoryEntry;
  let removalB: InventoryEntry;
  let item: { id: string; name: string };

  beforeAll(async () => {
    item = await stocked();
    const created = async (path: string, payload: Record<string, unknown>) => {
      const res = await post(path, payload);
      expect(res.statusCode, res.body).toBe(201);
      return res.json<InventoryEntry>();
    };
    opening = await created('inputs', {
      date: addDays(today, -40),
      factoryId: A.id,
      lines: [{ itemId: item.id, quantity: 10 }],
    });
    input = await created('inputs', {
      date: addDays(today, -30),
      factoryId: C.id,
      supplier: 'Listing Supplies Ltd',
      reference: 'LIST-REF-1',
      lines: [{ itemId: item.id, quantity: 7 }],
    });
    transferAB = await created('transfers', {
      date: addDays(today, -20),
      fromFactoryId: A.id,
      toFactoryId: B.id,
      note: 'listing transfer one',
      lines: [{ itemId: item.id, quantity: 4 }],
    });
    transferBC = await created('transfers', {
      date: addDays(today, -20),
      fromFactoryId: B.id,
      toFactoryId: C.id,
      note: 'listing transfer two',
      lines: [{ itemId: item.id, quantity: 2 }],
    });
    removalB = await created('removals', {
      date: addDays(today, -10),
      factoryId: B.id,
      lines: [{ itemId: item.id, quantity: 1, reason: 'expired' }],
    });
  });

  const list = async (query: Record<string, string>, user: SignedInUser = admin) => {
    const res = await get(`/api/inventory/entries?${new URLSearchParams(query).toString()}`, user);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ListResponse<InventoryEntrySummary>>();
  };
  const ids = (page: ListResponse<InventoryEntrySummary>) => page.items.map((e) => e.id);

  it('lists newest first (date, then the order written) with the filters, paging by keyset', async () => {
    const newest = [removalB.id, transferBC.id, transferAB.id, input.id, opening.id];
    expect(ids(await list({ itemId: item.id }))).toEqual(newest);
    expect(ids(await list({ itemId: item.id, dir: 'asc' }))).toEqual([...newest].reverse());
    expect(ids(await list({ itemId: item.id, sort: 'number' }))).toEqual(newest);
    expect(ids(await list({ itemId: item.id, kind: 'transfer' }))).toEqual([transferBC.id, transferAB.id]);
    expect(ids(await list({ itemId: item.id, factoryId: B.id }))).toEqual([removalB.id, transferBC.id, transferAB.id]);
    expect(ids(await list({ itemId: item.id, fromFactoryId: B.id }))).toEqual([transferBC.id]);
    expect(ids(await list({ itemId: item.id, toFactoryId: C.id }))).toEqual([transferBC.id]);
    expect(ids(await list({ itemId: item.id, from: addDays(today, -25), to: addDays(today, -15) }))).toEqual([
      transferBC.id,
      transferAB.id,
    ]);
    const walked = await walkList<InventoryEntrySummary>(
      ctx,
      '/api/inventory/entries',
      { itemId: item.id },
      admin.cookie,
      1,
    );
    expect(walked.items.map((e) => e.id)).toEqual(newest);
    expect(walked.totals).toEqual([5, 5, 5, 5, 5]);
    const byNumber = await walkList<InventoryEntrySummary>(
      ctx,
      '/api/inventory/entries',
      { itemId: item.id, sort: 'number', dir: 'asc' },
      admin.cookie,
      2,
    );
    expect(byNumber.items.map((e) => e.id)).toEqual([...newest].reverse());
  });

  it('searches the entry number (any prefix), the reference, the supplier and the note', async () => {
    const label = `IT-${String(transferAB.number).padStart(6, '0')}`;
    expect(ids(await list({ q: label }))).toEqual([transferAB.id]);
    expect(ids(await list({ q: `it${transferAB.number}`, itemId: item.id }))).toEqual([transferAB.id]);
    expect(ids(await list({ q: 'list-ref' }))).toEqual([input.id]);
    expect(ids(await list({ q: 'listing supplies' }))).toEqual([input.id]);
    expect(ids(await list({ q: 'listing transfer', itemId: item.id }))).toEqual([transferBC.id, transferAB.id]);
    expect((await list({ q: 'nothing-matches-this' })).items).toEqual([]);
  });

  it('shows a line brief', async () => {
    const [summary] = (await list({ q: `IN-${String(input.number).padStart(6, '0')}` })).items;
    expect(summary).toMatchObject({ lineCount: 1, summary: `${item.name} (7 pcs)`, supplier: 'Listing Supplies Ltd' });
  });

  it('shows a Factory Manager the entries their factory is a side of, whatever they ask', async () => {
    expect(ids(await list({ itemId: item.id }, managerA))).toEqual([transferAB.id, opening.id]);
    expect(ids(await list({ itemId: item.id, factoryId: C.id }, managerA))).toEqual([transferAB.id, opening.id]);
    expect(ids(await list({ itemId: item.id }, managerB))).toEqual([removalB.id, transferBC.id, transferAB.id]);
    expect((await list({ itemId: item.id }, noFactory)).items).toEqual([]);
  });

  it('reads one entry with its lines; 404 for another factory’s or an unknown id, 400 for a bad id', async () => {
    const res = await get(`/api/inventory/entries/${transferAB.id}`, managerB);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<InventoryEntry>()).toEqual(transferAB);
    expect((await get(`/api/inventory/entries/${transferAB.id}`, managerA)).statusCode).toBe(200);
    expect((await get(`/api/inventory/entries/${input.id}`, managerA)).statusCode).toBe(404);
    expect((await get('/api/inventory/entries/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/api/inventory/entries/nope')).statusCode).toBe(400);
  });

  it('refuses a cursor that is not one of ours (400)', async () => {
    expect((await get('/api/inventory/entries?cursor=bm9wZQ')).statusCode).toBe(400);
    const forged = Buffer.from(JSON.stringify(['not a day', input.id])).toString('base64url');
    expect((await get(`/api/inventory/entries?cursor=${forged}`)).statusCode).toBe(400);
  });

  it('exports one row per line with the entry’s columns, scoped like the list', async () => {
    const two = await post('transfers', {
      date: addDays(today, -5),
      fromFactoryId: A.id,
      toFactoryId: C.id,
      note: '=cmd',
      lines: [
        { itemId: item.id, quantity: 1 },
        { itemId: (await stocked({ [A.id]: 3 })).id, quantity: 3 },
      ],
    });
    expect(two.statusCode, two.body).toBe(201);
    const res = await get(`/api/inventory/entries/export.csv?itemId=${item.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const [header, ...rows] = parseCsv(res.body).map((r) => r.fields);
    expect(header?.slice(0, 4)).toEqual(['Number', 'Kind', 'Date', 'Factory']);
    expect(rows).toHaveLength(7);
    const label = `IT-${String(two.json<InventoryEntry>().number).padStart(6, '0')}`;
    expect(rows.filter((r) => r[0] === label).map((r) => [r[1], r[9], r[10], r[12]])).toEqual([
      ['Transfer', "'=cmd", '1', '1'],
      ['Transfer', "'=cmd", '2', '3'],
    ]);
    const scoped = await get(`/api/inventory/entries/export.csv?itemId=${item.id}`, managerA);
    expect(parseCsv(scoped.body).slice(1)).toHaveLength(4);
    expect(scoped.body).not.toContain('Listing Supplies Ltd');
  });
});
