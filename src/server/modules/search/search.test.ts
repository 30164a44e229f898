/**
 * The global search (GET /api/search): each kind found by its number, code or name and opened at
 * its screen's path; each kind only for a group holding that screen's permission; a factory-scoped
 * user finds their own factory's documents and never another's; 400 for an empty or too long
 * search, 401 signed out.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ckdTransferNumberLabel } from '../../../common/contracts/ckd';
import { ERROR_CODES } from '../../../common/contracts/errors';
import { inventoryEntryNumberLabel } from '../../../common/contracts/inventory';
import { stoveReportNumberLabel } from '../../../common/contracts/production';
import { salesOrderNumberLabel } from '../../../common/contracts/sales-orders';
import type { SearchHit, SearchResponse } from '../../../common/contracts/search';
import { transferNumberLabel } from '../../../common/contracts/stove-ids';
import { loadActor, type Actor } from '../../auth/actor';
import { queryRows } from '../../db/client';
import { giveInventory, makeInventoryItem } from '../../test/inventory';
import { giveKits, makeCkdCategory } from '../../test/production';
import { makeSalesCategory, makeSalesPackage } from '../../test/sales';
import { makeCustomer, recordSale } from '../../test/sales-lines';
import { makeStoveIds } from '../../test/stove-ids';
import { createTestContext, type ErrorBody, type SignedInUser, type TestContext } from '../../test/test-app';
import { createCkdTransfer } from '../ckd/ckd-transfers.service';
import { submitReport } from '../stove-reports/stove-reports.service';
import { sendTransfer } from '../stove-transfers/stove-transfers.service';

/** One factory's documents, each with the number people type. */
interface Documents {
  stoveTransfer: { id: string; number: string };
  stoveReport: { id: string; number: string };
  salesOrder: { id: string; number: string };
  kitTransfer: { id: string; number: string };
  inventoryInput: { id: string; number: string };
  /** A code of the factory's stove IDs (and its prefix, which the factory's other IDs share). */
  code: string;
  prefix: string;
}

let ctx: TestContext;
let admin: SignedInUser;
let managerA: SignedInUser;
let salesOfficer: SignedInUser;
let coupler: SignedInUser;
let noFactory: SignedInUser;
let A: Documents;
let B: Documents;
const token = randomBytes(3).toString('hex');
const partnerName = `Zebra Traders ${token}`;
const userName = `Quentin Searchable ${token}`;

const numberOf = async (table: string, id: string) => {
  const [row] = await queryRows<{ number: number }>(
    ctx.handle.db,
    sql`select number::int as number from ${sql.identifier(table)} where id = ${id}`,
  );
  if (!row) throw new Error(`no ${table} ${id}`);
  return row.number;
};

/** A factory's stove IDs, a transfer it sends to `to`, a report, an order, a kit transfer and an input. */
async function documentsOf(actor: Actor, factoryId: string, to: string, letter: string): Promise<Documents> {
  const db = ctx.handle.db;
  const prefix = `S${letter}${token.toUpperCase()}`;
  const ids = await makeStoveIds(db, { factoryId, count: 8, prefix });
  const transfer = await sendTransfer(db, actor, {
    fromFactoryId: factoryId,
    toFactoryId: to,
    codes: [ids.codes[7] ?? ''],
    note: null,
  });
  const kit = await makeCkdCategory(db);
  await giveKits(db, { factoryId, categoryId: kit.id, quantity: 10 });
  const today = new Date().toISOString().slice(0, 10);
  const report = await submitReport(db, actor, {
    factoryId,
    categoryId: kit.id,
    date: today,
    codes: [ids.codes[6] ?? ''],
    note: null,
  });
  const kits = await createCkdTransfer(db, actor, {
    fromFactoryId: factoryId,
    toFactoryId: to,
    lines: [{ categoryId: kit.id, quantity: 2 }],
    date: today,
    note: null,
  });
  const order = await recordSale(db, {
    date: today,
    factoryId,
    customerId: (await makeCustomer(db)).id,
    categoryId: (await makeSalesCategory(db)).id,
    lines: [{ packageId: (await makeSalesPackage(db)).id, quantity: 1, unitPrice: 3500 }],
  });
  const input = await giveInventory(db, { factoryId, itemId: (await makeInventoryItem(db)).id, quantity: 5 });
  return {
    stoveTransfer: { id: transfer.id, number: transferNumberLabel(transfer.number) },
    stoveReport: { id: report.id, number: stoveReportNumberLabel(report.number) },
    salesOrder: { id: order, number: salesOrderNumberLabel(await numberOf('sales_orders', order)) },
    kitTransfer: { id: kits.id, number: ckdTransferNumberLabel(kits.number) },
    inventoryInput: {
      id: input.entryId,
      number: inventoryEntryNumberLabel('input', await numberOf('inventory_entries', input.entryId)),
    },
    code: ids.codes[0] ?? '',
    prefix,
  };
}

