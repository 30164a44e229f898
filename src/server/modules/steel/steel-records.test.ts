/**
 * Steel records API (DOMAIN.md §4 "Steel"): record received, used, scrap and adjustment movements
 * (stock never goes negative: refused whole, nothing written), the newest-first list with filters
 * and keyset paging, the CSV export, and the factory scope of both.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '../../../common/contracts/list';
import { latestDayOnEarth } from '../../../common/calendar-days';
import type { SteelRecord } from '../../../common/contracts/steel';
import { queryRows } from '../../db/client';
import { parseCsv } from '../../../common/csv';
import { walkList } from '../../test/list-walk';
import { giveSteel, makeCkdCategory, makeSteelCategory } from '../../test/production';
import { createTestContext, type TestContext } from '../../test/test-app';
import { recordSteelMovements } from './steel-ledger.repository';

let ctx: TestContext;
let adminCookie: string;
beforeAll(async () => {
  ctx = await createTestContext();
  adminCookie = (await ctx.signedInAs(['Admin'])).cookie;
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

const letters = (n = 8) => Array.from(randomBytes(n), (b) => String.fromCharCode(65 + (b % 26))).join('');
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

const post = (payload: unknown, cookie: string | null = adminCookie) =>
  ctx.request({
    method: 'POST',
    url: '/api/steel/records',
    payload: payload as Record<string, unknown>,
    ...(cookie ? { cookie } : {}),
  });
const get = (url: string, cookie: string = adminCookie) => ctx.request({ method: 'GET', url, cookie });
async function list(query: Record<string, string>, cookie = adminCookie) {
  const res = await get(`/api/steel/records?${new URLSearchParams(query).toString()}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListResponse<SteelRecord>>();
}

/** A factory and a category with `stock` kg at it. */
async function stocked(stock: number, options: { unit?: 'kg' | 'sheet' } = {}) {
  const factory = await ctx.makeFactory({ kind: 'plant' });
  const category = await makeSteelCategory(ctx.handle.db, { name: `${letters()} steel`, unit: options.unit ?? 'kg' });
  if (stock > 0) await giveSteel(ctx.handle.db, { factoryId: factory.id, categoryId: category.id, quantity: stock });
  return { factory, category };
}

/** What the database holds for a factory × category: balance, ledger rows, their sum, audit rows. */
async function ledger(factoryId: string, categoryId: string) {
  const [row] = await queryRows<{ stock: number | null; records: number; sum: number; audits: number }>(
    ctx.handle.db,
    sql`select (select quantity::float8 from steel_stock where factory_id = ${factoryId} and category_id = ${categoryId}) as stock,
               (select count(*)::int from steel_records where factory_id = ${factoryId} and category_id = ${categoryId}) as records,
               (select coalesce(sum(delta), 0)::float8 from steel_records where factory_id = ${factoryId} and category_id = ${categoryId}) as sum,
               (select count(*)::int from audit_log where record_type = 'steel_record'
                  and (after->'factory'->>'id') = ${factoryId} and (after->'category'->>'id') = ${categoryId}) as audits`,
  );
  return row;
}

const movement = (factoryId: string, categoryId: string, extra: Record<string, unknown>) => ({
  date: today(),
  factoryId,
  categoryId,
  kind: 'used',
  quantity: 1,
  ...extra,
});

