/**
 * The carbon programme's records (issue 26, slices 2 and 3). Proves: the sales record of a period
 * holds every stove whose first handover (first sale not canceled) is in it, and only those (a
 * stove returned and sold again stays in its first period, flagged returned; a canceled sale is no
 * handover); its end user and location, what is missing and the filter listing them; paging, sort,
 * search; the counts by month and model; the CSV and XLSX exports (the workbook unzipped and read
 * back); the age cohorts (returned stoves out of the field, cumulative) and their CSV; 400 for bad
 * periods and cursors; factory scope; 401 signed out and 403 for every group without
 * carbon-programme. The table's arithmetic: carbon-record-rules.test.ts.
 */
import { inflateRawSync, crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarbonCohorts, SalesRecordItem, SalesRecordSummary } from '../../../common/contracts/carbon-records';
import type { ListResponse } from '../../../common/contracts/list';
import type { SalesOrderDetail } from '../../../common/contracts/sales-orders';
import { parseCsv } from '../../../common/csv';
import { queryRows } from '../../db/client';
import { expectForbiddenToGroupsWithout } from '../../test/groups';
import { makeCkdCategory } from '../../test/production';
import { makeCustomer } from '../../test/sales-lines';
import { makeSalesCategory, makeSalesPackage, setSalesPrice } from '../../test/sales';
import { makeStoveIds } from '../../test/stove-ids';
import { createTestContext, type ErrorBody, type SignedInUser, type TestContext } from '../../test/test-app';
import { sql } from 'drizzle-orm';

let ctx: TestContext;
let A: { id: string; code: string };
let B: { id: string; code: string };
let admin: SignedInUser;
let scopedA: SignedInUser;
let category: { id: string };
let pkg: { id: string; ckdCategoryId: string };
let distributor: { id: string };
let household: { id: string };

/** What the tests sold: by name. */
const sold: Record<string, string[]> = {};

const post = (url: string, payload: unknown, user: SignedInUser) =>
  ctx.request({ method: 'POST', url, payload: payload as Record<string, unknown>, cookie: user.cookie });
const get = (url: string, user: SignedInUser) => ctx.request({ method: 'GET', url, cookie: user.cookie });

async function sell(
  customerId: string,
  codes: string[],
  date: string,
  factoryId: string,
  buyerLocation: string | null = 'Nyalenda',
): Promise<SalesOrderDetail> {
  const res = await post(
    '/api/sales/orders',
    {
      date,
      factoryId,
      customerId,
      categoryId: category.id,
      lines: [{ packageId: pkg.id, quantity: codes.length }],
      codes,
      buyerName: 'Achieng Otieno',
      buyerLocation,
    },
    admin,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<SalesOrderDetail>();
}

const made = async (factoryId: string, count: number) =>
  (await makeStoveIds(ctx.handle.db, { factoryId, count, status: 'validated', model: pkg.ckdCategoryId })).codes;

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.handle.db;
  A = await ctx.makeFactory();
  B = await ctx.makeFactory();
  category = await makeSalesCategory(db);
  const model = await makeCkdCategory(db, { code: 'JIKO', name: 'Jiko Bora' });
  pkg = await makeSalesPackage(db, { ckdCategoryId: model.id });
  await setSalesPrice(db, { packageId: pkg.id, categoryId: category.id, unitPrice: 3500, effectiveFrom: '2024-01-01' });
  distributor = await makeCustomer(db, { name: 'Lakeside Distributors', type: 'distributor' });
  household = await makeCustomer(db, { name: 'Walk-in customer', type: 'individual' });
  await db.execute(
    sql`insert into group_permissions (group_name, component) values ('Sales Manager', 'carbon-programme') on conflict do nothing`,
  );
  admin = await ctx.signedInAs(['Admin']);
  scopedA = await ctx.signedInAs(['Sales Manager'], { factoryId: A.id });

  // Q1 2025 at A: 3 stoves to a distributor (no end user), 2 sold directly (buyer registered, with a place).
  sold.distributorQ1 = await made(A.id, 3);
  const toDistributor = await sell(distributor.id, sold.distributorQ1, '2025-01-15', A.id);
  // One of them returned without an end user: not missing one (nothing can be registered under that sale).
  const back = sold.distributorQ1.pop() ?? '';
  sold.returnedQ1 = [back];
  expect(
    (await post(`/api/sales/orders/${toDistributor.id}/returns`, { codes: [back], reason: 'Unsold' }, admin))
      .statusCode,
  ).toBe(201);
  sold.directQ1 = await made(A.id, 2);
  const direct = await sell(household.id, sold.directQ1, '2025-02-20', A.id);
  // One of them returned and sold again in Q2: it stays in Q1, flagged returned.
  const [again] = sold.directQ1 as [string];
  expect(
    (await post(`/api/sales/orders/${direct.id}/returns`, { codes: [again], reason: 'Cracked' }, admin)).statusCode,
  ).toBe(201);
  await sell(household.id, [again], '2025-04-10', A.id);
  // Canceled in Q1, sold in Q2: its first handover is in Q2.
  sold.canceledQ1 = await made(A.id, 1);
  const canceled = await sell(distributor.id, sold.canceledQ1, '2025-03-05', A.id);
  expect((await post(`/api/sales/orders/${canceled.id}/cancel`, { reason: 'Wrong customer' }, admin)).statusCode).toBe(
    200,
  );
  await sell(distributor.id, sold.canceledQ1, '2025-05-02', A.id);
  // A distributor's stove registered without a place: it lacks a location only.
  sold.registeredQ1 = await made(A.id, 1);
  await sell(distributor.id, sold.registeredQ1, '2025-03-31', A.id);
  const reg = await post(
    '/api/carbon/end-users',
    { code: sold.registeredQ1[0], name: 'Mama Njeri', handoverDate: '2025-04-02' },
    admin,
  );
  expect(reg.statusCode, reg.body).toBe(201);
  // Q1 2025 at B: 2 stoves.
  // Carried over without a stove report: their model is their order's.
  sold.b = (await makeStoveIds(db, { factoryId: B.id, count: 2, status: 'validated' })).codes;
  await sell(distributor.id, sold.b, '2025-03-01', B.id);
});
afterAll(async () => {
  await ctx.close();
});

