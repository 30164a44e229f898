/**
 * Sales Report (DOMAIN.md §4 "Sales"). Orders are written straight into sales_orders and
 * sales_order_lines on chosen days (test/sales-lines), then the report is read over the API.
 * Proves: figures by each of the five groupings; day, ISO week (a Sunday and the Monday after are
 * two weeks) and month periods; canceled lines left out; each filter; factory scope; a row per
 * currency and totals per currency; empty periods; lines without a seller; the CSV; 400s; 403s;
 * returns netted on the return note's day (test/sales-lines recordReturn), a canceled order's not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SALES_REPORT_NO_SELLER, type SalesReport } from '../../../common/contracts/sales-orders';
import { parseCsv } from '../../../common/csv';
import { groupsWith, groupsWithout } from '../../test/groups';
import { makeSalesCategory, makeSalesPackage, type MadeSalesRecord } from '../../test/sales';
import { makeCustomer, recordReturn, recordSale } from '../../test/sales-lines';
import { createTestContext, type ErrorBody, type TestContext } from '../../test/test-app';

interface User {
  cookie: string;
  id: string;
}

let ctx: TestContext;
let A: { id: string; code: string };
let B: { id: string; code: string };
let single: MadeSalesRecord;
let pack: MadeSalesRecord;
let retail: MadeSalesRecord;
let wholesale: MadeSalesRecord;
let shop: { id: string; name: string };
let school: { id: string; name: string };
let admin: User;
let sellerA: User;
let seniorSeller: User;
let managerA: User;
let noFactory: User;

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.handle.db;
  A = await ctx.makeFactory({ code: 'ARPT' });
  B = await ctx.makeFactory({ code: 'BRPT' });
  single = await makeSalesPackage(db, { code: 'SGL-RPT', name: 'Single stove', stovesPerPackage: 1 });
  pack = await makeSalesPackage(db, { code: 'PK10-RPT', name: 'Ten pack', stovesPerPackage: 10 });
  retail = await makeSalesCategory(db, { code: 'RET-RPT', name: 'Retail report' });
  wholesale = await makeSalesCategory(db, { code: 'WHS-RPT', name: 'Wholesale report' });
  shop = await makeCustomer(db, { name: 'Mama Shop' });
  school = await makeCustomer(db, { name: 'Hill School', type: 'institution' });
  admin = await ctx.signedInAs(['Admin']);
  const seller = await ctx.makeUser(['Sales Officer'], { factoryId: A.id, name: 'Amina Seller' });
  sellerA = { id: seller.id, cookie: '' };
  const senior = await ctx.makeUser(['Senior Sales Manager'], { name: 'Baraka Senior' });
  seniorSeller = { id: senior.id, cookie: await ctx.signIn(senior.email) };
  managerA = await ctx.signedInAs(['Sales Manager'], { factoryId: A.id });
  noFactory = await ctx.signedInAs(['Sales Manager'], { factoryId: null });

  const sale = (
    s: Omit<Parameters<typeof recordSale>[1], 'lines'> & { lines: Parameters<typeof recordSale>[1]['lines'] },
  ) => recordSale(db, s);
  // Sunday 2 March 2025, factory A: 3 singles at 3,500.
  await sale({
    date: '2025-03-02',
    factoryId: A.id,
    customerId: shop.id,
    categoryId: retail.id,
    sellerId: sellerA.id,
    lines: [{ packageId: single.id, quantity: 3, unitPrice: 3500 }],
  });
  // Monday 3 March, A: 2 ten-packs at 30,000 and a single at 3,100 (24 stoves, 63,100 KES).
  await sale({
    date: '2025-03-03',
    factoryId: A.id,
    customerId: school.id,
    categoryId: wholesale.id,
    sellerId: sellerA.id,
    lines: [
      { packageId: pack.id, quantity: 2, unitPrice: 30_000, stovesPerPackage: 10 },
      { packageId: single.id, quantity: 1, unitPrice: 3100 },
    ],
  });
  // Monday 3 March, B: 4 singles at 27.50 USD.
  await sale({
    date: '2025-03-03',
    factoryId: B.id,
    customerId: shop.id,
    categoryId: retail.id,
    sellerId: seniorSeller.id,
    currency: 'USD',
    lines: [{ packageId: single.id, quantity: 4, unitPrice: 27.5 }],
  });
  // Canceled, 3 March, A: 100 singles, never counted.
  await sale({
    date: '2025-03-03',
    factoryId: A.id,
    customerId: shop.id,
    categoryId: retail.id,
    sellerId: sellerA.id,
    canceled: true,
    lines: [{ packageId: single.id, quantity: 100, unitPrice: 1 }],
  });
  // 15 April, B: 5 singles at 3,000 KES.
  await sale({
    date: '2025-04-15',
    factoryId: B.id,
    customerId: school.id,
    categoryId: wholesale.id,
    sellerId: seniorSeller.id,
    lines: [{ packageId: single.id, quantity: 5, unitPrice: 3000 }],
  });
  // 20 April, A: 2 singles at 30 USD (A sells in two currencies).
  await sale({
    date: '2025-04-20',
    factoryId: A.id,
    customerId: shop.id,
    categoryId: retail.id,
    sellerId: sellerA.id,
    currency: 'USD',
    lines: [{ packageId: single.id, quantity: 2, unitPrice: 30 }],
  });
  // Outside March–April: the last day before and the first after.
  for (const date of ['2025-02-28', '2025-05-01'])
    await sale({
      date,
      factoryId: A.id,
      customerId: shop.id,
      categoryId: retail.id,
      sellerId: sellerA.id,
      lines: [{ packageId: single.id, quantity: 7, unitPrice: 1000 }],
    });
  // June, B: an order recorded without a seller.
  await sale({
    date: '2025-06-10',
    factoryId: B.id,
    customerId: school.id,
    categoryId: wholesale.id,
    sellerId: null,
    lines: [{ packageId: single.id, quantity: 1, unitPrice: 3000 }],
  });
}, 60_000);
afterAll(async () => {
  await ctx.close();
});

const get = (url: string, user: { cookie: string }) => ctx.request({ method: 'GET', url, cookie: user.cookie });

async function report(query: string, user: { cookie: string } = admin): Promise<SalesReport> {
  const res = await get(`/api/sales/report?${query}`, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SalesReport>();
}

/** The rows as "period key currency: packages/stoves/revenue", in the report's order. */
const cells = (r: SalesReport) =>
  r.rows.map((row) => `${row.period} ${row.key} ${row.currency}: ${row.packages}/${row.stoves}/${row.revenue}`);

