/**
 * Stove reports (DOMAIN.md §4 "Production"): check, submit (all or nothing: the IDs coupled and one
 * kit per stove consumed, or nothing), void (IDs back to stock, kits back), list with totals,
 * export, detail and couplers. Proves: one bad code or too few kits changes nothing; a void applies
 * once and only while every ID is still coupled at the report's factory; only Admin, Senior
 * Production Manager, Production Manager and Factory Manager void; factory-scoped users report,
 * see and void only their factory's reports; bad input is a 400 that changes nothing.
 * The races are in stove-reports-concurrency.test.ts (PostgreSQL).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  stoveReportNumberLabel,
  type StoveReport,
  type StoveReportCheck,
  type StoveReportDetail,
  type StoveReportList,
} from '../../../common/contracts/production';
import type { StoveIdDetail, StoveIdStatus } from '../../../common/contracts/stove-ids';
import { stoveCode } from '../../../common/stove-codes';
import type { Group } from '../../../common/permissions';
import { loadActor } from '../../auth/actor';
import { queryRows } from '../../db/client';
import { ckdCategories } from '../../db/schema/production';
import { parseCsv } from '../../../common/csv';
import { auditRows } from '../../test/db-assert';
import { groupsWith, groupsWithout } from '../../test/groups';
import { walkList } from '../../test/list-walk';
import { giveKits, kitStock, makeCkdCategory } from '../../test/production';
import { makeStoveIds } from '../../test/stove-ids';
import { createTestContext, type ErrorBody, type SignedInUser, type TestContext } from '../../test/test-app';
import { sendTransfer } from '../stove-transfers/stove-transfers.service';
import { sqlBigintArray } from '../stove-ids/stove-id-status.repository';

let ctx: TestContext;
let A: { id: string; code: string };
let B: { id: string; code: string };
let kit: { id: string; name: string; code: string };
let admin: SignedInUser;
let couplerA: SignedInUser;
let couplerB: SignedInUser;
let managerA: SignedInUser;
let managerB: SignedInUser;
let supervisorA: SignedInUser;
let productionManager: SignedInUser;

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await createTestContext();
  A = await ctx.makeFactory();
  B = await ctx.makeFactory();
  kit = await makeCkdCategory(ctx.handle.db, { stoveModel: 'Jiko Classic' });
  await giveKits(ctx.handle.db, { factoryId: A.id, categoryId: kit.id, quantity: 1000 });
  await giveKits(ctx.handle.db, { factoryId: B.id, categoryId: kit.id, quantity: 1000 });
  admin = await ctx.signedInAs(['Admin']);
  couplerA = await ctx.signedInAs(['Stove Coupler'], { factoryId: A.id });
  couplerB = await ctx.signedInAs(['Stove Coupler'], { factoryId: B.id });
  managerA = await ctx.signedInAs(['Factory Manager'], { factoryId: A.id });
  managerB = await ctx.signedInAs(['Factory Manager'], { factoryId: B.id });
  supervisorA = await ctx.signedInAs(['Production Supervisor'], { factoryId: A.id });
  productionManager = await ctx.signedInAs(['Production Manager']);
});
afterAll(async () => {
  await ctx.close();
});

const post = (url: string, payload: unknown, user: SignedInUser) =>
  ctx.request({ method: 'POST', url, payload: payload as Record<string, unknown>, cookie: user.cookie });
const get = (url: string, user: SignedInUser) => ctx.request({ method: 'GET', url, cookie: user.cookie });

const make = (factoryId: string, count: number, status?: Exclude<StoveIdStatus, 'in_transit'>) =>
  makeStoveIds(ctx.handle.db, { factoryId, count, ...(status ? { status } : {}) });

async function submit(
  user: SignedInUser,
  codes: string[],
  options: { factoryId?: string; categoryId?: string; date?: string; note?: string } = {},
): Promise<StoveReport> {
  const res = await post(
    '/api/stove-reports',
    {
      factoryId: options.factoryId ?? A.id,
      categoryId: options.categoryId ?? kit.id,
      date: options.date ?? today(),
      codes,
      note: options.note,
    },
    user,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<StoveReport>();
}

const kitsAt = (factoryId: string, categoryId = kit.id) => kitStock(ctx.handle.db, factoryId, categoryId);

async function statuses(ids: number[]): Promise<StoveIdStatus[]> {
  const rows = await queryRows<{ status: StoveIdStatus }>(
    ctx.handle.db,
    sql`select status from stove_ids where id = any(${sqlBigintArray(ids)}) order by id`,
  );
  return rows.map((r) => r.status);
}

/** Everything a report writes, counted: reports, items, kit movements, events, audit rows, kit stock. */
async function snapshot() {
  const [row] = await queryRows<Record<string, number>>(
    ctx.handle.db,
    sql`select (select count(*)::int from stove_reports) as reports,
               (select count(*)::int from stove_report_items) as items,
               (select count(*)::int from ckd_movements) as movements,
               (select count(*)::int from stove_id_events) as events,
               (select count(*)::int from audit_log) as audits,
               (select coalesce(sum(quantity), 0)::int from ckd_stock) as kits,
               (select count(*)::int from stove_ids where status = 'coupled') as coupled`,
  );
  return row;
}

