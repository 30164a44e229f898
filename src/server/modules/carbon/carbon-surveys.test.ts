/**
 * Usage surveys (issue 26). Proves: the plan counts each cohort's surveyable stoves (first sale in
 * the period, a registered end user, not returned; a distributor's unregistered stove and a
 * returned one are out) and sizes its sample with the finite population correction; a draw is
 * recorded with its seed and parameters, draws that many distinct stoves of each cohort, and a
 * redraw with the recorded seed gives the same stove IDs as a new record (never replacing the
 * first); results are recorded and edited, checked (reached needs answers, not reached has none)
 * and imported by CSV all or nothing; the drop-off per cohort; the CSV exports; bad input (400);
 * 404; factory scope; 401 signed out and 403 for every group without carbon-programme.
 * The formulae and the PRNG: src/common/survey-sampling.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DropOff,
  SurveyDrawDetail,
  SurveyDrawSummary,
  SurveyMember,
  SurveyPlan,
} from '../../../common/contracts/carbon-surveys';
import type { CsvImportResult } from '../../../common/contracts/list';
import type { SalesOrderDetail } from '../../../common/contracts/sales-orders';
import { parseCsv } from '../../../common/csv';
import { cohortSeed, drawSample } from '../../../common/survey-sampling';
import { expectForbiddenToGroupsWithout } from '../../test/groups';
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
let household: { id: string };
let distributor: { id: string };
let category: { id: string };
let pkg: { id: string };
/** The stoves of A still with their end users: 2025's and 2026's. */
let cohort2025: string[];
let cohort2026: string[];

const PERIOD = { from: '2025-01-01', to: '2026-06-30' };

const post = (url: string, payload: unknown, user: SignedInUser) =>
  ctx.request({ method: 'POST', url, payload: payload as Record<string, unknown>, cookie: user.cookie });
const put = (url: string, payload: unknown, user: SignedInUser) =>
  ctx.request({ method: 'PUT', url, payload: payload as Record<string, unknown>, cookie: user.cookie });
const get = (url: string, user: SignedInUser) => ctx.request({ method: 'GET', url, cookie: user.cookie });

async function sell(customerId: string, count: number, date: string, factoryId: string) {
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
      buyerName: 'Achieng Otieno',
      buyerPhone: '+254 712 000 111',
      buyerLocation: 'Nyalenda',
    },
    admin,
  );
  expect(res.statusCode, res.body).toBe(201);
  return { order: res.json<SalesOrderDetail>(), codes: made.codes };
}

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.handle.db;
  A = await ctx.makeFactory();
  B = await ctx.makeFactory();
  category = await makeSalesCategory(db);
  pkg = await makeSalesPackage(db);
  await setSalesPrice(db, { packageId: pkg.id, categoryId: category.id, unitPrice: 3500, effectiveFrom: '2024-01-01' });
  household = await makeCustomer(db, { type: 'individual' });
  distributor = await makeCustomer(db, { type: 'distributor' });
  await db.execute(
    sql`insert into group_permissions (group_name, component) values ('Sales Manager', 'carbon-programme') on conflict do nothing`,
  );
  admin = await ctx.signedInAs(['Admin']);
  scopedA = await ctx.signedInAs(['Sales Manager'], { factoryId: A.id });

  cohort2025 = (await sell(household.id, 101, '2025-03-10', A.id)).codes;
  const returned = await sell(household.id, 2, '2026-02-10', A.id);
  cohort2026 = returned.codes.slice(1);
  const ret = await post(
    `/api/sales/orders/${returned.order.id}/returns`,
    { codes: [returned.codes[0]], reason: 'Cracked' },
    admin,
  );
  expect(ret.statusCode, ret.body).toBe(201);
  cohort2026.push(...(await sell(household.id, 5, '2026-02-11', A.id)).codes);
  // A distributor's stove has no end user yet; a sale after the period is not in it; B's are B's.
  await sell(distributor.id, 3, '2026-02-12', A.id);
  await sell(household.id, 2, '2026-07-01', A.id);
  await sell(household.id, 4, '2026-03-01', B.id);
  cohort2025.sort();
});
afterAll(async () => {
  await ctx.close();
});

