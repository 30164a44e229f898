/**
 * End users of sold stoves (issue 26, first slice). Proves: a direct sale registers its buyer as
 * each stove's end user (handover = sale day) and a distributor's sale does not; the CSV import
 * checks every row against the registry (unknown, not sold, another partner's, already registered,
 * repeated, bad phone, GPS and date, handover before the sale), previews without writing, and is all
 * or nothing (400 with any bad row, nothing written); the single-stove form (201, 404, 409, 400); a
 * return and a cancellation end the registration in their transaction and a new sale starts a new
 * one, the stove ID's history showing both; the list's filters, sort, paging and CSV export; the
 * template; 401 signed out and 403 for every group without carbon-programme; factory scope.
 * Races (PostgreSQL): end-users-concurrency.test.ts. The row check: end-user-rules.test.ts.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndUser } from '../../../common/contracts/carbon';
import type { CsvImportResult, ListResponse } from '../../../common/contracts/list';
import { salesOrderNumberLabel, type SalesOrderDetail } from '../../../common/contracts/sales-orders';
import type { StoveIdDetail } from '../../../common/contracts/stove-ids';
import { parseCsv } from '../../../common/csv';
import { queryRows } from '../../db/client';
import { expectForbiddenToGroupsWithout } from '../../test/groups';
import { makeCustomer } from '../../test/sales-lines';
import { makeSalesCategory, makeSalesPackage, setSalesPrice } from '../../test/sales';
import { makeStoveIds } from '../../test/stove-ids';
import { createTestContext, type ErrorBody, type SignedInUser, type TestContext } from '../../test/test-app';
import { sqlTextArray } from '../stove-ids/stove-id-status.repository';

let ctx: TestContext;
let A: { id: string; code: string };
let B: { id: string; code: string };
let admin: SignedInUser;
let senior: SignedInUser;
/** A Sales Manager at A whose group was granted carbon-programme (factory-scoped). */
let scopedA: SignedInUser;
let distributor: { id: string; name: string };
let otherDistributor: { id: string; name: string };
let household: { id: string; name: string };
let category: { id: string };
let pkg: { id: string; ckdCategoryId: string };

const today = () => new Date().toISOString().slice(0, 10);
const HEADER = 'Stove ID,Type,Name,Phone,County,Sub-county,Village,Latitude,Longitude,Handover date';

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.handle.db;
  A = await ctx.makeFactory();
  B = await ctx.makeFactory();
  category = await makeSalesCategory(db);
  pkg = await makeSalesPackage(db);
  await setSalesPrice(db, { packageId: pkg.id, categoryId: category.id, unitPrice: 3500, effectiveFrom: '2025-01-01' });
  distributor = await makeCustomer(db, { name: 'Lakeside Distributors', type: 'distributor' });
  otherDistributor = await makeCustomer(db, { name: 'Coast Retail', type: 'retailer' });
  household = await makeCustomer(db, { name: 'Walk-in customer', type: 'individual' });
  await db.execute(
    sql`insert into group_permissions (group_name, component) values ('Sales Manager', 'carbon-programme') on conflict do nothing`,
  );
  admin = await ctx.signedInAs(['Admin']);
  senior = await ctx.signedInAs(['Senior Sales Manager']);
  scopedA = await ctx.signedInAs(['Sales Manager'], { factoryId: A.id });
});
afterAll(async () => {
  await ctx.close();
});

const post = (url: string, payload: unknown, user: SignedInUser) =>
  ctx.request({ method: 'POST', url, payload: payload as Record<string, unknown>, cookie: user.cookie });
const get = (url: string, user: SignedInUser) => ctx.request({ method: 'GET', url, cookie: user.cookie });

/** Sells `count` new validated IDs of `factoryId` to `customerId`; returns the order and its codes. */
async function sell(
  customerId: string,
  count: number,
  { factoryId = A.id, date = today(), buyer = 'Achieng Otieno' } = {},
): Promise<{ order: SalesOrderDetail; codes: string[] }> {
  const made = await makeStoveIds(ctx.handle.db, { factoryId, count, status: 'validated' });
  const res = await post(
    '/api/sales/orders',
    {
      date,
      factoryId,
      customerId,
      categoryId: category.id,
      lines: [{ packageId: pkg.id, quantity: count }],
      codes: made.codes,
      buyerName: buyer,
      buyerPhone: '+254 712 000 111',
      buyerLocation: 'Nyalenda',
    },
    admin,
  );
  expect(res.statusCode, res.body).toBe(201);
  return { order: res.json<SalesOrderDetail>(), codes: made.codes };
}