const Q1 = 'from=2025-01-01&to=2025-03-31';
const list = async (query: string, user = admin) => {
  const res = await get(`/api/carbon/sales-record?${query}`, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListResponse<SalesRecordItem>>();
};

describe('the sales record of a period', () => {
  it('lists the stoves first handed over in the period, by sale date, with the end user and the status now', async () => {
    const page = await list(`${Q1}&limit=100`);
    const codes = page.items.map((i) => i.code);
    expect(page.total).toBe(8);
    expect(new Set(codes)).toEqual(
      new Set([...sold.distributorQ1!, ...sold.returnedQ1!, ...sold.directQ1!, ...sold.registeredQ1!, ...sold.b!]),
    );
    expect(page.items.map((i) => i.saleDate)).toEqual([...page.items.map((i) => i.saleDate)].sort());
    const returned = page.items.find((i) => i.code === sold.directQ1![0]);
    expect(returned).toMatchObject({
      saleDate: '2025-02-20',
      status: 'sold',
      returned: true,
      model: 'Jiko Bora',
      partner: { name: 'Walk-in customer', type: 'individual' },
      endUser: { name: 'Achieng Otieno', village: 'Nyalenda', handoverDate: '2025-02-20' },
    });
    expect(page.items.find((i) => i.code === sold.distributorQ1![0])).toMatchObject({
      returned: false,
      endUser: null,
      factory: { id: A.id },
    });
    expect(page.items[0]?.order.label).toMatch(/^SO-\d{6}$/);
    // The canceled sale was no handover: the stove is in Q2, with its second sale.
    const q2 = await list('from=2025-04-01&to=2025-06-30');
    expect(q2.items.map((i) => [i.code, i.saleDate])).toEqual([[sold.canceledQ1![0], '2025-05-02']]);
  });

  it('the period bounds are days, both included', async () => {
    const day = await list('from=2025-03-31&to=2025-03-31');
    expect(day.items.map((i) => i.code)).toEqual(sold.registeredQ1);
    expect((await list('from=2025-01-16&to=2025-02-19')).items).toEqual([]);
  });

  it('lists what is missing: no end user, or no location (of the stoves not returned)', async () => {
    const noEndUser = await list(`${Q1}&missing=endUser`);
    expect(new Set(noEndUser.items.map((i) => i.code))).toEqual(new Set([...sold.distributorQ1!, ...sold.b!]));
    const noLocation = await list(`${Q1}&missing=location`);
    expect(new Set(noLocation.items.map((i) => i.code))).toEqual(
      new Set([...sold.distributorQ1!, ...sold.b!, ...sold.registeredQ1!]),
    );
    const found = await list(`${Q1}&q=njeri`);
    expect(found.items.map((i) => i.code)).toEqual(sold.registeredQ1);
  });

  it('pages with a cursor and sorts by stove ID', async () => {
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: ListResponse<SalesRecordItem> = await list(
        `${Q1}&sort=code&dir=desc&limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...page.items.map((i) => i.code));
      cursor = page.nextCursor;
    }
    expect(seen).toHaveLength(8);
    expect(seen).toContain(sold.returnedQ1![0]);
    expect(seen).toEqual([...seen].sort().reverse());
  });

  it('counts by month and by model, the returned and what is missing', async () => {
    const res = await get(`/api/carbon/sales-record/summary?${Q1}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SalesRecordSummary>()).toEqual({
      total: 8,
      returned: 2,
      missingEndUser: 4,
      missingLocation: 5,
      byMonth: [
        { month: '2025-01', quantity: 3 },
        { month: '2025-02', quantity: 2 },
        { month: '2025-03', quantity: 3 },
      ],
      byModel: [{ model: 'Jiko Bora', quantity: 8 }],
    });
  });

  it('a factory-scoped user sees their own factory’s sales only', async () => {
    const mine = await list(`${Q1}&factoryId=${B.id}`, scopedA);
    expect(mine.total).toBe(6);
    expect(mine.items.every((i) => i.factory.id === A.id)).toBe(true);
    const summary = (await get(`/api/carbon/sales-record/summary?${Q1}`, scopedA)).json<SalesRecordSummary>();
    expect(summary.total).toBe(6);
    const csv = parseCsv((await get(`/api/carbon/sales-record/export.csv?${Q1}`, scopedA)).body);
    expect(csv).toHaveLength(7);
    expect((await list(`${Q1}&factoryId=${B.id}`)).total).toBe(2);
  });

  it('answers 400 for a bad period or cursor', async () => {
    for (const query of [
      'from=2025-03-31&to=2025-01-01',
      'from=2025-01-01',
      'to=2025-01-01',
      'from=2025-02-30&to=2025-03-01',
      'from=yesterday&to=2025-03-01',
      'from=2010-01-01&to=2025-01-01',
      `${Q1}&missing=phone`,
      `${Q1}&cursor=abc`,
    ]) {
      const res = await get(`/api/carbon/sales-record?${query}`, admin);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<ErrorBody>().error.message, query).toBeTruthy();
    }
    const backwards = await get('/api/carbon/sales-record/summary?from=2025-03-31&to=2025-01-01', admin);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json<ErrorBody>().error.details?.fieldErrors?.to).toEqual(['The last day is before the first']);
    expect((await get('/api/carbon/sales-record/export.csv?from=2025-03-31', admin)).statusCode).toBe(400);
    expect((await get('/api/carbon/sales-record/export.xlsx?to=2025-03-31', admin)).statusCode).toBe(400);
  });
});