describe('POST /api/stove-reports/check', () => {
  it('gives each code its verdict in order, and the kits available; changes nothing', async () => {
    const ok = await make(A.id, 2);
    const coupled = await make(A.id, 1, 'coupled');
    const validated = await make(A.id, 1, 'validated');
    const sold = await make(A.id, 1, 'sold');
    const voided = await make(A.id, 1, 'void');
    const elsewhere = await make(B.id, 1);
    const moving = await make(A.id, 1);
    const actor = await loadActor(ctx.handle.db, admin.id);
    if (!actor) throw new Error('no admin');
    await sendTransfer(ctx.handle.db, actor, {
      fromFactoryId: A.id,
      toFactoryId: B.id,
      codes: moving.codes,
      note: null,
    });
    const badCheckDigit = `${stoveCode('TZZZQ', 1, 7).slice(0, -1)}${(Number(stoveCode('TZZZQ', 1, 7).slice(-1)) + 1) % 10}`;
    const before = await snapshot();
    const codes = [
      ok.codes[0]?.toLowerCase() ?? '',
      'a b',
      stoveCode('TNEVERMADE', 1, 7),
      badCheckDigit,
      ok.codes[0] ?? '',
      ok.codes[1] ?? '',
      coupled.codes[0] ?? '',
      validated.codes[0] ?? '',
      sold.codes[0] ?? '',
      voided.codes[0] ?? '',
      elsewhere.codes[0] ?? '',
      moving.codes[0] ?? '',
    ];
    const res = await post('/api/stove-reports/check', { factoryId: A.id, categoryId: kit.id, codes }, couplerA);
    expect(res.statusCode, res.body).toBe(200);
    const check = res.json<StoveReportCheck>();
    expect(check.items.map((i) => i.verdict)).toEqual([
      'ok',
      'malformed',
      'unknown',
      'bad_check_digit',
      'duplicate',
      'ok',
      'coupled',
      'validated',
      'sold',
      'void',
      'wrong_factory',
      'in_transit',
    ]);
    expect(check.items[0]).toEqual({ code: ok.codes[0], verdict: 'ok', status: 'in_stock', reason: null });
    expect(check.items[6]?.reason).toBe('Already coupled (on another stove report)');
    // A factory-scoped coupler is not told which factory holds an ID of another factory.
    expect(check.items[10]).toMatchObject({ reason: 'At another factory', status: null });
    expect(check).toMatchObject({ ok: 2, problems: 10, kitsAvailable: await kitsAt(A.id) });
    expect(await snapshot()).toEqual(before);

    // A global user is told.
    const asAdmin = await post('/api/stove-reports/check', { factoryId: A.id, codes: elsewhere.codes }, admin);
    expect(asAdmin.json<StoveReportCheck>()).toMatchObject({
      items: [{ verdict: 'wrong_factory', reason: `At another factory (${B.code})`, status: 'in_stock' }],
      kitsAvailable: null,
    });
  });

  it('is refused for another factory (403) and for bad input (400)', async () => {
    const ids = await make(B.id, 1);
    const other = await post('/api/stove-reports/check', { factoryId: B.id, codes: ids.codes }, couplerA);
    expect(other.statusCode).toBe(403);
    expect(other.json<ErrorBody>().error.message).toContain('your own factory');
    const empty = await post('/api/stove-reports/check', { factoryId: A.id, codes: [] }, couplerA);
    expect(empty.statusCode).toBe(400);
    const unknownModel = await post(
      '/api/stove-reports/check',
      { factoryId: A.id, categoryId: '00000000-0000-4000-8000-000000000000', codes: ids.codes },
      couplerA,
    );
    expect(unknownModel.statusCode).toBe(400);
    expect(unknownModel.json<ErrorBody>().error.details?.fieldErrors?.categoryId).toEqual([
      'The stove model does not exist.',
    ]);
  });
});