async function openRegistrations(codes: string[]) {
  return queryRows<{ code: string; name: string; source: string; handoverDate: string }>(
    ctx.handle.db,
    sql`select si.code, r.name, r.source, r.handover_date::text as "handoverDate"
          from end_user_registrations r join stove_ids si on si.id = r.stove_id_id
         where si.code = any(${sqlTextArray(codes)}) and r.ended_at is null
         order by si.code`,
  );
}

const importCsv = (lines: string[], user: SignedInUser, { dryRun = true, partnerId = distributor.id } = {}) =>
  post('/api/carbon/end-users/import', { csv: [HEADER, ...lines].join('\n'), dryRun, partnerId }, user);

const row = (code: string, name = 'Otieno Family', extra: Partial<Record<string, string>> = {}) =>
  [
    code,
    extra.kind ?? 'household',
    name,
    extra.phone ?? '0712 345 678',
    'Kisumu',
    'Kisumu East',
    extra.village ?? 'Manyatta',
    extra.lat ?? '-0.1',
    extra.lng ?? '34.76',
    extra.date ?? today(),
  ].join(',');

describe('direct sales', () => {
  it('registers the buyer of a direct sale as each stove’s end user, handed over on the sale day', async () => {
    const { codes, order } = await sell(household.id, 2, { buyer: 'Wanjiru Kamau' });
    const open = await openRegistrations(codes);
    expect(open).toEqual(codes.map((code) => ({ code, name: 'Wanjiru Kamau', source: 'sale', handoverDate: today() })));
    const detail = (await get(`/api/stove-ids/${codes[0]}`, admin)).json<StoveIdDetail>();
    const handed = detail.events.find((e) => e.kind === 'end_user_registered');
    expect(handed?.note).toBe(`Handed over to Wanjiru Kamau at Nyalenda on ${today()}`);
    expect(handed?.document?.id).toBe(order.id);
  });

  it('leaves a distributor’s stoves without an end user', async () => {
    const { codes } = await sell(distributor.id, 1);
    expect(await openRegistrations(codes)).toEqual([]);
  });
});

