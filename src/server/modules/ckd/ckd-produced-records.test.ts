/**
 * Produced CKD records (DOMAIN.md §4 "CKD kits"): recording kits made at a plant consumes exactly
 * per kit × kits of each steel line and adds the kits, in one transaction; short steel refuses the
 * whole record (409, one problem per short steel category) and nothing is written; bad input is a
 * 400 that writes nothing; list, filters, CSV export and factory scope.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestDayOnEarth, addDays } from '../../../common/calendar-days';
import type { ProducedRecord } from '../../../common/contracts/ckd';
import type { ListResponse } from '../../../common/contracts/list';
import { queryRows } from '../../db/client';
import { groupPermissions } from '../../db/schema/core';
import { ckdCategories } from '../../db/schema/production';
import { parseCsv } from '../../../common/csv';
import { auditRows } from '../../test/db-assert';
import { walkList } from '../../test/list-walk';
import { giveSteel, kitStock, makeCkdCategory, makeSteelCategory } from '../../test/production';
import { createTestContext, type ErrorBody, type SignedInUser, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let plant: { id: string; code: string };
let otherPlant: { id: string; code: string };
let assembly: { id: string; code: string };
let admin: SignedInUser;
let seniorSupervisor: SignedInUser;
let factoryManager: SignedInUser;
/** A Factory Manager of `plant` granted produced-ckd-records in the group table (a scoped holder). */
let scopedRecorder: SignedInUser;
let sheet: { id: string; name: string };
let rod: { id: string; name: string };
let kit: { id: string; name: string; code: string };

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.handle.db;
  plant = await ctx.makeFactory({ kind: 'plant' });
  otherPlant = await ctx.makeFactory({ kind: 'both' });
  assembly = await ctx.makeFactory({ kind: 'assembly' });
  await db.insert(groupPermissions).values({ group: 'Production Supervisor', component: 'produced-ckd-records' });
  admin = await ctx.signedInAs(['Admin']);
  seniorSupervisor = await ctx.signedInAs(['Senior Production Supervisor']);
  factoryManager = await ctx.signedInAs(['Factory Manager'], { factoryId: plant.id });
  scopedRecorder = await ctx.signedInAs(['Production Supervisor'], { factoryId: plant.id });
  sheet = await makeSteelCategory(db, { name: 'Sheet 1.2 mm', unit: 'kg' });
  rod = await makeSteelCategory(db, { name: 'Rod 8 mm', unit: 'sheet' });
  kit = await makeCkdCategory(db, {
    name: 'Jiko Poa Standard',
    code: 'JPS',
    usage: [
      { steelCategoryId: sheet.id, quantityPerKit: 2.5 },
      { steelCategoryId: rod.id, quantityPerKit: 0.125 },
    ],
  });
  await giveSteel(db, { factoryId: plant.id, categoryId: sheet.id, quantity: 100 });
  await giveSteel(db, { factoryId: plant.id, categoryId: rod.id, quantity: 10 });
  await giveSteel(db, { factoryId: otherPlant.id, categoryId: sheet.id, quantity: 1000 });
  await giveSteel(db, { factoryId: otherPlant.id, categoryId: rod.id, quantity: 1000 });
});
afterAll(async () => {
  await ctx.close();
});

const post = (payload: unknown, user: SignedInUser) =>
  ctx.request({
    method: 'POST',
    url: '/api/ckd/produced-records',
    payload: payload as Record<string, unknown>,
    cookie: user.cookie,
  });
const get = (url: string, user: SignedInUser) => ctx.request({ method: 'GET', url, cookie: user.cookie });

const today = new Date().toISOString().slice(0, 10);
const record = (overrides: Record<string, unknown> = {}) => ({
  date: today,
  factoryId: plant.id,
  categoryId: kit.id,
  quantity: 4,
  note: 'Morning shift',
  ...overrides,
});

async function steelStock(factoryId: string, categoryId: string): Promise<number> {
  const [row] = await queryRows<{ q: number }>(
    ctx.handle.db,
    sql`select quantity::float8 as q from steel_stock where factory_id = ${factoryId} and category_id = ${categoryId}`,
  );
  return Number(row?.q ?? 0);
}

const kitsAt = (factoryId: string, categoryId: string) => kitStock(ctx.handle.db, factoryId, categoryId);