describe('POST /api/stove-reports', () => {
  it('couples the IDs and consumes one kit per stove, with history, ledger, daily totals and audit', async () => {
    const ids = await make(A.id, 5);
    const kitsBefore = await kitsAt(A.id);
    const report = await submit(couplerA, ids.codes, { note: 'Morning shift', date: daysAgo(1) });
    expect(report).toMatchObject({
      status: 'submitted',
      stoveCount: 5,
      date: daysAgo(1),
      note: 'Morning shift',
      factory: { id: A.id, code: A.code },
      category: { id: kit.id, stoveModel: 'Jiko Classic' },
      createdBy: { id: couplerA.id },
      voidedAt: null,
    });
    expect(await statuses(ids.ids)).toEqual(Array(5).fill('coupled'));
    expect(await kitsAt(A.id)).toBe(kitsBefore - 5);
    const movements = await queryRows<{ kind: string; delta: number; date: string }>(
      ctx.handle.db,
      sql`select kind, delta, date::text as date from ckd_movements where stove_report_id = ${report.id}`,
    );
    expect(movements).toEqual([{ kind: 'consumed', delta: -5, date: daysAgo(1) }]);
    const [daily] = await queryRows<{ consumed: number }>(
      ctx.handle.db,
      sql`select consumed from ckd_daily where factory_id = ${A.id} and category_id = ${kit.id} and day = ${daysAgo(1)}`,
    );
    expect(daily?.consumed).toBeGreaterThanOrEqual(5);
    const [items] = await queryRows<{ n: number }>(
      ctx.handle.db,
      sql`select count(*)::int as n from stove_report_items where report_id = ${report.id}`,
    );
    expect(items?.n).toBe(5);
    expect(await auditRows(ctx.handle.db, 'submit', report.id)).toHaveLength(1);

    // The ID's page names the report as its current document and in its history.
    const page = await get(`/api/stove-ids/${ids.codes[0]}`, managerA);
    const detail = page.json<StoveIdDetail>();
    const label = stoveReportNumberLabel(report.number);
    expect(detail.currentDocument).toEqual({ type: 'stove_report', id: report.id, label });
    expect(detail.events.at(-1)).toMatchObject({
      kind: 'coupled',
      fromStatus: 'in_stock',
      toStatus: 'coupled',
      document: { type: 'stove_report', id: report.id, label },
    });
  });

  it('refuses the whole report when one code cannot be reported (409 naming it); nothing changes', async () => {
    const ids = await make(A.id, 3);
    const coupled = await make(A.id, 1, 'coupled');
    const before = await snapshot();
    const res = await post(
      '/api/stove-reports',
      { factoryId: A.id, categoryId: kit.id, date: today(), codes: [...ids.codes, coupled.codes[0], ids.codes[0]] },
      couplerA,
    );
    expect(res.statusCode).toBe(409);
    const body = res.json<ErrorBody>();
    expect(body.error.message).toBe('Nothing was reported: 2 of 5 stove IDs cannot be reported.');
    expect(body.error.details?.problems).toEqual([
      { code: coupled.codes[0], reason: 'Already coupled (on another stove report)' },
      { code: ids.codes[0], reason: 'Duplicate in the list' },
    ]);
    expect(await snapshot()).toEqual(before);
    expect(await statuses(ids.ids)).toEqual(['in_stock', 'in_stock', 'in_stock']);
  });

  it('names the factory of an ID elsewhere to a global user', async () => {
    const elsewhere = await make(B.id, 1);
    const res = await post(
      '/api/stove-reports',
      { factoryId: A.id, categoryId: kit.id, date: today(), codes: elsewhere.codes },
      admin,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().error.details?.problems).toEqual([
      { code: elsewhere.codes[0], reason: `At another factory (${B.code})` },
    ]);
  });

  it('refuses a report the factory has too few kits for (409 "Not enough kits"); nothing changes', async () => {
    const scarce = await makeCkdCategory(ctx.handle.db);
    await giveKits(ctx.handle.db, { factoryId: A.id, categoryId: scarce.id, quantity: 2 });
    const ids = await make(A.id, 3);
    const before = await snapshot();
    const res = await post(
      '/api/stove-reports',
      { factoryId: A.id, categoryId: scarce.id, date: today(), codes: ids.codes },
      couplerA,
    );
    expect(res.statusCode).toBe(409);
    const body = res.json<ErrorBody>();
    expect(body.error.message).toMatch(
      /^Not enough kits: .* has 2 .* kits and this report needs 3\. Nothing was reported\.$/,
    );
    expect(body.error.details?.problems).toEqual([
      { code: `${scarce.name} at ${A.code}`, reason: 'Not enough kits: 2 in stock, 3 needed.' },
    ]);
    expect(await snapshot()).toEqual(before);
    expect(await kitsAt(A.id, scarce.id)).toBe(2);
    expect(await statuses(ids.ids)).toEqual(['in_stock', 'in_stock', 'in_stock']);
    // A model never stocked at the factory: 0 kits.
    const never = await makeCkdCategory(ctx.handle.db);
    const none = await post(
      '/api/stove-reports',
      { factoryId: A.id, categoryId: never.id, date: today(), codes: ids.codes.slice(0, 1) },
      couplerA,
    );
    expect(none.statusCode).toBe(409);
    expect(none.json<ErrorBody>().error.message).toContain('has 0');
  });

  it.each([
    ['no codes', { codes: [] }, 'codes'],
    ['1,001 codes', { codes: Array.from({ length: 1001 }, (_, i) => `X${String(i).padStart(5, '0')}`) }, 'codes'],
    ['a date in the future', { date: daysAgo(-3) }, 'date'],
    ['a date that is no day', { date: '2026-02-30' }, 'date'],
    ['no stove model', { categoryId: undefined }, 'categoryId'],
    ['an unknown stove model', { categoryId: '00000000-0000-4000-8000-000000000000' }, 'categoryId'],
    ['no factory', { factoryId: undefined }, 'factoryId'],
    ['a note of 1,001 characters', { note: 'x'.repeat(1001) }, 'note'],
  ])('refuses %s with a 400 naming the field; nothing changes', async (_, change, field) => {
    const ids = await make(A.id, 1);
    const before = await snapshot();
    const res = await post(
      '/api/stove-reports',
      { factoryId: A.id, categoryId: kit.id, date: today(), codes: ids.codes, ...change },
      admin,
    );
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<ErrorBody>();
    expect(Object.keys(body.error.details?.fieldErrors ?? {})).toContain(field);
    expect(body.error.message).not.toBe('');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an inactive stove model or factory (400); nothing changes', async () => {
    const retired = await makeCkdCategory(ctx.handle.db);
    await ctx.handle.db.update(ckdCategories).set({ active: false }).where(eq(ckdCategories.id, retired.id));
    const ids = await make(A.id, 1);
    const before = await snapshot();
    const res = await post(
      '/api/stove-reports',
      { factoryId: A.id, categoryId: retired.id, date: today(), codes: ids.codes },
      admin,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.message).toContain('inactive: choose another stove model');
    expect(await snapshot()).toEqual(before);
  });

  it('keeps factory-scoped users on their own factory (403 for another); global users report anywhere', async () => {
    const ids = await make(B.id, 1);
    const before = await snapshot();
    const res = await post(
      '/api/stove-reports',
      { factoryId: B.id, categoryId: kit.id, date: today(), codes: ids.codes },
      couplerA,
    );
    expect(res.statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
    const report = await submit(productionManager, ids.codes, { factoryId: B.id });
    expect(report.factory.id).toBe(B.id);
  });
});

describe('POST /api/stove-reports/:id/void', () => {
  it('returns the IDs to stock and the kits to the factory on the report’s date; a second void is a 409', async () => {
    const ids = await make(A.id, 4);
    const report = await submit(couplerA, ids.codes, { date: daysAgo(2) });
    const kitsBefore = await kitsAt(A.id);
    const res = await post(`/api/stove-reports/${report.id}/void`, { reason: '  Scanned the wrong tray  ' }, managerA);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<StoveReport>()).toMatchObject({
      status: 'voided',
      voidReason: 'Scanned the wrong tray',
      voidedBy: { id: managerA.id },
    });
    expect(await statuses(ids.ids)).toEqual(Array(4).fill('in_stock'));
    expect(await kitsAt(A.id)).toBe(kitsBefore + 4);
    const movements = await queryRows<{ kind: string; delta: number; date: string }>(
      ctx.handle.db,
      sql`select kind, delta, date::text as date from ckd_movements where stove_report_id = ${report.id} order by id`,
    );
    expect(movements).toEqual([
      { kind: 'consumed', delta: -4, date: daysAgo(2) },
      { kind: 'consumption_reversed', delta: 4, date: daysAgo(2) },
    ]);
    const page = (await get(`/api/stove-ids/${ids.codes[0]}`, managerA)).json<StoveIdDetail>();
    expect(page.status).toBe('in_stock');
    expect(page.events.at(-1)).toMatchObject({
      kind: 'report_voided',
      fromStatus: 'coupled',
      toStatus: 'in_stock',
      note: 'Scanned the wrong tray',
      document: { type: 'stove_report', label: stoveReportNumberLabel(report.number) },
    });
    expect(await auditRows(ctx.handle.db, 'void', report.id)).toHaveLength(1);

    const before = await snapshot();
    const again = await post(`/api/stove-reports/${report.id}/void`, { reason: 'Again' }, productionManager);
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().error.message).toBe(`${stoveReportNumberLabel(report.number)} is already voided.`);
    expect(await snapshot()).toEqual(before);

    // The IDs can be reported again.
    const second = await submit(couplerA, ids.codes);
    expect(second.stoveCount).toBe(4);
  });

  it('refuses while an ID is no longer coupled at the report’s factory (409 naming each); nothing changes', async () => {
    const ids = await make(A.id, 3);
    const report = await submit(couplerA, ids.codes);
    const actor = await loadActor(ctx.handle.db, admin.id);
    if (!actor) throw new Error('no admin');
    await ctx.request({
      method: 'POST',
      url: '/api/stove-ids/approve',
      payload: { codes: [ids.codes[0]], factoryId: A.id },
      cookie: admin.cookie,
    });
    await sendTransfer(ctx.handle.db, actor, {
      fromFactoryId: A.id,
      toFactoryId: B.id,
      codes: [ids.codes[1] ?? ''],
      note: null,
    });
    const before = await snapshot();
    const res = await post(`/api/stove-reports/${report.id}/void`, { reason: 'Wrong model' }, managerA);
    expect(res.statusCode).toBe(409);
    const body = res.json<ErrorBody>();
    expect(body.error.message).toContain('cannot be voided: 2 of its 3 stove IDs are no longer coupled here');
    expect(body.error.details?.problems).toEqual([
      { code: ids.codes[0], reason: 'Validated since: only coupled stove IDs can go back to stock' },
      { code: ids.codes[1], reason: 'In transit since: only coupled stove IDs can go back to stock' },
    ]);
    expect(await snapshot()).toEqual(before);
    // The report no longer offers a void that can only fail, and says why to those who may void.
    const detail = (await get(`/api/stove-reports/${report.id}`, managerA)).json<StoveReportDetail>();
    expect(detail).toMatchObject({
      status: 'submitted',
      can: { void: false },
      voidBlocked:
        'It can no longer be voided: 2 of its 3 stove IDs are no longer coupled (see their status below). Only a report whose stove IDs are all still coupled can be voided.',
    });
    const asCoupler = (await get(`/api/stove-reports/${report.id}`, couplerA)).json<StoveReportDetail>();
    expect(asCoupler.voidBlocked).toBeNull();
  });

  it('is only for Admin, Senior Production Manager, Production Manager and Factory Manager (403, before the body)', async () => {
    const ids = await make(A.id, 1);
    const report = await submit(couplerA, ids.codes);
    const seniorSupervisor = await ctx.signedInAs(['Senior Production Supervisor']);
    const seniorProduction = await ctx.signedInAs(['Senior Production Manager']);
    const before = await snapshot();
    for (const user of [couplerA, supervisorA]) {
      const refused = await post(`/api/stove-reports/${report.id}/void`, {}, user);
      expect(refused.statusCode).toBe(403);
      expect(refused.json<ErrorBody>().error.message).toBe(
        'Only an Admin, a Senior Production Manager, a Production Manager or a Factory Manager can void a stove report.',
      );
    }
    const global = await post(`/api/stove-reports/${report.id}/void`, { reason: 'x' }, seniorSupervisor);
    expect(global.statusCode).toBe(403);
    // Another factory's manager does not see it.
    const other = await post(`/api/stove-reports/${report.id}/void`, { reason: 'Not mine' }, managerB);
    expect(other.statusCode).toBe(404);
    const noReason = await post(`/api/stove-reports/${report.id}/void`, { reason: '   ' }, managerA);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<ErrorBody>().error.details?.fieldErrors?.reason).toEqual(['A reason is required']);
    const unknown = await post('/api/stove-reports/00000000-0000-4000-8000-000000000000/void', { reason: 'x' }, admin);
    expect(unknown.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);

    const voided = await post(`/api/stove-reports/${report.id}/void`, { reason: 'Duplicate report' }, seniorProduction);
    expect(voided.statusCode).toBe(200);
  });
});