describe('CSV import', () => {
  it('checks every row against the registry, writes nothing on a dry run, and refuses a file with a bad row', async () => {
    const mine = await sell(distributor.id, 3);
    const theirs = await sell(otherDistributor.id, 1);
    const direct = await sell(household.id, 1);
    const validated = await makeStoveIds(ctx.handle.db, { factoryId: A.id, count: 1, status: 'validated' });
    const [c1, c2, c3] = mine.codes as [string, string, string];
    const lines = [
      row(c1), // 2: ready
      row('NOSUCH-0001'), // 3
      row(validated.codes[0] ?? ''), // 4
      row(theirs.codes[0] ?? ''), // 5
      row(direct.codes[0] ?? ''), // 6
      row(c1, 'Again'), // 7: repeated
      row(c2, 'Bad phone', { phone: '12' }), // 8
      row(c3, 'Bad GPS', { lat: '95' }), // 9
      row(c3, 'Bad date', { date: '2026-02-30' }), // 10
    ];
    const preview = await importCsv(lines, admin);
    expect(preview.statusCode, preview.body).toBe(200);
    const result = preview.json<CsvImportResult>();
    expect(result).toMatchObject({ dryRun: true, totalRows: 9, validRows: 1, imported: 0 });
    expect(result.preview.map((p) => p.code)).toEqual([c1]);
    expect(result.errors.map((e) => [e.line, e.message])).toEqual([
      [3, 'NOSUCH-0001: Unknown stove ID'],
      [4, `${validated.codes[0]}: Not sold (status: validated)`],
      [5, `${theirs.codes[0]}: Sold to another partner (Coast Retail)`],
      [6, `${direct.codes[0]}: Already registered to Achieng Otieno`],
      [7, `${c1}: Same stove ID as line 2`],
      [8, 'Phone must have 7 to 15 digits'],
      [9, 'Latitude must be between -90 and 90'],
      [10, 'Use a date like 2026-01-31'],
    ]);
    expect(await openRegistrations(mine.codes)).toEqual([]);

    const refused = await importCsv(lines, admin, { dryRun: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorBody>().error.message).toBe(
      'Nothing was imported: 8 rows of 9 rows have errors. Check the file again to see them.',
    );
    expect(await openRegistrations(mine.codes)).toEqual([]);

    const fixed = await importCsv([row(c1), row(c2, 'Akinyi School', { kind: 'Institution' })], admin, {
      dryRun: false,
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json<CsvImportResult>()).toMatchObject({ dryRun: false, validRows: 2, imported: 2, errors: [] });
    expect((await openRegistrations(mine.codes)).map((r) => [r.code, r.name, r.source])).toEqual([
      [c1, 'Otieno Family', 'import'],
      [c2, 'Akinyi School', 'import'],
    ]);
    const history = (await get(`/api/stove-ids/${c1}`, admin)).json<StoveIdDetail>();
    expect(history.events.at(-1)).toMatchObject({
      kind: 'end_user_registered',
      fromStatus: 'sold',
      toStatus: 'sold',
      note: `Handed over to Otieno Family at Manyatta, Kisumu East, Kisumu on ${today()}`,
    });
  });

  it('refuses a handover before the sale, an unknown partner, unknown columns and an empty import', async () => {
    const { codes } = await sell(distributor.id, 1, { date: '2026-01-10' });
    const before = await importCsv([row(codes[0] ?? '', 'Early', { date: '2026-01-09' })], admin);
    expect(before.json<CsvImportResult>().errors[0]?.message).toBe(
      `${codes[0]}: Handover date is before the sale (2026-01-10)`,
    );
    const partner = await importCsv([row(codes[0] ?? '')], admin, {
      partnerId: '00000000-0000-4000-8000-000000000009',
    });
    expect(partner.statusCode).toBe(400);
    expect(partner.json<ErrorBody>().error.details?.fieldErrors?.partnerId).toEqual(['No such partner.']);
    const columns = await post(
      '/api/carbon/end-users/import',
      { csv: 'Stove,Colour\nX,Y', partnerId: distributor.id },
      admin,
    );
    expect(columns.statusCode).toBe(400);
    const empty = await importCsv([], admin, { dryRun: false });
    expect(empty.statusCode).toBe(400);
    const noBody = await post('/api/carbon/end-users/import', { csv: HEADER }, admin);
    expect(noBody.statusCode).toBe(400);
  });

  it('serves a template that imports back once its example is replaced', async () => {
    const res = await get('/api/carbon/end-users/template.csv', senior);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const [header, example] = parseCsv(res.body.replace(/^\uFEFF/, ''));
    expect(header?.fields.join(',')).toBe(HEADER);
    const { codes } = await sell(distributor.id, 1);
    const csv = [HEADER, [codes[0], ...(example?.fields.slice(1, 9) ?? []), today()].join(',')].join('\n');
    const res2 = await post('/api/carbon/end-users/import', { csv, dryRun: false, partnerId: distributor.id }, senior);
    expect(res2.statusCode, res2.body).toBe(200);
    expect(res2.json<CsvImportResult>().imported).toBe(1);
  });
});

describe('single stove', () => {
  it('registers one sold stove (201), then refuses it again (409), an unknown ID (404) and bad input (400)', async () => {
    const { codes } = await sell(distributor.id, 1);
    const body = {
      code: (codes[0] ?? '').toLowerCase(),
      kind: 'institution',
      name: 'Kisumu Girls School',
      phone: '+254 700 111 222',
      county: 'Kisumu',
      subCounty: 'Kisumu Central',
      village: 'Milimani',
      latitude: -0.09,
      longitude: 34.75,
      handoverDate: today(),
    };
    const res = await post('/api/carbon/end-users', body, senior);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<EndUser>()).toMatchObject({
      code: codes[0],
      kind: 'institution',
      name: 'Kisumu Girls School',
      latitude: -0.09,
      longitude: 34.75,
      status: 'open',
      source: 'form',
      partner: { id: distributor.id },
      factory: { id: A.id },
    });
    const again = await post('/api/carbon/end-users', body, senior);
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().error.message).toBe(`${codes[0]}: Already registered to Kisumu Girls School.`);
    expect((await post('/api/carbon/end-users', { ...body, code: 'NOSUCH-0002' }, senior)).statusCode).toBe(404);
    const half = await post('/api/carbon/end-users', { ...body, longitude: null }, senior);
    expect(half.statusCode).toBe(400);
    expect(half.json<ErrorBody>().error.details?.fieldErrors?.longitude).toEqual([
      'Give both latitude and longitude, or neither',
    ]);
    expect((await post('/api/carbon/end-users', { ...body, name: '' }, senior)).statusCode).toBe(400);
  });
});