const SPRING = 'from=2025-03-01&to=2025-04-30';

describe('GET /api/sales/report', () => {
  it('sums packages, stoves and revenue per month × factory × currency, with totals per currency', async () => {
    const r = await report(`${SPRING}&period=month&groupBy=factory`);
    expect(r).toMatchObject({ from: '2025-03-01', to: '2025-04-30', period: 'month', groupBy: 'factory' });
    expect(r.periods).toEqual(['2025-03-01', '2025-04-01']);
    // A: 26 stoves, B: 9: biggest first, with their names and codes.
    expect(r.groups).toEqual([
      { key: A.id, label: `Factory ${A.code}`, code: A.code },
      { key: B.id, label: `Factory ${B.code}`, code: B.code },
    ]);
    expect(cells(r)).toEqual([
      `2025-03-01 ${A.id} KES: 6/24/73600`,
      `2025-03-01 ${B.id} USD: 4/4/110`,
      `2025-04-01 ${A.id} USD: 2/2/60`,
      `2025-04-01 ${B.id} KES: 5/5/15000`,
    ]);
    expect(r.totals).toEqual({
      packages: 17,
      stoves: 35,
      // KES first: most stoves.
      revenue: [
        { currency: 'KES', amount: 88_600 },
        { currency: 'USD', amount: 170 },
      ],
      returned: { stoves: 0, credit: [] },
    });
    expect(r.filters).toEqual({ customer: null, seller: null });
  });

  it('defaults to month and factory', async () => {
    const r = await report(SPRING);
    expect(r.period).toBe('month');
    expect(r.groupBy).toBe('factory');
    expect(r.rows).toHaveLength(4);
  });

  it('puts a Sunday and the Monday after it in two ISO weeks, each starting on its Monday', async () => {
    const r = await report('from=2025-03-01&to=2025-03-09&period=week&groupBy=factory');
    // 1 March is a Saturday: its week began on Monday 24 February.
    expect(r.periods).toEqual(['2025-02-24', '2025-03-03']);
    expect(cells(r)).toEqual([
      `2025-02-24 ${A.id} KES: 3/3/10500`,
      `2025-03-03 ${A.id} KES: 3/21/63100`,
      `2025-03-03 ${B.id} USD: 4/4/110`,
    ]);
    // A week across New Year starts in the old year.
    expect((await report('from=2025-01-01&to=2025-01-12&period=week')).periods).toEqual(['2024-12-30', '2025-01-06']);
  });

  it('lists every day by day, the empty ones too, with only the non-empty cells', async () => {
    const r = await report('from=2025-03-01&to=2025-03-04&period=day&groupBy=factory');
    expect(r.periods).toEqual(['2025-03-01', '2025-03-02', '2025-03-03', '2025-03-04']);
    expect(cells(r)).toEqual([
      `2025-03-02 ${A.id} KES: 3/3/10500`,
      `2025-03-03 ${A.id} KES: 3/21/63100`,
      `2025-03-03 ${B.id} USD: 4/4/110`,
    ]);
  });

  it('leaves canceled orders out', async () => {
    const r = await report('from=2025-03-03&to=2025-03-03&period=day&groupBy=package');
    // The canceled order's 100 singles are not there: 1 single at A, 4 at B.
    expect(r.groups.map((g) => g.code)).toEqual(['PK10-RPT', 'SGL-RPT']);
    expect(r.totals.packages).toBe(7);
    expect(r.totals.stoves).toBe(25);
    expect(r.rows.some((row) => row.packages >= 100)).toBe(false);
  });

  it('groups by package, with codes', async () => {
    const r = await report(`${SPRING}&groupBy=package`);
    expect(r.groups).toEqual([
      { key: pack.id, label: 'Ten pack', code: 'PK10-RPT' },
      { key: single.id, label: 'Single stove', code: 'SGL-RPT' },
    ]);
    expect(cells(r)).toEqual([
      `2025-03-01 ${pack.id} KES: 2/20/60000`,
      `2025-03-01 ${single.id} KES: 4/4/13600`,
      `2025-03-01 ${single.id} USD: 4/4/110`,
      `2025-04-01 ${single.id} KES: 5/5/15000`,
      `2025-04-01 ${single.id} USD: 2/2/60`,
    ]);
  });

  it('groups by sales category', async () => {
    const r = await report(`${SPRING}&groupBy=category`);
    expect(r.groups).toEqual([
      { key: wholesale.id, label: 'Wholesale report', code: 'WHS-RPT' },
      { key: retail.id, label: 'Retail report', code: 'RET-RPT' },
    ]);
    expect(cells(r)).toEqual([
      `2025-03-01 ${wholesale.id} KES: 3/21/63100`,
      `2025-03-01 ${retail.id} KES: 3/3/10500`,
      `2025-03-01 ${retail.id} USD: 4/4/110`,
      `2025-04-01 ${wholesale.id} KES: 5/5/15000`,
      `2025-04-01 ${retail.id} USD: 2/2/60`,
    ]);
  });

  it('groups by customer, named, without codes', async () => {
    const r = await report(`${SPRING}&groupBy=customer`);
    expect(r.groups).toEqual([
      { key: school.id, label: 'Hill School', code: null },
      { key: shop.id, label: 'Mama Shop', code: null },
    ]);
    expect(r.totals.stoves).toBe(35);
  });

  it('groups by seller (who made the order), and names lines without one', async () => {
    const r = await report(`${SPRING}&groupBy=seller`);
    expect(r.groups).toEqual([
      { key: sellerA.id, label: 'Amina Seller', code: null },
      { key: seniorSeller.id, label: 'Baraka Senior', code: null },
    ]);
    expect(cells(r)).toEqual([
      `2025-03-01 ${sellerA.id} KES: 6/24/73600`,
      `2025-03-01 ${seniorSeller.id} USD: 4/4/110`,
      `2025-04-01 ${sellerA.id} USD: 2/2/60`,
      `2025-04-01 ${seniorSeller.id} KES: 5/5/15000`,
    ]);
    const june = await report('from=2025-06-01&to=2025-06-30&groupBy=seller');
    expect(june.groups).toEqual([{ key: SALES_REPORT_NO_SELLER, label: 'No seller recorded', code: null }]);
    expect(cells(june)).toEqual([`2025-06-01 ${SALES_REPORT_NO_SELLER} KES: 1/1/3000`]);
  });

  it('filters by factory, package, category, customer and seller', async () => {
    const byFactory = await report(`${SPRING}&groupBy=package&factoryId=${B.id}`);
    expect(byFactory.totals).toEqual({
      packages: 9,
      stoves: 9,
      revenue: [
        { currency: 'KES', amount: 15_000 },
        { currency: 'USD', amount: 110 },
      ],
      returned: { stoves: 0, credit: [] },
    });
    const byPackage = await report(`${SPRING}&packageId=${pack.id}`);
    expect(cells(byPackage)).toEqual([`2025-03-01 ${A.id} KES: 2/20/60000`]);
    const byCategory = await report(`${SPRING}&categoryId=${retail.id}`);
    expect(byCategory.totals.stoves).toBe(3 + 4 + 2);
    const byCustomer = await report(`${SPRING}&customerId=${school.id}&groupBy=factory`);
    expect(cells(byCustomer)).toEqual([`2025-03-01 ${A.id} KES: 3/21/63100`, `2025-04-01 ${B.id} KES: 5/5/15000`]);
    expect(byCustomer.filters.customer).toEqual({ key: school.id, label: 'Hill School', code: null });
    const bySeller = await report(`${SPRING}&sellerId=${seniorSeller.id}&groupBy=customer`);
    expect(bySeller.totals.stoves).toBe(9);
    expect(bySeller.filters.seller).toEqual({ key: seniorSeller.id, label: 'Baraka Senior', code: null });
    const combined = await report(`${SPRING}&factoryId=${A.id}&customerId=${shop.id}&packageId=${single.id}`);
    expect(cells(combined)).toEqual([`2025-03-01 ${A.id} KES: 3/3/10500`, `2025-04-01 ${A.id} USD: 2/2/60`]);
  });

  it('answers an empty report for a period without sales', async () => {
    const r = await report('from=2024-01-01&to=2024-03-31&period=month');
    expect(r.periods).toEqual(['2024-01-01', '2024-02-01', '2024-03-01']);
    expect(r.groups).toEqual([]);
    expect(r.rows).toEqual([]);
    expect(r.totals).toEqual({ packages: 0, stoves: 0, revenue: [], returned: { stoves: 0, credit: [] } });
  });

  it("keeps a factory-scoped user on their factory's figures, whatever they ask", async () => {
    const own = await report(`${SPRING}&groupBy=factory`, managerA);
    expect(own.groups.map((g) => g.key)).toEqual([A.id]);
    expect(own.totals.stoves).toBe(26);
    const other = await report(`${SPRING}&groupBy=customer&factoryId=${B.id}`, managerA);
    expect(other.totals.stoves).toBe(26);
    expect(JSON.stringify(other)).not.toContain('"amount":15000');
    const none = await report(SPRING, noFactory);
    expect(none.rows).toEqual([]);
    expect(none.totals).toEqual({ packages: 0, stoves: 0, revenue: [], returned: { stoves: 0, credit: [] } });
    // A global user (Senior Sales Manager) sees every factory.
    expect((await report(SPRING, seniorSeller)).groups).toHaveLength(2);
  });

  it('refuses bad queries with a 400 that says what to change', async () => {
    const cases: [string, string, string][] = [
      ['from=2025-04-01&to=2025-03-01', 'to', 'The last day is before the first'],
      ['from=2021-01-01&to=2025-01-01', 'to', 'A report spans at most 3 years'],
      ['from=2024-01-01&to=2025-06-30&period=day', 'period', 'By day, a report spans at most a year'],
      ['from=2025-01-01&to=2025-01-31&period=year', 'period', 'Period must be day, week or month'],
      ['from=2025-01-01&to=2025-01-31&groupBy=region', 'groupBy', 'Group by one of'],
      ['from=2025-02-30&to=2025-03-31', 'from', 'Use a date like 2026-01-31'],
      ['to=2025-03-31', 'from', 'Choose the first day'],
      ['from=2025-01-01&to=2025-01-31&factoryId=nope', 'factoryId', 'Must be a valid id'],
    ];
    for (const [query, field, message] of cases) {
      for (const path of ['/api/sales/report', '/api/sales/report/export.csv']) {
        const res = await get(`${path}?${query}`, admin);
        expect(res.statusCode, `${path}?${query}`).toBe(400);
        const body = res.json<ErrorBody>();
        expect(body.error.code).toBe('VALIDATION_FAILED');
        expect(body.error.details?.fieldErrors?.[field]?.join(' '), query).toContain(message);
      }
    }
    // A year by day is fine; three years by month too.
    await report('from=2024-07-01&to=2025-06-30&period=day');
    await report('from=2022-07-02&to=2025-07-01&period=month');
  });

  it('refuses groups without the sales-report permission (403) and signed-out requests (401)', async () => {
    expect(groupsWith('sales-report')).toEqual(
      expect.arrayContaining(['Admin', 'Senior Sales Manager', 'Sales Manager']),
    );
    for (const group of groupsWithout('sales-report')) {
      const user = await ctx.signedInAs([group]);
      for (const path of ['/api/sales/report', '/api/sales/report/export.csv'])
        expect((await get(`${path}?${SPRING}`, user)).statusCode, `${group} ${path}`).toBe(403);
    }
    expect((await ctx.request({ method: 'GET', url: `/api/sales/report?${SPRING}` })).statusCode).toBe(401);
  });
});