/** The files of a ZIP archive, read through its central directory (CRCs checked). */
function unzip(zip: Buffer): Map<string, string> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const crc = zip.readUInt32LE(at + 16);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = inflateRawSync(zip.subarray(dataStart, dataStart + compressed));
    expect(crc32(data), name).toBe(crc);
    files.set(name, data.toString('utf8'));
    at += 46 + nameLength;
  }
  return files;
}

describe('the exports', () => {
  it('CSV: the columns, the filtered stoves in order', async () => {
    const res = await get(`/api/carbon/sales-record/export.csv?${Q1}&missing=location&sort=code`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="sales-record.csv"');
    const rows = parseCsv(res.body).map((r) => r.fields);
    expect(rows[0]).toEqual([
      'Stove ID',
      'Model',
      'Factory',
      'Sale date',
      'Order',
      'Partner',
      'End user type',
      'End user',
      'Phone',
      'County',
      'Sub-county',
      'Village',
      'Latitude',
      'Longitude',
      'Handover date',
      'Status now',
      'Returned',
    ]);
    const codes = rows.slice(1).map((r) => r[0]);
    expect(codes).toEqual([...sold.distributorQ1!, ...sold.b!, ...sold.registeredQ1!].sort());
    const njeri = rows.find((r) => r[0] === sold.registeredQ1![0]);
    expect(njeri?.slice(3, 8)).toEqual([
      '2025-03-31',
      expect.stringMatching(/^SO-/),
      'Lakeside Distributors',
      'Household',
      'Mama Njeri',
    ]);
    expect(njeri?.slice(14)).toEqual(['2025-04-02', 'Sold', 'No']);
  });

  it('XLSX: a workbook of one sheet, header row bold, a row per stove', async () => {
    const res = await get(`/api/carbon/sales-record/export.xlsx?${Q1}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="sales-record.xlsx"');
    const files = unzip(res.rawPayload);
    expect([...files.keys()]).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    expect(files.get('xl/workbook.xml')).toContain('<sheet name="Sales record"');
    const sheet = files.get('xl/worksheets/sheet1.xml') ?? '';
    const rows = sheet.match(/<row>.*?<\/row>/g) ?? [];
    expect(rows).toHaveLength(9);
    expect(rows[0]).toContain('<c s="1" t="inlineStr"><is><t xml:space="preserve">Stove ID</t></is></c>');
    for (const code of [...sold.distributorQ1!, ...sold.b!]) expect(sheet).toContain(`>${code}<`);
    expect(sheet).toContain('>Walk-in customer<');
  });
});

describe('age cohorts', () => {
  it('counts each stove once, in the month of its first handover; returned and not sold again is out of the field', async () => {
    // A stove of Q1 returned and not sold again.
    const [order] = await queryRows<{ id: string }>(
      ctx.handle.db,
      sql`select so.id from sales_orders so join sales_order_items i on i.order_id = so.id
           join stove_ids si on si.id = i.stove_id_id where si.code = ${sold.b![0]!}`,
    );
    const ret = await post(`/api/sales/orders/${order!.id}/returns`, { codes: [sold.b![0]], reason: 'Unused' }, admin);
    expect(ret.statusCode, ret.body).toBe(201);

    const res = await get('/api/carbon/cohorts', admin);
    expect(res.statusCode, res.body).toBe(200);
    const cohorts = res.json<CarbonCohorts>();
    expect(cohorts.months).toEqual([
      { year: 2025, month: 1, handedOver: 3, returned: 1, inField: 2, cumulative: 2 },
      { year: 2025, month: 2, handedOver: 2, returned: 0, inField: 2, cumulative: 4 },
      { year: 2025, month: 3, handedOver: 3, returned: 1, inField: 2, cumulative: 6 },
      { year: 2025, month: 4, handedOver: 0, returned: 0, inField: 0, cumulative: 6 },
      { year: 2025, month: 5, handedOver: 1, returned: 0, inField: 1, cumulative: 7 },
    ]);
    expect(cohorts.years).toEqual([{ year: 2025, handedOver: 9, returned: 2, inField: 7, cumulative: 7 }]);

    const mine = (await get(`/api/carbon/cohorts?factoryId=${B.id}`, scopedA)).json<CarbonCohorts>();
    expect(mine.years).toEqual([{ year: 2025, handedOver: 7, returned: 1, inField: 6, cumulative: 6 }]);

    const csv = await get(`/api/carbon/cohorts/export.csv?factoryId=${B.id}`, admin);
    expect(csv.statusCode).toBe(200);
    expect(parseCsv(csv.body).map((r) => r.fields)).toEqual([
      ['Year', 'Month', 'Handed over', 'Returned', 'In the field', 'Cumulative in the field'],
      ['2025', 'March', '2', '1', '1', '1'],
    ]);
    expect((await get('/api/carbon/cohorts?factoryId=nope', admin)).statusCode).toBe(400);
  });
});

describe('authorization', () => {
  const endpoints = [
    `/api/carbon/sales-record?${Q1}`,
    `/api/carbon/sales-record/summary?${Q1}`,
    `/api/carbon/sales-record/export.csv?${Q1}`,
    `/api/carbon/sales-record/export.xlsx?${Q1}`,
    '/api/carbon/cohorts',
    '/api/carbon/cohorts/export.csv',
  ];

  it('answers 401 signed out', async () => {
    for (const url of endpoints) expect((await ctx.request({ method: 'GET', url })).statusCode, url).toBe(401);
  });

  it('answers 403 to every group without carbon-programme (default access, a database of its own)', async () => {
    await expectForbiddenToGroupsWithout(
      'carbon-programme',
      8,
      endpoints.map((url) => ({ method: 'GET' as const, url })),
    );
  });
});