describe('returns', () => {
  it('a return ends the registration in its transaction; a new sale starts a new one; the history shows both', async () => {
    const { order, codes } = await sell(household.id, 2, { buyer: 'First Household' });
    const [c1, c2] = codes as [string, string];
    const ret = await post(`/api/sales/orders/${order.id}/returns`, { codes: [c1], reason: 'Cracked liner' }, admin);
    expect(ret.statusCode, ret.body).toBe(201);
    expect((await openRegistrations(codes)).map((r) => r.code)).toEqual([c2]);
    const ended = await queryRows<{ endReason: string }>(
      ctx.handle.db,
      sql`select r.end_reason as "endReason" from end_user_registrations r join stove_ids si on si.id = r.stove_id_id
           where si.code = ${c1}`,
    );
    expect(ended).toHaveLength(1);
    expect(ended[0]?.endReason).toMatch(/^stove returned \(RN-\d{6}\)$/);

    // Sold again, directly, to someone else.
    const again = await post(
      '/api/sales/orders',
      {
        date: today(),
        factoryId: A.id,
        customerId: household.id,
        categoryId: category.id,
        lines: [{ packageId: pkg.id, quantity: 1 }],
        codes: [c1],
        buyerName: 'Second Household',
      },
      admin,
    );
    expect(again.statusCode, again.body).toBe(201);
    expect((await openRegistrations([c1])).map((r) => r.name)).toEqual(['Second Household']);
    const kinds = (await get(`/api/stove-ids/${c1}`, admin))
      .json<StoveIdDetail>()
      .events.filter((e) => e.kind.startsWith('end_user') || e.kind.startsWith('sale'))
      .map((e) => [e.kind, e.note]);
    expect(kinds).toEqual([
      ['end_user_registered', `Handed over to First Household at Nyalenda on ${today()}`],
      ['sale_returned', expect.stringMatching(/^RN-\d{6}: Cracked liner$/)],
      ['end_user_ended', expect.stringMatching(/^End user registration ended: stove returned \(RN-\d{6}\)$/)],
      ['end_user_registered', `Handed over to Second Household on ${today()}`],
    ]);

    const list = (await get(`/api/carbon/end-users?q=${c1}&sort=name&dir=asc`, admin)).json<ListResponse<EndUser>>();
    expect(list.items.map((i) => [i.name, i.status])).toEqual([
      ['First Household', 'ended'],
      ['Second Household', 'open'],
    ]);
  });

  it('canceling the order ends its stoves’ registrations', async () => {
    const { order, codes } = await sell(household.id, 2);
    const res = await post(`/api/sales/orders/${order.id}/cancel`, { reason: 'Wrong customer' }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(await openRegistrations(codes)).toEqual([]);
    const list = (await get(`/api/carbon/end-users?q=${codes[0]}`, admin)).json<ListResponse<EndUser>>();
    expect(list.items[0]).toMatchObject({
      status: 'ended',
      endReason: `stove returned (${salesOrderNumberLabel(order.number)} canceled)`,
    });
  });
});

describe('the list', () => {
  it('filters by partner, status and factory, sorts, pages and exports the filtered list as CSV', async () => {
    const partner = await makeCustomer(ctx.handle.db, { name: 'List Partner', type: 'distributor' });
    const { codes } = await sell(partner.id, 3);
    const names = ['Charlie', 'Alice', 'Bob'];
    const res = await importCsv(
      codes.map((c, i) => row(c, names[i])),
      admin,
      { dryRun: false, partnerId: partner.id },
    );
    expect(res.statusCode, res.body).toBe(200);
    const page1 = (await get(`/api/carbon/end-users?partnerId=${partner.id}&sort=name&dir=asc&limit=2`, admin)).json<
      ListResponse<EndUser>
    >();
    expect(page1.items.map((i) => i.name)).toEqual(['Alice', 'Bob']);
    expect(page1.total).toBe(3);
    const page2 = (
      await get(
        `/api/carbon/end-users?partnerId=${partner.id}&sort=name&dir=asc&limit=2&cursor=${page1.nextCursor ?? ''}`,
        admin,
      )
    ).json<ListResponse<EndUser>>();
    expect(page2.items.map((i) => i.name)).toEqual(['Charlie']);
    expect(page2.nextCursor).toBeNull();
    const first = page1.items[0];
    // Carried over without a stove report: the model is its order's (every package of one model).
    const [model] = await queryRows<{ name: string }>(
      ctx.handle.db,
      sql`select name from ckd_categories where id = ${pkg.ckdCategoryId}`,
    );
    expect(first).toMatchObject({
      model: model?.name,
      partner: { name: 'List Partner', type: 'distributor' },
      factory: { id: A.id, code: A.code },
      order: { date: today() },
      county: 'Kisumu',
      subCounty: 'Kisumu East',
      village: 'Manyatta',
      handoverDate: today(),
    });
    const ended = (await get(`/api/carbon/end-users?partnerId=${partner.id}&status=ended`, admin)).json<
      ListResponse<EndUser>
    >();
    expect(ended.total).toBe(0);
    const atB = (await get(`/api/carbon/end-users?partnerId=${partner.id}&factoryId=${B.id}`, admin)).json<
      ListResponse<EndUser>
    >();
    expect(atB.total).toBe(0);

    const csv = await get(`/api/carbon/end-users/export.csv?partnerId=${partner.id}&sort=name&dir=desc`, admin);
    expect(csv.statusCode).toBe(200);
    const records = parseCsv(csv.body.replace(/^\uFEFF/, ''));
    expect(records[0]?.fields.slice(0, 8)).toEqual([
      'Stove ID',
      'Model',
      'Factory',
      'Sale date',
      'Order',
      'Partner',
      'Type',
      'End user',
    ]);
    expect(records.slice(1).map((r) => r.fields[7])).toEqual(['Charlie', 'Bob', 'Alice']);
    expect((await get('/api/carbon/end-users?status=lost', admin)).statusCode).toBe(400);
    expect((await get('/api/carbon/end-users?cursor=bad', admin)).statusCode).toBe(400);
  });
});

describe('partners', () => {
  it('lists the distributors and retailers, not the direct customers', async () => {
    const res = await get('/api/carbon/partners', senior);
    expect(res.statusCode).toBe(200);
    const names = res.json<{ name: string; type: string }[]>().map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['Lakeside Distributors', 'Coast Retail']));
    expect(names).not.toContain('Walk-in customer');
  });
});