describe('returns in the report', () => {
  let C: { id: string; code: string };

  beforeAll(async () => {
    const db = ctx.handle.db;
    C = await ctx.makeFactory({ code: 'CRPT' });
    const order = (date: string, canceled = false) =>
      recordSale(db, {
        date,
        factoryId: C.id,
        customerId: shop.id,
        categoryId: retail.id,
        sellerId: sellerA.id,
        canceled,
        lines: [{ packageId: single.id, quantity: 4, unitPrice: 3500 }],
      });
    // 10 September 2024: 4 singles; 1 returned on 20 September, 2 on 5 October.
    const sold = await order('2024-09-10');
    await recordReturn(db, { orderId: sold, date: '2024-09-20', stoves: 1, credit: 3500 });
    await recordReturn(db, { orderId: sold, date: '2024-10-05', stoves: 2, credit: 3500 });
    // A canceled order's return is not netted (its lines are out already).
    const canceled = await order('2024-09-12', true);
    await recordReturn(db, { orderId: canceled, date: '2024-09-15', stoves: 1, credit: 3500 });
  });

  const AUTUMN = 'from=2024-09-01&to=2024-10-31';

  it("nets returned stoves and credit on the return's day, and totals what was returned", async () => {
    const r = await report(`${AUTUMN}&factoryId=${C.id}`);
    expect(cells(r)).toEqual([`2024-09-01 ${C.id} KES: 4/3/10500`, `2024-10-01 ${C.id} KES: 0/-2/-7000`]);
    expect(r.totals).toEqual({
      packages: 4,
      stoves: 1,
      revenue: [{ currency: 'KES', amount: 3500 }],
      returned: { stoves: 3, credit: [{ currency: 'KES', amount: 10_500 }] },
    });
    const day = await report(`from=2024-09-20&to=2024-09-20&period=day&factoryId=${C.id}`);
    expect(cells(day)).toEqual([`2024-09-20 ${C.id} KES: 0/-1/-3500`]);
  });

  it('nets returns under the same groups and filters as the sales', async () => {
    const bySeller = await report(`${AUTUMN}&groupBy=seller&factoryId=${C.id}`);
    expect(cells(bySeller)).toEqual([
      `2024-09-01 ${sellerA.id} KES: 4/3/10500`,
      `2024-10-01 ${sellerA.id} KES: 0/-2/-7000`,
    ]);
    expect((await report(`${AUTUMN}&factoryId=${C.id}&packageId=${pack.id}`)).rows).toEqual([]);
    expect((await report(`${AUTUMN}&factoryId=${C.id}&customerId=${school.id}`)).rows).toEqual([]);
  });
});