describe('GET /api/stove-reports, export, detail, couplers', () => {
  let model: { id: string; name: string; code: string };
  let reports: StoveReport[];

  beforeAll(async () => {
    model = await makeCkdCategory(ctx.handle.db, { stoveModel: 'Jiko Poa' });
    await giveKits(ctx.handle.db, { factoryId: A.id, categoryId: model.id, quantity: 100 });
    await giveKits(ctx.handle.db, { factoryId: B.id, categoryId: model.id, quantity: 100 });
    reports = [];
    for (const [user, factory, count, date] of [
      [couplerA, A, 3, daysAgo(10)],
      [couplerA, A, 2, daysAgo(5)],
      [managerA, A, 4, daysAgo(5)],
      [couplerB, B, 6, daysAgo(3)],
      [couplerB, B, 1, daysAgo(1)],
    ] as const) {
      const ids = await make(factory.id, count);
      reports.push(await submit(user, ids.codes, { factoryId: factory.id, categoryId: model.id, date }));
    }
    const voided = await post(`/api/stove-reports/${reports[1]?.id}/void`, { reason: 'Mistake' }, admin);
    expect(voided.statusCode).toBe(200);
  });

  const list = async (user: SignedInUser, query: string) => {
    const res = await get(`/api/stove-reports?categoryId=${model.id}${query}`, user);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<StoveReportList>();
  };

  it('lists newest first with the totals (submitted only coupled) and filters', async () => {
    const all = await list(admin, '');
    expect(all.items.map((r) => r.date)).toEqual([...all.items.map((r) => r.date)].sort().reverse());
    expect(all.total).toBe(5);
    expect(all.summary).toEqual({
      reports: 4,
      voided: 1,
      stoves: 3 + 4 + 6 + 1,
      byCategory: [
        { id: model.id, name: model.name, code: model.code, stoveModel: 'Jiko Poa', reports: 4, stoves: 14 },
      ],
    });
    expect((await list(admin, `&factoryId=${B.id}`)).summary).toMatchObject({ reports: 2, stoves: 7 });
    expect((await list(admin, '&status=voided')).items.map((r) => r.id)).toEqual([reports[1]?.id]);
    expect((await list(admin, `&couplerId=${managerA.id}`)).items.map((r) => r.id)).toEqual([reports[2]?.id]);
    const range = await list(admin, `&from=${daysAgo(5)}&to=${daysAgo(3)}`);
    expect(range.total).toBe(3);
    expect(range.summary.stoves).toBe(4 + 6);
    const byNumber = await list(admin, `&q=${stoveReportNumberLabel(reports[3]?.number ?? 0)}`);
    expect(byNumber.items.map((r) => r.id)).toEqual([reports[3]?.id]);
    const bad = await get('/api/stove-reports?from=yesterday', admin);
    expect(bad.statusCode).toBe(400);
  });

  it('finds a report by a stove ID on it', async () => {
    const ids = await make(A.id, 2);
    const report = await submit(couplerA, ids.codes, { categoryId: model.id });
    const found = await list(couplerA, `&q=${ids.codes[1]?.toLowerCase()}`);
    expect(found.items.map((r) => r.id)).toEqual([report.id]);
  });

  it('pages with a keyset cursor without repeats or gaps', async () => {
    const walked = await walkList<StoveReport>(ctx, '/api/stove-reports', { categoryId: model.id }, admin.cookie, 2);
    expect(walked.pages).toBeGreaterThanOrEqual(3);
    expect(new Set(walked.items.map((r) => r.id)).size).toBe(walked.items.length);
    expect(walked.items.length).toBe(walked.totals[0]);
  });

  it('shows a factory-scoped user only their factory’s reports, whatever the filter asks', async () => {
    const mine = await list(couplerB, `&factoryId=${A.id}`);
    expect(mine.items.every((r) => r.factory.id === B.id)).toBe(true);
    expect(mine.summary.stoves).toBe(7);
    const csv = await get(`/api/stove-reports/export.csv?categoryId=${model.id}&factoryId=${A.id}`, couplerB);
    expect(csv.body).not.toContain(A.code);
    const other = await get(`/api/stove-reports/${reports[0]?.id}`, couplerB);
    expect(other.statusCode).toBe(404);
  });

  it('exports the filtered list as CSV', async () => {
    const res = await get(`/api/stove-reports/export.csv?categoryId=${model.id}&sort=number&dir=asc`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const [header, ...rows] = parseCsv(res.body).map((r) => r.fields);
    expect(header?.slice(0, 8)).toEqual([
      'Number',
      'Date',
      'Status',
      'Factory',
      'Factory code',
      'Stove model',
      'CKD category',
      'Stoves',
    ]);
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(rows[0]?.[0]).toBe(stoveReportNumberLabel(reports[0]?.number ?? 0));
    expect(rows[1]).toEqual(expect.arrayContaining(['Voided', 'Mistake']));
  });

  it('opens one report with its IDs and whether the user may void it', async () => {
    const report = reports[0];
    if (!report) throw new Error('no report');
    const asCoupler = (await get(`/api/stove-reports/${report.id}`, couplerA)).json<StoveReportDetail>();
    expect(asCoupler.items).toHaveLength(3);
    expect(asCoupler.items.every((i) => i.status === 'coupled')).toBe(true);
    expect(asCoupler.can).toEqual({ void: false });
    expect((await get(`/api/stove-reports/${report.id}`, managerA)).json<StoveReportDetail>()).toMatchObject({
      can: { void: true },
      voidBlocked: null,
    });
    const voided = (await get(`/api/stove-reports/${reports[1]?.id}`, admin)).json<StoveReportDetail>();
    expect(voided).toMatchObject({ status: 'voided', voidReason: 'Mistake', can: { void: false } });
    expect((await get('/api/stove-reports/not-a-uuid', admin)).statusCode).toBe(400);
  });

  it('lists the couplers in scope', async () => {
    const all = await get('/api/stove-reports/couplers', admin);
    const ids = all.json<{ items: { id: string }[] }>().items.map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining([couplerA.id, couplerB.id, managerA.id]));
    const scoped = await get(`/api/stove-reports/couplers?factoryId=${A.id}`, couplerB);
    const scopedIds = scoped.json<{ items: { id: string }[] }>().items.map((c) => c.id);
    expect(scopedIds).toContain(couplerB.id);
    expect(scopedIds).not.toContain(couplerA.id);
  });
});

describe('groups without production-management', () => {
  const without = groupsWithout('production-management');
  it('are the sales groups; the holders include the Stove Coupler', () => {
    expect(without).toEqual(expect.arrayContaining<Group>(['Sales Manager', 'Sales Officer', 'Senior Sales Manager']));
    expect(groupsWith('production-management')).toContain('Stove Coupler');
  });

  it.each(without.map((g) => [g]))('%s gets 403 on every stove report endpoint; nothing changed', async (group) => {
    const user = await ctx.signedInAs([group], { factoryId: A.id });
    const ids = await make(A.id, 1);
    const report = await submit(couplerA, ids.codes);
    const before = await snapshot();
    const body = { factoryId: A.id, categoryId: kit.id, date: today(), codes: ids.codes };
    const calls = [
      get('/api/stove-reports', user),
      get('/api/stove-reports/export.csv', user),
      get('/api/stove-reports/couplers', user),
      get(`/api/stove-reports/${report.id}`, user),
      post('/api/stove-reports/check', body, user),
      post('/api/stove-reports', body, user),
      post(`/api/stove-reports/${report.id}/void`, { reason: 'x' }, user),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});