describe('factory scope', () => {
  it('a factory-scoped user registers and sees only their own factory’s stoves', async () => {
    const atA = await sell(distributor.id, 1, { factoryId: A.id });
    const atB = await sell(distributor.id, 1, { factoryId: B.id });
    const preview = (
      await importCsv([row(atA.codes[0] ?? ''), row(atB.codes[0] ?? '')], scopedA)
    ).json<CsvImportResult>();
    expect(preview.validRows).toBe(1);
    expect(preview.errors.map((e) => e.message)).toEqual([`${atB.codes[0]}: Unknown stove ID`]);
    const single = await post(
      '/api/carbon/end-users',
      { code: atB.codes[0], name: 'Not mine', handoverDate: today() },
      scopedA,
    );
    expect(single.statusCode).toBe(404);
    await importCsv([row(atB.codes[0] ?? '', 'At B')], admin, { dryRun: false });
    const ok = await importCsv([row(atA.codes[0] ?? '', 'At A')], scopedA, { dryRun: false });
    expect(ok.statusCode, ok.body).toBe(200);
    const list = (await get(`/api/carbon/end-users?factoryId=${B.id}&limit=200`, scopedA)).json<
      ListResponse<EndUser>
    >();
    expect(list.items.length).toBeGreaterThan(0);
    expect(list.items.every((i) => i.factory.id === A.id)).toBe(true);
    const csv = await get(`/api/carbon/end-users/export.csv?factoryId=${B.id}`, scopedA);
    expect(csv.body).not.toContain(atB.codes[0]);
    expect(csv.body).toContain(atA.codes[0]);
  });
});

describe('authorization', () => {
  const endpoints: { method: 'GET' | 'POST'; url: string; payload?: Record<string, unknown> }[] = [
    { method: 'GET', url: '/api/carbon/end-users' },
    { method: 'GET', url: '/api/carbon/end-users/export.csv' },
    { method: 'GET', url: '/api/carbon/end-users/template.csv' },
    {
      method: 'POST',
      url: '/api/carbon/end-users/import',
      payload: { csv: HEADER, partnerId: '00000000-0000-4000-8000-000000000009' },
    },
    { method: 'POST', url: '/api/carbon/end-users', payload: { code: 'X', name: 'Y', handoverDate: '2026-01-01' } },
    { method: 'GET', url: '/api/carbon/partners' },
  ];

  it('answers 401 signed out', async () => {
    for (const e of endpoints) expect((await ctx.request(e)).statusCode, e.url).toBe(401);
  });

  it('answers 403 to every group without carbon-programme (default access, a database of its own)', async () => {
    await expectForbiddenToGroupsWithout('carbon-programme', 8, endpoints);
  });
});