beforeAll(async () => {
  ctx = await createTestContext();
  const a = await ctx.makeFactory({ name: `Athi River ${token}` });
  const b = await ctx.makeFactory({ name: `Bungoma ${token}` });
  const c = await ctx.makeFactory();
  admin = await ctx.signedInAs(['Admin']);
  managerA = await ctx.signedInAs(['Factory Manager'], { factoryId: a.id });
  salesOfficer = await ctx.signedInAs(['Sales Officer'], { factoryId: a.id });
  coupler = await ctx.signedInAs(['Stove Coupler'], { factoryId: a.id });
  noFactory = await ctx.signedInAs(['Factory Manager'], { factoryId: null });
  const actor = await loadActor(ctx.handle.db, admin.id);
  if (!actor) throw new Error('no admin actor');
  A = await documentsOf(actor, a.id, c.id, 'A');
  B = await documentsOf(actor, b.id, c.id, 'B');
  await makeCustomer(ctx.handle.db, { name: partnerName });
  await ctx.makeUser(['Sales Officer'], { name: userName, email: `quentin-${token}@example.com` });
}, 60_000);
afterAll(async () => {
  await ctx.close();
});

const find = (q: string, user: SignedInUser) =>
  ctx.request({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}`, cookie: user.cookie });

async function hits(q: string, user: SignedInUser): Promise<SearchHit[]> {
  const res = await find(q, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchResponse>().hits;
}

const kinds = (list: SearchHit[]) => list.map((h) => h.kind);

describe('GET /api/search', () => {
  it('finds each kind by its number, code or name, with the path of the page that opens it', async () => {
    expect(await hits(A.stoveTransfer.number, admin)).toContainEqual({
      kind: 'stove-transfer',
      title: A.stoveTransfer.number,
      subtitle: expect.stringContaining(`Athi River ${token} →`) as string,
      path: `/stove-id/transfer-history/${A.stoveTransfer.id}`,
    });
    expect(await hits(A.stoveReport.number.toLowerCase().replace('-', ''), admin)).toContainEqual(
      expect.objectContaining({
        kind: 'stove-report',
        title: A.stoveReport.number,
        path: `/production/stove-reports/${A.stoveReport.id}`,
      }),
    );
    expect(await hits(A.salesOrder.number, admin)).toContainEqual(
      expect.objectContaining({
        kind: 'sales-order',
        title: A.salesOrder.number,
        path: `/sales/sales-order/${A.salesOrder.id}`,
      }),
    );
    expect(await hits(A.kitTransfer.number, admin)).toContainEqual(
      expect.objectContaining({
        kind: 'kit-transfer',
        title: A.kitTransfer.number,
        subtitle: expect.stringContaining('2 kits') as string,
        path: `/ckd/transfer?q=${A.kitTransfer.number}`,
      }),
    );
    expect(await hits(A.inventoryInput.number, admin)).toContainEqual(
      expect.objectContaining({
        kind: 'inventory-document',
        title: A.inventoryInput.number,
        subtitle: expect.stringContaining(`Input at Athi River ${token}`) as string,
        path: `/inventory/input?entry=${A.inventoryInput.id}`,
      }),
    );
    expect(await hits(A.code.toLowerCase(), admin)).toContainEqual({
      kind: 'stove-id',
      title: A.code,
      subtitle: `In stock · Athi River ${token}`,
      path: `/stove-id/management/${A.code}`,
    });
    expect(await hits(`zebra traders ${token}`, admin)).toEqual([
      {
        kind: 'partner',
        title: partnerName,
        subtitle: expect.any(String) as string,
        path: `/customers?q=${encodeURIComponent(partnerName)}`,
      },
    ]);
    expect(await hits(`QUENTIN SEARCHABLE ${token}`, admin)).toEqual([
      {
        kind: 'user',
        title: userName,
        subtitle: `quentin-${token}@example.com`,
        path: `/users?q=${encodeURIComponent(`quentin-${token}@example.com`)}`,
      },
    ]);
    // A user's email start finds them too.
    expect(kinds(await hits(`quentin-${token}`, admin))).toEqual(['user']);
  });

  it('puts the exact code first, then the codes that start with the search (at most 5)', async () => {
    const found = await hits(A.code, admin);
    expect(found[0]).toMatchObject({ kind: 'stove-id', title: A.code });
    const started = await hits(A.prefix, admin);
    expect(started).toHaveLength(5);
    expect(started.every((h) => h.kind === 'stove-id' && h.title.startsWith(A.prefix))).toBe(true);
    expect(started.map((h) => h.title)).toEqual([...started.map((h) => h.title)].sort());
  });

  it('reads an inventory number with the prefix of its kind only', async () => {
    const removalNumber = A.inventoryInput.number.replace('IN-', 'RM-');
    expect(kinds(await hits(removalNumber, admin))).not.toContain('inventory-document');
    const bare = A.inventoryInput.number.replace('IN-', '');
    expect(await hits(bare, admin)).toContainEqual(expect.objectContaining({ title: A.inventoryInput.number }));
  });

  it('shows each kind only to a group holding the permission of the screen that shows it', async () => {
    // A Sales Officer has Sales Order and Partners/Customers, nothing of stove IDs, production, kits,
    // inventory or users.
    for (const q of [A.code, A.stoveTransfer.number, A.stoveReport.number, A.kitTransfer.number]) {
      expect(await hits(q, salesOfficer), q).toEqual([]);
    }
    expect(kinds(await hits(A.inventoryInput.number, salesOfficer))).not.toContain('inventory-document');
    expect(kinds(await hits(userName, salesOfficer))).toEqual([]);
    expect(kinds(await hits(A.salesOrder.number, salesOfficer))).toContain('sales-order');
    expect(kinds(await hits(partnerName, salesOfficer))).toEqual(['partner']);
    // A Stove Coupler sees stove reports only.
    expect(kinds(await hits(A.stoveReport.number, coupler))).toContain('stove-report');
    for (const q of [A.salesOrder.number, A.code, partnerName, A.stoveTransfer.number, A.inventoryInput.number]) {
      expect(
        kinds(await hits(q, coupler)).filter((k) => k !== 'stove-report'),
        q,
      ).toEqual([]);
    }
    // A Factory Manager has no User Management.
    expect(await hits(userName, managerA)).toEqual([]);
  });

  it("gives a factory-scoped user their factory's documents and IDs, never another factory's", async () => {
    const own = [
      A.stoveTransfer.number,
      A.stoveReport.number,
      A.salesOrder.number,
      A.kitTransfer.number,
      A.inventoryInput.number,
    ];
    for (const q of own) expect(await hits(q, managerA), q).toContainEqual(expect.objectContaining({ title: q }));
    expect(await hits(A.code, managerA)).toContainEqual(expect.objectContaining({ title: A.code }));

    const other = [
      B.stoveTransfer.number,
      B.stoveReport.number,
      B.salesOrder.number,
      B.kitTransfer.number,
      B.inventoryInput.number,
      B.code,
      B.prefix,
    ];
    for (const q of other) {
      const found = await hits(q, managerA);
      expect(
        found.filter((h) => h.title === q || h.title.startsWith(B.prefix)),
        q,
      ).toEqual([]);
      expect(JSON.stringify(found), q).not.toContain(`Bungoma ${token}`);
    }
    // The global user finds the other factory's.
    for (const q of other.slice(0, 6)) {
      expect(await hits(q, admin), q).toContainEqual(expect.objectContaining({ title: q }));
    }
    // A factory-scoped user without a factory finds no factory's documents.
    for (const q of [...own, A.code]) expect(await hits(q, noFactory), q).toEqual([]);
  });

  it("finds a factory's own codes by a short prefix even when hundreds of another factory's come first", async () => {
    const db = ctx.handle.db;
    const shared = `Q${token.toUpperCase()}`;
    const [a, b] = await queryRows<{ id: string }>(
      db,
      sql`select factory_id as id from stove_ids where code in (${A.code}, ${B.code}) order by code`,
    );
    await makeStoveIds(db, { factoryId: b?.id ?? '', count: 300, prefix: `${shared}0` });
    const own = await makeStoveIds(db, { factoryId: a?.id ?? '', count: 3, prefix: `${shared}1` });
    const found = await hits(shared, managerA);
    expect(found.filter((h) => h.kind === 'stove-id').map((h) => h.title)).toEqual(own.codes);
  });

  it('refuses an empty or too long search with 400, and a signed-out caller with 401', async () => {
    for (const url of ['/api/search', '/api/search?q=', '/api/search?q=%20%20', `/api/search?q=${'x'.repeat(101)}`]) {
      const res = await ctx.request({ method: 'GET', url, cookie: admin.cookie });
      expect(res.statusCode, url).toBe(400);
      expect(res.json<ErrorBody>().error.code).toBe(ERROR_CODES.validation);
    }
    const res = await ctx.request({ method: 'GET', url: '/api/search?q=TR-000001' });
    expect(res.statusCode).toBe(401);
  });

  it("takes a user's % and _ literally", async () => {
    expect(await hits('%%', admin)).toEqual([]);
    expect(await hits('__', admin)).toEqual([]);
  });
});