/** Everything a refused record must leave alone. */
async function snapshot() {
  const [row] = await queryRows<Record<string, unknown>>(
    ctx.handle.db,
    sql`select
      (select count(*)::int from ckd_produced_records) as records,
      (select count(*)::int from steel_records) as steel_records,
      (select count(*)::int from ckd_movements) as movements,
      (select md5(coalesce(string_agg(concat_ws('|', factory_id, category_id, quantity), ',' order by factory_id, category_id), '')) from steel_stock) as steel,
      (select md5(coalesce(string_agg(concat_ws('|', factory_id, category_id, quantity), ',' order by factory_id, category_id), '')) from ckd_stock) as kits,
      (select md5(coalesce(string_agg(concat_ws('|', day, factory_id, category_id, produced), ',' order by day, factory_id, category_id), '')) from ckd_daily) as daily,
      (select count(*)::int from audit_log where record_type = 'ckd_produced_record') as audits`,
  );
  return row;
}

describe('recording produced kits', () => {
  it('consumes exactly per kit × kits of each steel line and adds the kits, in one record', async () => {
    const [sheetBefore, rodBefore, kitsBefore] = [
      await steelStock(plant.id, sheet.id),
      await steelStock(plant.id, rod.id),
      await kitsAt(plant.id, kit.id),
    ];
    const res = await post(record({ quantity: 12 }), admin);
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json<ProducedRecord>();
    expect(made).toMatchObject({
      date: today,
      factory: { id: plant.id, code: plant.code },
      category: { id: kit.id, code: 'JPS', name: 'Jiko Poa Standard' },
      quantity: 12,
      note: 'Morning shift',
      steelUsed: [
        { steelCategoryId: rod.id, name: 'Rod 8 mm', unit: 'sheet', quantity: 1.5 },
        { steelCategoryId: sheet.id, name: 'Sheet 1.2 mm', unit: 'kg', quantity: 30 },
      ],
    });
    expect(made.createdBy?.name).toBe('Test Admin');
    expect(await steelStock(plant.id, sheet.id)).toBe(sheetBefore - 30);
    expect(await steelStock(plant.id, rod.id)).toBe(rodBefore - 1.5);
    expect(await kitsAt(plant.id, kit.id)).toBe(kitsBefore + 12);

    const steelRows = await queryRows<{ kind: string; quantity: number; delta: number; categoryId: string }>(
      ctx.handle.db,
      sql`select kind, quantity::float8 as quantity, delta::float8 as delta, category_id as "categoryId"
            from steel_records where produced_record_id = ${made.id} order by quantity`,
    );
    expect(steelRows).toEqual([
      { kind: 'ckd_production', quantity: 1.5, delta: -1.5, categoryId: rod.id },
      { kind: 'ckd_production', quantity: 30, delta: -30, categoryId: sheet.id },
    ]);
    const movements = await queryRows<{ kind: string; delta: number; date: string }>(
      ctx.handle.db,
      sql`select kind, delta, date::text as date from ckd_movements where produced_record_id = ${made.id}`,
    );
    expect(movements).toEqual([{ kind: 'produced', delta: 12, date: today }]);
    const [daily] = await queryRows<{ produced: number }>(
      ctx.handle.db,
      sql`select produced from ckd_daily where factory_id = ${plant.id} and category_id = ${kit.id} and day = ${today}`,
    );
    expect(daily?.produced).toBeGreaterThanOrEqual(12);
    const [audit] = await auditRows(ctx.handle.db, 'create', made.id);
    expect(audit?.recordType).toBe('ckd_produced_record');
    expect(audit?.after).toMatchObject({ quantity: 12, steelUsed: [{ quantity: 1.5 }, { quantity: 30 }] });
  });

  it('records a category without steel usage (kits only) and fractional per-kit steel to the gram', async () => {
    const plain = await makeCkdCategory(ctx.handle.db);
    const res = await post(record({ categoryId: plain.id, quantity: 3 }), admin);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<ProducedRecord>().steelUsed).toEqual([]);
    expect(await kitsAt(plant.id, plain.id)).toBe(3);

    const fine = await makeCkdCategory(ctx.handle.db, {
      usage: [{ steelCategoryId: sheet.id, quantityPerKit: 0.333 }],
    });
    const before = await steelStock(otherPlant.id, sheet.id);
    const made = await post(record({ factoryId: otherPlant.id, categoryId: fine.id, quantity: 7 }), seniorSupervisor);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json<ProducedRecord>().steelUsed[0]?.quantity).toBe(2.331);
    expect(await steelStock(otherPlant.id, sheet.id)).toBeCloseTo(before - 2.331, 6);
  });

  it('refuses when steel is short: 409 naming each short steel category, and nothing is written', async () => {
    const sheetLeft = await steelStock(plant.id, sheet.id);
    const rodLeft = await steelStock(plant.id, rod.id);
    const kits = Math.floor(sheetLeft / 2.5) + 80;
    const before = await snapshot();
    const res = await post(record({ quantity: kits }), admin);
    expect(res.statusCode).toBe(409);
    const body = res.json<ErrorBody>();
    expect(body.error.message).toBe(
      `Not enough steel at ${plant.code} to make ${kits.toLocaleString('en-US')} Jiko Poa Standard kits: record the steel received on Steel Records first, or make fewer kits.`,
    );
    expect(body.error.details?.problems).toEqual(
      expect.arrayContaining([
        {
          code: `Sheet 1.2 mm at ${plant.code}`,
          reason: `Not enough steel: ${sheetLeft} kg in stock, ${kits * 2.5} kg needed.`,
        },
        {
          code: `Rod 8 mm at ${plant.code}`,
          reason: `Not enough steel: ${rodLeft} sheets in stock, ${kits * 0.125} sheets needed.`,
        },
      ]),
    );
    expect(body.error.details?.problems).toHaveLength(2);
    expect(await snapshot()).toEqual(before);

    // Only the sheet short: one problem.
    const justSheet = Math.floor(sheetLeft / 2.5) + 1;
    const one = await post(record({ quantity: justSheet }), admin);
    expect(one.statusCode).toBe(409);
    expect(one.json<ErrorBody>().error.details?.problems?.map((p) => p.code)).toEqual([
      `Sheet 1.2 mm at ${plant.code}`,
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('takes the last of the steel exactly', async () => {
    const sheetLeft = await steelStock(plant.id, sheet.id);
    const exact = await makeCkdCategory(ctx.handle.db, {
      usage: [{ steelCategoryId: sheet.id, quantityPerKit: sheetLeft / 5 }],
    });
    const res = await post(record({ categoryId: exact.id, quantity: 5 }), admin);
    expect(res.statusCode, res.body).toBe(201);
    expect(await steelStock(plant.id, sheet.id)).toBe(0);
  });

  it('refuses bad input with 400 and the field, and writes nothing', async () => {
    const inactive = await makeCkdCategory(ctx.handle.db);
    await ctx.handle.db.update(ckdCategories).set({ active: false }).where(eq(ckdCategories.id, inactive.id));
    const tomorrow = addDays(latestDayOnEarth(new Date()), 1);
    const before = await snapshot();
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ date: tomorrow }, 'date', 'date: The date cannot be in the future'],
      [{ date: '2026-02-30' }, 'date'],
      [{ date: '1999-12-31' }, 'date'],
      [{ date: '' }, 'date'],
      [{ quantity: 0 }, 'quantity'],
      [{ quantity: 2.5 }, 'quantity'],
      [{ quantity: 100_001 }, 'quantity'],
      [{ factoryId: 'nope' }, 'factoryId'],
      [{ categoryId: undefined }, 'categoryId'],
      [{ note: 'x'.repeat(1001) }, 'note'],
      [
        { factoryId: assembly.id },
        'factoryId',
        `Factory ${assembly.code} is an assembly factory: kits are produced at a plant. Choose a plant.`,
      ],
      [
        { factoryId: '00000000-0000-4000-8000-000000000000' },
        'factoryId',
        'This factory does not exist. Choose a plant.',
      ],
      [
        { categoryId: inactive.id },
        'categoryId',
        `${inactive.name} is deactivated. Reactivate it on CKD Categories, or choose another.`,
      ],
      [
        { categoryId: '00000000-0000-4000-8000-000000000000' },
        'categoryId',
        'This CKD category does not exist. Choose another one.',
      ],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await post(record(overrides), admin);
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      const body = res.json<ErrorBody>();
      expect(Object.keys(body.error.details?.fieldErrors ?? {}), JSON.stringify(overrides)).toContain(field);
      if (message) expect(body.error.message).toBe(message);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('is refused without produced-ckd-records (403), writing nothing', async () => {
    const before = await snapshot();
    const res = await post(record(), factoryManager);
    expect(res.statusCode).toBe(403);
    expect((await get('/api/ckd/produced-records', factoryManager)).statusCode).toBe(403);
    expect((await get('/api/ckd/produced-records/export.csv', factoryManager)).statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});

describe('list, export and scope', () => {
  it('filters by factory, category and dates, searches a number, pages, and exports the same rows', async () => {
    const other = await makeCkdCategory(ctx.handle.db, { usage: [{ steelCategoryId: sheet.id, quantityPerKit: 1 }] });
    const days = [addDays(today, -10), addDays(today, -5), addDays(today, -1)];
    const made: ProducedRecord[] = [];
    for (const date of days) {
      const res = await post(record({ factoryId: otherPlant.id, categoryId: other.id, date, quantity: 2 }), admin);
      expect(res.statusCode, res.body).toBe(201);
      made.push(res.json<ProducedRecord>());
    }
    const query = `factoryId=${otherPlant.id}&categoryId=${other.id}`;
    const all = (await get(`/api/ckd/produced-records?${query}`, admin)).json<ListResponse<ProducedRecord>>();
    expect(all.items.map((r) => r.date)).toEqual([...days].reverse());
    expect(all.total).toBe(3);

    // Records of one day keep the order they were written in, across pages too.
    const sameDay = await makeCkdCategory(ctx.handle.db);
    const numbers: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await post(
        record({ factoryId: otherPlant.id, categoryId: sameDay.id, date: days[0], quantity: 1 }),
        admin,
      );
      numbers.push(res.json<ProducedRecord>().number);
    }
    const walked = await walkList<ProducedRecord>(
      ctx,
      '/api/ckd/produced-records',
      { categoryId: sameDay.id },
      admin.cookie,
    );
    expect(walked.items.map((r) => r.number)).toEqual([...numbers].reverse());
    const ascending = await walkList<ProducedRecord>(
      ctx,
      '/api/ckd/produced-records',
      { categoryId: sameDay.id, dir: 'asc' },
      admin.cookie,
    );
    expect(ascending.items.map((r) => r.number)).toEqual(numbers);
    const ranged = (
      await get(`/api/ckd/produced-records?${query}&from=${days[1]}&to=${days[2]}&sort=date&dir=asc`, admin)
    ).json<ListResponse<ProducedRecord>>();
    expect(ranged.items.map((r) => r.id)).toEqual([made[1]?.id, made[2]?.id]);
    const page1 = (await get(`/api/ckd/produced-records?${query}&limit=2`, admin)).json<ListResponse<ProducedRecord>>();
    const page2 = (
      await get(`/api/ckd/produced-records?${query}&limit=2&cursor=${page1.nextCursor ?? ''}`, admin)
    ).json<ListResponse<ProducedRecord>>();
    expect([...page1.items, ...page2.items].map((r) => r.id)).toEqual([made[2]?.id, made[1]?.id, made[0]?.id]);
    const label = `PK-${String(made[0]?.number).padStart(6, '0')}`;
    const found = (await get(`/api/ckd/produced-records?q=${label}`, admin)).json<ListResponse<ProducedRecord>>();
    expect(found.items.map((r) => r.id)).toEqual([made[0]?.id]);
    const none = (await get('/api/ckd/produced-records?q=hello', admin)).json<ListResponse<ProducedRecord>>();
    expect(none.total).toBe(0);
    expect((await get('/api/ckd/produced-records?from=2026-13-01', admin)).statusCode).toBe(400);
    expect((await get('/api/ckd/produced-records?factoryId=nope', admin)).statusCode).toBe(400);

    const csv = await get(`/api/ckd/produced-records/export.csv?${query}&sort=date&dir=asc`, admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = parseCsv(csv.body);
    expect(rows[0]?.fields).toEqual([
      'Number',
      'Date',
      'Factory',
      'Factory code',
      'Category',
      'Category code',
      'Kits',
      'Steel used',
      'Note',
      'Recorded by',
      'Recorded at',
    ]);
    expect(rows.slice(1).map((r) => r.fields[1])).toEqual(days);
    expect(rows[1]?.fields[7]).toBe('Sheet 1.2 mm: 2 kg');
  });

  it('keeps a factory-scoped recorder on their own plant', async () => {
    await giveSteel(ctx.handle.db, { factoryId: plant.id, categoryId: sheet.id, quantity: 10 });
    const own = await post(record({ quantity: 1 }), scopedRecorder);
    expect(own.statusCode, own.body).toBe(201);
    const before = await snapshot();
    const elsewhere = await post(record({ factoryId: otherPlant.id, quantity: 1 }), scopedRecorder);
    expect(elsewhere.statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
    const list = (await get(`/api/ckd/produced-records?factoryId=${otherPlant.id}&limit=200`, scopedRecorder)).json<
      ListResponse<ProducedRecord>
    >();
    expect(list.items.length).toBeGreaterThan(0);
    expect(new Set(list.items.map((r) => r.factory.id))).toEqual(new Set([plant.id]));
    const csv = await get('/api/ckd/produced-records/export.csv', scopedRecorder);
    expect(csv.body).not.toContain(otherPlant.code);
  });
});