describe('GET /api/sales/report/export.csv', () => {
  it('downloads one line per period × group × currency, with names, codes and money to the cent', async () => {
    const res = await get(`/api/sales/report/export.csv?${SPRING}&groupBy=package`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="sales-report-package-by-month-2025-03-01-to-2025-04-30.csv"',
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(parseCsv(res.body).map((r) => r.fields)).toEqual([
      ['Period', 'Group', 'Code', 'Currency', 'Packages', 'Stoves', 'Revenue'],
      ['2025-03-01', 'Ten pack', 'PK10-RPT', 'KES', '2', '20', '60000.00'],
      ['2025-03-01', 'Single stove', 'SGL-RPT', 'KES', '4', '4', '13600.00'],
      ['2025-03-01', 'Single stove', 'SGL-RPT', 'USD', '4', '4', '110.00'],
      ['2025-04-01', 'Single stove', 'SGL-RPT', 'KES', '5', '5', '15000.00'],
      ['2025-04-01', 'Single stove', 'SGL-RPT', 'USD', '2', '2', '60.00'],
    ]);
  });

  it('has no code for customers, and only the header when nothing was sold', async () => {
    const byCustomer = await get(
      `/api/sales/report/export.csv?from=2025-03-02&to=2025-03-02&period=day&groupBy=customer`,
      admin,
    );
    expect(parseCsv(byCustomer.body).map((r) => r.fields)).toEqual([
      ['Period', 'Group', 'Code', 'Currency', 'Packages', 'Stoves', 'Revenue'],
      ['2025-03-02', 'Mama Shop', '', 'KES', '3', '3', '10500.00'],
    ]);
    const empty = await get('/api/sales/report/export.csv?from=2024-01-01&to=2024-01-31', admin);
    expect(parseCsv(empty.body)).toHaveLength(1);
  });

  it("gives a factory-scoped user their factory's lines only", async () => {
    const res = await get(`/api/sales/report/export.csv?${SPRING}&factoryId=${B.id}`, managerA);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(A.code);
    expect(res.body).not.toContain(B.code);
  });
});