const drawUrl = '/api/carbon/surveys/draws';

async function draw(payload: Record<string, unknown>, user = admin): Promise<SurveyDrawDetail> {
  const res = await post(drawUrl, { ...PERIOD, factoryId: A.id, ...payload }, user);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<SurveyDrawDetail>();
}

const codesOf = (d: SurveyDrawDetail, year: number) => d.members.filter((m) => m.cohort === year).map((m) => m.code);

describe('plan', () => {
  it('counts each cohort’s stoves with an end user, not returned, and sizes the sample (90/10 by default)', async () => {
    const res = await get(`/api/carbon/surveys/plan?from=${PERIOD.from}&to=${PERIOD.to}&factoryId=${A.id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    // 101 → 67.65 / (1 + 66.65/101) = 40.76 → 41; 6 → all 6; 10 → 8.83 → 9.
    expect(res.json<SurveyPlan>().cohorts).toEqual([
      { year: 2025, population: 101, sampleSize: 41 },
      { year: 2026, population: 6, sampleSize: 6 },
    ]);
    const at95 = await get(
      `/api/carbon/surveys/plan?from=${PERIOD.from}&to=${PERIOD.to}&factoryId=${A.id}&confidence=95&precision=5`,
      admin,
    );
    // 384.16 / (1 + 383.16/101) = 80.18 → 81
    expect(at95.json<SurveyPlan>().cohorts[0]).toEqual({ year: 2025, population: 101, sampleSize: 81 });
  });

  it('limits a factory-scoped user to their factory, whatever they ask', async () => {
    const res = await get(`/api/carbon/surveys/plan?from=${PERIOD.from}&to=${PERIOD.to}&factoryId=${B.id}`, scopedA);
    expect(res.json<SurveyPlan>().cohorts.map((c) => c.population)).toEqual([101, 6]);
    const all = await get(`/api/carbon/surveys/plan?from=${PERIOD.from}&to=${PERIOD.to}`, admin);
    expect(all.json<SurveyPlan>().cohorts).toEqual([
      { year: 2025, population: 101, sampleSize: 41 },
      { year: 2026, population: 10, sampleSize: 9 },
    ]);
  });

  it('refuses a backwards period and choices that are not offered', async () => {
    for (const query of [
      'from=2026-02-01&to=2026-01-01',
      'from=2026-01-01&to=2026-02-01&confidence=80',
      'from=x&to=y',
      'to=2026-01-01',
    ]) {
      const res = await get(`/api/carbon/surveys/plan?${query}`, admin);
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe('draws', () => {
  let first: SurveyDrawDetail;

  it('records the draw with its seed and parameters and draws the sample size of distinct stoves per cohort', async () => {
    first = await draw({ years: [2025, 2026], seed: 20_260_115 });
    expect(first).toMatchObject({
      from: PERIOD.from,
      to: PERIOD.to,
      factory: { id: A.id },
      confidence: 90,
      precision: 10,
      seed: 20_260_115,
      cohorts: [
        { year: 2025, population: 101, sampleSize: 41 },
        { year: 2026, population: 6, sampleSize: 6 },
      ],
      sampled: 47,
      surveyed: 0,
    });
    expect(first.label).toMatch(/^SD-\d{6}$/);
    const drawn2025 = codesOf(first, 2025);
    // What an auditor can redo from the seed alone: the cohort's stoves in stove ID order, shuffled.
    expect(drawn2025).toEqual(drawSample([...cohort2025].sort(), 41, cohortSeed(20_260_115, 2025)));
    expect(new Set(drawn2025).size).toBe(41);
    for (const code of drawn2025) expect(cohort2025).toContain(code);
    expect([...codesOf(first, 2026)].sort()).toEqual([...cohort2026].sort());
    expect(first.members[0]?.endUser).toEqual({
      name: 'Achieng Otieno',
      phone: '+254 712 000 111',
      location: 'Nyalenda',
    });
  });

  it('redraws the same stove IDs from the recorded seed and parameters, as a new draw beside the first', async () => {
    const again = await draw({ years: [2026, 2025], seed: first.seed });
    expect(again.id).not.toBe(first.id);
    expect(again.members.map((m) => m.code)).toEqual(first.members.map((m) => m.code));
    const other = await draw({ years: [2025], seed: first.seed + 1 });
    expect(codesOf(other, 2025)).not.toEqual(codesOf(first, 2025));
    const list = (await get(drawUrl, admin)).json<SurveyDrawSummary[]>();
    expect(list.map((d) => d.id).slice(0, 3)).toEqual([other.id, again.id, first.id]);
  });

  it('chooses a new seed when none is given', async () => {
    const fresh = await draw({ years: [2025] });
    expect(fresh.seed).toBeGreaterThanOrEqual(0);
    expect(fresh.seed).toBeLessThanOrEqual(4294967295);
  });

  it('refuses bad input and a cohort with nothing to sample, recording nothing', async () => {
    const before = (await get(drawUrl, admin)).json<SurveyDrawSummary[]>().length;
    for (const payload of [
      { years: [] },
      { years: [2025], confidence: 99 },
      { years: [2025], precision: 3 },
      { years: [2025], seed: -1 },
      { years: [2025], seed: 1.5 },
      { years: [2025], from: '2026-01-01', to: '2025-01-01' },
      { years: [2024] },
    ]) {
      const res = await post(drawUrl, { ...PERIOD, factoryId: A.id, ...payload }, admin);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const empty = await post(drawUrl, { ...PERIOD, factoryId: A.id, years: [2024] }, admin);
    expect(empty.json<ErrorBody>().error.message).toMatch(/No stove handed over in 2024/);
    expect((await get(drawUrl, admin)).json<SurveyDrawSummary[]>()).toHaveLength(before);
  });

  it('keeps a factory-scoped user to their factory: draws there, sees only those, 403 for another', async () => {
    const own = await draw({ years: [2026], factoryId: undefined }, scopedA);
    expect(own.factory?.id).toBe(A.id);
    const refused = await post(drawUrl, { ...PERIOD, years: [2026], factoryId: B.id }, scopedA);
    expect(refused.statusCode).toBe(403);
    const everywhere = await post(drawUrl, { ...PERIOD, years: [2026], factoryId: null }, admin);
    const all = everywhere.json<SurveyDrawDetail>();
    expect(all.factory).toBeNull();
    expect(all.cohorts).toEqual([{ year: 2026, population: 10, sampleSize: 9 }]);
    const seen = (await get(drawUrl, scopedA)).json<SurveyDrawSummary[]>();
    expect(seen.every((d) => d.factory?.id === A.id)).toBe(true);
    expect((await get(`${drawUrl}/${all.id}`, scopedA)).statusCode).toBe(404);
    expect((await get(`${drawUrl}/00000000-0000-4000-8000-000000000001`, admin)).statusCode).toBe(404);
    expect((await get(`${drawUrl}/not-a-uuid`, admin)).statusCode).toBe(400);
  });
});

describe('results and drop-off', () => {
  let d: SurveyDrawDetail;
  const reachedInUse = {
    method: 'visit',
    surveyedOn: '2026-03-01',
    reached: true,
    inUse: true,
    working: true,
    fuelBefore: 'firewood',
    fuelAfter: 'firewood',
    surveyor: 'Mercy Wanjiku',
    note: null,
  };

  beforeAll(async () => {
    d = await draw({ years: [2025, 2026], seed: 7 });
  });

  it('records a result, edits it, and refuses incomplete or contradictory answers', async () => {
    const code = codesOf(d, 2026)[0] ?? '';
    const url = `${drawUrl}/${d.id}/results/${code}`;
    const res = await put(url, reachedInUse, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SurveyMember>().result).toMatchObject({ reached: true, inUse: true, fuelBefore: 'firewood' });
    const edited = await put(
      url,
      { ...reachedInUse, inUse: false, working: false, fuelAfter: 'charcoal', note: 'Stored away' },
      admin,
    );
    expect(edited.json<SurveyMember>().result).toMatchObject({
      inUse: false,
      working: false,
      fuelAfter: 'charcoal',
      note: 'Stored away',
    });
    for (const bad of [
      { ...reachedInUse, inUse: null },
      { ...reachedInUse, reached: false },
      { ...reachedInUse, fuelBefore: 'coal' },
      { ...reachedInUse, surveyor: ' ' },
      { ...reachedInUse, surveyedOn: '2999-01-01' },
      { ...reachedInUse, method: 'letter' },
    ]) {
      const r = await put(url, bad, admin);
      expect(r.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(
      (
        await put(
          `${drawUrl}/${d.id}/results/${cohort2025.find((c) => !codesOf(d, 2025).includes(c))}`,
          reachedInUse,
          admin,
        )
      ).statusCode,
    ).toBe(404);
    const after = (await get(`${drawUrl}/${d.id}`, admin)).json<SurveyDrawDetail>();
    expect(after.members.find((m) => m.code === code)?.result).toMatchObject({ inUse: false, note: 'Stored away' });
  });

  it('imports results by CSV: a preview, all or nothing, the call list read back', async () => {
    const codes = codesOf(d, 2025);
    const header =
      'Stove ID,Cohort,End user,Phone,Location,Method,Date,Reached,In use,Working,Fuel before,Fuel after,Surveyor,Note';
    const row = (code: string, answers: string) => `${code},2025,Someone,,,Phone call,2026-03-02,${answers},Otieno,`;
    const lines = [
      row(codes[0] ?? '', 'yes,yes,yes,Firewood,LPG'),
      row(codes[1] ?? '', 'yes,no,no,Charcoal,Charcoal'),
      row(codes[2] ?? '', 'no,,,,'),
    ];
    const url = `${drawUrl}/${d.id}/results/import`;
    const preview = await post(url, { csv: [header, ...lines].join('\n'), dryRun: true }, admin);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<CsvImportResult>()).toMatchObject({ totalRows: 3, validRows: 3, imported: 0, errors: [] });
    expect(preview.json<CsvImportResult>().preview[0]).toMatchObject({
      method: 'Phone call',
      fuelAfter: 'LPG',
      reached: 'yes',
    });

    const notInSample = cohort2025.find((c) => !codes.includes(c)) ?? '';
    const bad = [
      ...lines,
      row(notInSample, 'yes,yes,yes,,'),
      row(codes[0] ?? '', 'yes,yes,yes,,'),
      row(codes[3] ?? '', 'yes,,yes,,'),
    ];
    const refused = await post(url, { csv: [header, ...bad].join('\n'), dryRun: false }, admin);
    expect(refused.statusCode).toBe(400);
    const checked = (
      await post(url, { csv: [header, ...bad].join('\n'), dryRun: true }, admin)
    ).json<CsvImportResult>();
    expect(checked.errors.map((e) => [e.line, e.message])).toEqual([
      [5, `${notInSample}: Not in this sample`],
      [6, `${codes[0]}: Same stove ID as line 2`],
      [7, 'Say whether the stove is in use'],
    ]);
    expect((await get(`${drawUrl}/${d.id}`, admin)).json<SurveyDrawDetail>().surveyed).toBe(1);

    const done = await post(url, { csv: [header, ...lines].join('\n'), dryRun: false }, admin);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<CsvImportResult>().imported).toBe(3);

    const csv = await get(`${drawUrl}/${d.id}/call-list.csv`, admin);
    expect(csv.statusCode).toBe(200);
    const records = parseCsv(csv.body.replace(/^\uFEFF/, ''));
    expect(records[0]?.fields).toEqual(header.split(','));
    expect(records).toHaveLength(1 + d.members.length);
    const first = records.find((r) => r.fields[0] === codes[0]);
    expect(first?.fields.slice(5, 12)).toEqual(['Phone call', '2026-03-02', 'yes', 'yes', 'yes', 'Firewood', 'LPG']);
    // The exported call list imports back unchanged.
    const back = await post(url, { csv: csv.body, dryRun: true }, admin);
    expect(back.json<CsvImportResult>()).toMatchObject({
      totalRows: d.members.length,
      validRows: 4,
      errors: expect.any(Array) as unknown,
    });
  });

  it('gives the drop-off per cohort: surveyed, in use, the share with its Wilson interval and the estimate', async () => {
    const res = await get(`${drawUrl}/${d.id}/drop-off`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const table = res.json<DropOff>();
    expect(table.confidence).toBe(90);
    // 2025: 2 reached, 1 in use of 101 → 0.5, Wilson(1, 2, 90 %): centre 0.5 ± 1.645/2.353 × √(0.125 + 2.706/16) = 0.1209 … 0.8791.
    expect(table.cohorts[0]).toMatchObject({
      year: 2025,
      population: 101,
      sampled: 41,
      surveyed: 2,
      inUse: 1,
      share: 0.5,
      estimated: 51,
    });
    expect(table.cohorts[0]?.low).toBeCloseTo(0.1209, 3);
    expect(table.cohorts[0]?.high).toBeCloseTo(0.8791, 3);
    expect(table.cohorts[0]?.estimatedLow).toBe(12);
    expect(table.cohorts[0]?.estimatedHigh).toBe(89);
    // 2026: 1 reached, not in use.
    expect(table.cohorts[1]).toMatchObject({
      year: 2026,
      population: 6,
      sampled: 6,
      surveyed: 1,
      inUse: 0,
      share: 0,
      estimated: 0,
    });

    const csv = await get(`${drawUrl}/${d.id}/drop-off.csv`, admin);
    const records = parseCsv(csv.body.replace(/^\uFEFF/, ''));
    expect(records[0]?.fields).toEqual([
      'Cohort',
      'Population',
      'Sampled',
      'Surveyed',
      'In use',
      'Share in use (%)',
      'Low (90%)',
      'High (90%)',
      'Estimated in use',
      'Estimated low',
      'Estimated high',
    ]);
    expect(records[1]?.fields).toEqual(['2025', '101', '41', '2', '1', '50.0', '12.1', '87.9', '51', '12', '89']);
  });
});

describe('authorization', () => {
  const ID = '00000000-0000-4000-8000-000000000009';
  const endpoints: { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: Record<string, unknown> }[] = [
    { method: 'GET', url: '/api/carbon/surveys/plan?from=2026-01-01&to=2026-02-01' },
    { method: 'GET', url: drawUrl },
    { method: 'POST', url: drawUrl, payload: { from: '2026-01-01', to: '2026-02-01', years: [2026] } },
    { method: 'GET', url: `${drawUrl}/${ID}` },
    { method: 'GET', url: `${drawUrl}/${ID}/call-list.csv` },
    {
      method: 'PUT',
      url: `${drawUrl}/${ID}/results/X`,
      payload: { surveyedOn: '2026-01-01', reached: false, surveyor: 'x' },
    },
    { method: 'POST', url: `${drawUrl}/${ID}/results/import`, payload: { csv: 'Stove ID' } },
    { method: 'GET', url: `${drawUrl}/${ID}/drop-off` },
    { method: 'GET', url: `${drawUrl}/${ID}/drop-off.csv` },
  ];

  it('answers 401 signed out', async () => {
    for (const e of endpoints) expect((await ctx.request(e)).statusCode, e.url).toBe(401);
  });

  it('answers 403 to every group without carbon-programme (default access, a database of its own)', async () => {
    await expectForbiddenToGroupsWithout('carbon-programme', 8, endpoints);
  });
});