describe('record a movement', () => {
  it('receives steel with supplier and unit cost, moves the stock and audits the record', async () => {
    const { factory, category } = await stocked(0);
    const res = await post(
      movement(factory.id, category.id, {
        kind: 'received',
        quantity: 1250.5,
        supplier: ' Mabati Rolling Mills ',
        unitCost: 142.75,
        reference: 'GRN-0042',
        note: 'Truck KBX 123A',
        date: daysAgo(2),
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const record = res.json<SteelRecord>();
    expect(record).toMatchObject({
      date: daysAgo(2),
      factory: { id: factory.id, code: factory.code },
      category: { id: category.id, name: category.name, unit: 'kg' },
      kind: 'received',
      quantity: 1250.5,
      delta: 1250.5,
      supplier: 'Mabati Rolling Mills',
      unitCost: 142.75,
      reference: 'GRN-0042',
      note: 'Truck KBX 123A',
      producedRecord: null,
    });
    expect(record.createdBy?.email).toMatch(/@example\.com$/);
    expect(await ledger(factory.id, category.id)).toEqual({ stock: 1250.5, records: 1, sum: 1250.5, audits: 1 });
  });

  it('uses, scraps and adjusts (up and down) within the stock', async () => {
    const { factory, category } = await stocked(100);
    for (const [kind, quantity] of [
      ['used', 40],
      ['scrap', 2.125],
      ['adjustment', -7.875],
      ['adjustment', 10],
    ] as const) {
      const res = await post(movement(factory.id, category.id, { kind, quantity }));
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(await ledger(factory.id, category.id)).toMatchObject({ stock: 60, records: 5, sum: 60, audits: 4 });
  });

  it('takes the stock exactly to zero', async () => {
    const { factory, category } = await stocked(12);
    expect((await post(movement(factory.id, category.id, { quantity: 12 }))).statusCode).toBe(201);
    expect((await ledger(factory.id, category.id))?.stock).toBe(0);
  });

  it.each([
    ['usage', { kind: 'used', quantity: 20 }, 'Not enough steel: 12 kg in stock, 20 kg needed.'],
    ['scrap', { kind: 'scrap', quantity: 12.001 }, 'Not enough steel: 12 kg in stock, 12.001 kg needed.'],
    ['a negative adjustment', { kind: 'adjustment', quantity: -13 }, 'Not enough steel: 12 kg in stock, 13 kg needed.'],
  ])('refuses %s beyond the stock (409 with the shortage) and writes nothing', async (_, extra, reason) => {
    const { factory, category } = await stocked(12);
    const before = await ledger(factory.id, category.id);
    const res = await post(movement(factory.id, category.id, extra));
    expect(res.statusCode).toBe(409);
    const body = res.json<ErrorBody>();
    expect(body.error.message).toBe(`${reason} Nothing was recorded.`);
    expect(body.error.details?.problems).toEqual([{ code: `${category.name} at ${factory.code}`, reason }]);
    expect(await ledger(factory.id, category.id)).toEqual(before);
  });

  it('counts sheets as sheets in the shortage', async () => {
    const { factory, category } = await stocked(3, { unit: 'sheet' });
    const res = await post(movement(factory.id, category.id, { quantity: 5 }));
    expect(res.json<ErrorBody>().error.message).toBe(
      'Not enough steel: 3 sheets in stock, 5 sheets needed. Nothing was recorded.',
    );
  });

  it('refuses steel never received at that factory', async () => {
    const { category } = await stocked(50);
    const elsewhere = await ctx.makeFactory();
    const res = await post(movement(elsewhere.id, category.id, { quantity: 1 }));
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().error.message).toBe(
      'Not enough steel: 0 kg in stock, 1 kg needed. Nothing was recorded.',
    );
    expect(await ledger(elsewhere.id, category.id)).toMatchObject({ records: 0, sum: 0, audits: 0 });
  });

  const tomorrow = () => {
    const d = new Date(`${latestDayOnEarth(new Date())}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + 1);
    return d.toISOString().slice(0, 10);
  };

  it.each([
    ['a date in the future', () => ({ date: tomorrow() }), 'date', 'The date cannot be in the future'],
    ['a date that does not exist', () => ({ date: '2025-02-30' }), 'date', 'Use a date like 2026-01-31'],
    ['a date in another format', () => ({ date: '30/01/2025' }), 'date', 'Use a date like 2026-01-31'],
    ['a zero quantity', () => ({ quantity: 0 }), 'quantity', 'Quantity cannot be zero'],
    [
      'a negative usage',
      () => ({ quantity: -5 }),
      'quantity',
      'Quantity must be positive (only an adjustment may be negative)',
    ],
    [
      'a negative receipt',
      () => ({ kind: 'received', quantity: -5 }),
      'quantity',
      'Quantity must be positive (only an adjustment may be negative)',
    ],
    ['four decimals', () => ({ quantity: 1.0005 }), 'quantity', 'Quantity takes at most 3 decimals'],
    ['a supplier on usage', () => ({ supplier: 'ACME' }), 'supplier', 'A supplier is recorded only for received steel'],
    [
      'a unit cost on scrap',
      () => ({ kind: 'scrap', unitCost: 3 }),
      'unitCost',
      'A unit cost is recorded only for received steel',
    ],
    ['a negative unit cost', () => ({ kind: 'received', unitCost: -3 }), 'unitCost', 'Unit cost cannot be negative'],
    [
      'CKD production typed by hand',
      () => ({ kind: 'ckd_production' }),
      'kind',
      'Choose received, used, scrap or adjustment',
    ],
    ['no factory', () => ({ factoryId: undefined }), 'factoryId', 'Choose a factory'],
    ['a note of 1,001 characters', () => ({ note: 'n'.repeat(1001) }), 'note', 'Note is limited to 1,000 characters'],
  ])('refuses %s (400 on the field) and writes nothing', async (_, extra, field, message) => {
    const { factory, category } = await stocked(100);
    const before = await ledger(factory.id, category.id);
    const res = await post(movement(factory.id, category.id, extra()));
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.details?.fieldErrors?.[field]).toEqual([message]);
    expect(await ledger(factory.id, category.id)).toEqual(before);
  });

  it('refuses a deactivated category, a deactivated factory and an unknown category (400 on the field)', async () => {
    const { factory, category } = await stocked(100);
    await ctx.request({
      method: 'POST',
      url: `/api/steel/categories/${category.id}/deactivate`,
      cookie: adminCookie,
      payload: {},
    });
    const inactiveCategory = await post(movement(factory.id, category.id, {}));
    expect(inactiveCategory.statusCode).toBe(400);
    expect(inactiveCategory.json<ErrorBody>().error.details?.fieldErrors?.categoryId).toEqual([
      `${category.name} is deactivated: reactivate it on Steel Categories or choose another category.`,
    ]);

    const other = await stocked(100);
    await ctx.request({
      method: 'POST',
      url: `/api/factories/${other.factory.id}/deactivate`,
      cookie: adminCookie,
      payload: {},
    });
    const inactiveFactory = await post(movement(other.factory.id, other.category.id, {}));
    expect(inactiveFactory.statusCode).toBe(400);
    expect(inactiveFactory.json<ErrorBody>().error.details?.fieldErrors?.factoryId?.[0]).toMatch(
      /is deactivated: choose an active factory\.$/,
    );

    const unknown = await post(movement(factory.id, '00000000-0000-4000-8000-000000000000', {}));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ErrorBody>().error.details?.fieldErrors?.categoryId).toEqual([
      'This steel category does not exist. Choose another one.',
    ]);
    expect(await ledger(factory.id, category.id)).toMatchObject({ stock: 100, records: 1 });
    expect(await ledger(other.factory.id, other.category.id)).toMatchObject({ stock: 100, records: 1 });
  });

  it('is refused without steel-records (403), signed out (401), and writes nothing', async () => {
    const { factory, category } = await stocked(100);
    for (const group of ['Senior Production Manager', 'Factory Manager', 'Production Supervisor'] as const) {
      const { cookie } = await ctx.signedInAs([group], { factoryId: factory.id });
      expect((await post(movement(factory.id, category.id, {}), cookie)).statusCode, group).toBe(403);
    }
    expect((await post(movement(factory.id, category.id, {}), null)).statusCode).toBe(401);
    expect(await ledger(factory.id, category.id)).toMatchObject({ stock: 100, records: 1, audits: 0 });
  });

  it('a Senior Production Supervisor records at any factory', async () => {
    const { factory, category } = await stocked(10);
    const { cookie } = await ctx.signedInAs(['Senior Production Supervisor']);
    expect((await post(movement(factory.id, category.id, { quantity: 4 }), cookie)).statusCode).toBe(201);
  });
});

describe('list and export', () => {
  /** A category with records at two factories over several days, and one CKD production row. */
  async function history() {
    const token = letters();
    const [a, b] = [await ctx.makeFactory({ kind: 'plant' }), await ctx.makeFactory({ kind: 'plant' })];
    const category = await makeSteelCategory(ctx.handle.db, { name: `${token} sheet` });
    await giveSteel(ctx.handle.db, { factoryId: a.id, categoryId: category.id, quantity: 500, date: daysAgo(10) });
    await giveSteel(ctx.handle.db, { factoryId: b.id, categoryId: category.id, quantity: 200, date: daysAgo(9) });
    for (const [factoryId, kind, quantity, days, reference] of [
      [a.id, 'used', 30, 5, `${token}-U1`],
      [a.id, 'scrap', 2, 5, null],
      [b.id, 'used', 15, 3, `${token}-U2`],
      [a.id, 'used', 25, 1, null],
    ] as const) {
      const res = await post({ date: daysAgo(days), factoryId, categoryId: category.id, kind, quantity, reference });
      expect(res.statusCode, res.body).toBe(201);
    }
    const kit = await makeCkdCategory(ctx.handle.db, { usage: [{ steelCategoryId: category.id, quantityPerKit: 4 }] });
    const [produced] = await queryRows<{ id: string; number: number }>(
      ctx.handle.db,
      sql`insert into ckd_produced_records (date, factory_id, category_id, quantity)
          values (${daysAgo(2)}, ${a.id}, ${kit.id}, 5) returning id, number::int as number`,
    );
    if (!produced) throw new Error('no produced record');
    const posted = await recordSteelMovements(ctx.handle.db, [
      {
        date: daysAgo(2),
        factoryId: a.id,
        categoryId: category.id,
        kind: 'ckd_production',
        quantity: 20,
        producedRecordId: produced.id,
        createdBy: null,
      },
    ]);
    expect(posted.ok).toBe(true);
    return { token, a, b, category, produced };
  }

  it('lists newest first with factory, category, kind and CKD production rows', async () => {
    const { a, category, produced } = await history();
    const page = await list({ categoryId: category.id });
    expect(page.total).toBe(7);
    expect(page.items.map((r) => [r.date, r.kind, r.quantity, r.delta])).toEqual([
      [daysAgo(1), 'used', 25, -25],
      [daysAgo(2), 'ckd_production', 20, -20],
      [daysAgo(3), 'used', 15, -15],
      [daysAgo(5), 'scrap', 2, -2],
      [daysAgo(5), 'used', 30, -30],
      [daysAgo(9), 'received', 200, 200],
      [daysAgo(10), 'received', 500, 500],
    ]);
    expect(page.items[1]).toMatchObject({
      factory: { id: a.id },
      producedRecord: { id: produced.id, number: produced.number },
      createdBy: null,
    });
  });

  it('filters by factory, kind (CKD production apart from usage), dates and search', async () => {
    const { token, a, b, category } = await history();
    const kinds = async (query: Record<string, string>) =>
      (await list({ categoryId: category.id, ...query })).items.map((r) => `${r.factory.code}:${r.kind}:${r.quantity}`);
    expect(await kinds({ factoryId: b.id })).toEqual([`${b.code}:used:15`, `${b.code}:received:200`]);
    expect(await kinds({ kind: 'used' })).toEqual([`${a.code}:used:25`, `${b.code}:used:15`, `${a.code}:used:30`]);
    expect(await kinds({ kind: 'ckd_production' })).toEqual([`${a.code}:ckd_production:20`]);
    expect(await kinds({ from: daysAgo(5), to: daysAgo(3) })).toEqual([
      `${b.code}:used:15`,
      `${a.code}:scrap:2`,
      `${a.code}:used:30`,
    ]);
    expect(await kinds({ q: `${token.toLowerCase()}-u` })).toEqual([`${b.code}:used:15`, `${a.code}:used:30`]);
  });

  it('pages newest first with keyset cursors, every record once', async () => {
    const { category } = await history();
    const walk = await walkList<SteelRecord>(ctx, '/api/steel/records', { categoryId: category.id }, adminCookie, 3);
    expect(walk.pages).toBe(3);
    expect(walk.items.map((r) => r.id)).toEqual((await list({ categoryId: category.id })).items.map((r) => r.id));
    const asc = await walkList<SteelRecord>(
      ctx,
      '/api/steel/records',
      { categoryId: category.id, dir: 'asc' },
      adminCookie,
      2,
    );
    expect(asc.items.map((r) => r.id)).toEqual(walk.items.map((r) => r.id).reverse());
  });

  it.each([
    ['an unknown kind', { kind: 'stolen' }],
    ['a bad date', { from: '2025-13-01' }],
    ['a bad factory id', { factoryId: 'NBO' }],
    [
      'a uuid cursor (not one of ours)',
      {
        cursor: Buffer.from(JSON.stringify(['2025-01-01', '00000000-0000-4000-8000-000000000000'])).toString(
          'base64url',
        ),
      },
    ],
  ])('refuses %s (400)', async (_, query) => {
    expect((await get(`/api/steel/records?${new URLSearchParams(query).toString()}`)).statusCode).toBe(400);
  });

  it('exports the filtered records as CSV, newest first', async () => {
    const { a, category, produced } = await history();
    const res = await get(`/api/steel/records/export.csv?categoryId=${category.id}&factoryId=${a.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const rows = parseCsv(res.body).map((r) => r.fields);
    expect(rows[0]).toEqual([
      'Date',
      'Factory',
      'Category',
      'Kind',
      'Quantity',
      'Unit',
      'Stock change',
      'Supplier',
      'Unit cost',
      'Reference',
      'Produced CKD record',
      'Note',
      'Recorded at',
      'Recorded by',
    ]);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[3], r[4], r[6], r[10]])).toEqual([
      [daysAgo(1), a.code, 'Used', '25', '-25', ''],
      [daysAgo(2), a.code, 'Used by CKD production', '20', '-20', `PK-${String(produced.number).padStart(6, '0')}`],
      [daysAgo(5), a.code, 'Scrap', '2', '-2', ''],
      [daysAgo(5), a.code, 'Used', '30', '-30', ''],
      [daysAgo(10), a.code, 'Received', '500', '500', ''],
    ]);
  });

  it('is refused without steel-management (403)', async () => {
    const { cookie } = await ctx.signedInAs(['Factory Manager']);
    expect((await get('/api/steel/records', cookie)).statusCode).toBe(403);
    expect((await get('/api/steel/records/export.csv', cookie)).statusCode).toBe(403);
    const spm = await ctx.signedInAs(['Senior Production Manager']);
    expect((await get('/api/steel/records', spm.cookie)).statusCode).toBe(200);
  });
});

describe('factory scope (a factory-scoped group granted the steel permissions)', () => {
  it('sees and records its own factory only', async () => {
    await ctx.handle.db.execute(
      sql`insert into group_permissions (group_name, component)
          values ('Factory Manager', 'steel-management'), ('Factory Manager', 'steel-records')
          on conflict do nothing`,
    );
    try {
      const own = await stocked(50);
      const other = await ctx.makeFactory();
      await giveSteel(ctx.handle.db, { factoryId: other.id, categoryId: own.category.id, quantity: 80 });
      const { cookie } = await ctx.signedInAs(['Factory Manager'], { factoryId: own.factory.id });

      const mine = await post(movement(own.factory.id, own.category.id, { quantity: 5 }), cookie);
      expect(mine.statusCode, mine.body).toBe(201);
      const theirs = await post(movement(other.id, own.category.id, { quantity: 5 }), cookie);
      expect(theirs.statusCode).toBe(403);
      expect(theirs.json<ErrorBody>().error.message).toMatch(/^You can only act for your own factory/);
      expect(await ledger(other.id, own.category.id)).toMatchObject({ stock: 80, records: 1 });

      const asked = await list({ categoryId: own.category.id, factoryId: other.id }, cookie);
      expect(asked.items.map((r) => r.factory.id)).toEqual([own.factory.id, own.factory.id]);
      const csv = await get(
        `/api/steel/records/export.csv?categoryId=${own.category.id}&factoryId=${other.id}`,
        cookie,
      );
      expect(csv.body).not.toContain(other.code);
      expect(parseCsv(csv.body)).toHaveLength(3);

      const { cookie: none } = await ctx.signedInAs(['Factory Manager'], { factoryId: null });
      expect((await list({ categoryId: own.category.id }, none)).total).toBe(0);
      expect((await post(movement(own.factory.id, own.category.id, {}), none)).statusCode).toBe(403);
    } finally {
      await ctx.handle.db.execute(
        sql`delete from group_permissions where group_name = 'Factory Manager'
              and component in ('steel-management', 'steel-records')`,
      );
    }
  });
});
