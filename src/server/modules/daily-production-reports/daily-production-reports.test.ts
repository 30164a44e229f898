/**
 * Daily production reports: create (one per factory and day), read, list with keyset paging and
 * filters, CSV export, edit. Proves: bad figures or a future day are a 400 naming the field that
 * changes nothing; a second report for a factory's day is a 409 on the date; factory-scoped users
 * report for, see and edit only their own factory's; groups without production-management get 403;
 * every create and edit is audited. The race for a factory's day is in
 * daily-production-reports-concurrency.test.ts (PostgreSQL).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, utcToday } from '../../../common/calendar-days';
import type { ListResponse } from '../../../common/contracts/list';
import type { DailyProductionReport } from '../../../common/contracts/productivity';
import { dailyProductionReports } from '../../db/schema/production';
import { parseCsv } from '../../../common/csv';
import { auditRows, countRows } from '../../test/db-assert';
import { groupsWithout } from '../../test/groups';
import { walkList } from '../../test/list-walk';
import { createTestContext, type TestContext } from '../../test/test-app';

interface ErrorBody {
  error: { code: string; message: string; details?: { fieldErrors?: Record<string, string[]> } };
}
interface User {
  cookie: string;
  id: string;
}

let ctx: TestContext;
let A: { id: string; code: string };
let B: { id: string; code: string };
let inactive: { id: string; code: string };
let admin: User;
let supervisorA: User;
let managerA: User;
let couplerA: User;
let supervisorB: User;
let noFactory: User;

beforeAll(async () => {
  ctx = await createTestContext();
  A = await ctx.makeFactory({ name: 'Alpha Assembly' });
  B = await ctx.makeFactory({ name: 'Beta Assembly' });
  inactive = await ctx.makeFactory({ active: false });
  admin = await ctx.signedInAs(['Admin']);
  supervisorA = await ctx.signedInAs(['Production Supervisor'], { factoryId: A.id });
  managerA = await ctx.signedInAs(['Factory Manager'], { factoryId: A.id });
  couplerA = await ctx.signedInAs(['Stove Coupler'], { factoryId: A.id });
  supervisorB = await ctx.signedInAs(['Production Supervisor'], { factoryId: B.id });
  noFactory = await ctx.signedInAs(['Production Supervisor'], { factoryId: null });
});
afterAll(async () => {
  await ctx.close();
});

const URL = '/api/daily-production-reports';
const post = (payload: Record<string, unknown>, user: User) =>
  ctx.request({ method: 'POST', url: URL, payload, cookie: user.cookie });
const patch = (id: string, payload: Record<string, unknown>, user: User) =>
  ctx.request({ method: 'PATCH', url: `${URL}/${id}`, payload, cookie: user.cookie });
const get = (url: string, user: User) => ctx.request({ method: 'GET', url, cookie: user.cookie });

let dayCounter = 0;
/** A distinct past day per call, so reports never collide unless a test means them to. */
const nextDay = () => addDays('2025-06-01', dayCounter++);

const figures = {
  couplersPresent: 8,
  hoursWorked: 7.5,
  defects: 2,
  downtimeMinutes: 30,
  notes: 'Generator fault at 10:00',
};

async function create(factoryId: string, date = nextDay(), user = admin): Promise<DailyProductionReport> {
  const res = await post({ factoryId, date, ...figures }, user);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<DailyProductionReport>();
}

const rowsAt = (factoryId: string) =>
  countRows(ctx.handle.db, dailyProductionReports, eq(dailyProductionReports.factoryId, factoryId));

describe('creating a daily report', () => {
  it("reports a factory's day, with worker-hours, stamped and audited", async () => {
    const date = nextDay();
    const res = await post({ factoryId: A.id, date, ...figures }, supervisorA);
    expect(res.statusCode, res.body).toBe(201);
    const report = res.json<DailyProductionReport>();
    expect(report).toMatchObject({
      factory: { id: A.id, code: A.code, name: 'Alpha Assembly' },
      date,
      couplersPresent: 8,
      hoursWorked: 7.5,
      workerHours: 60,
      defects: 2,
      downtimeMinutes: 30,
      notes: 'Generator fault at 10:00',
      createdBy: { id: supervisorA.id },
      updatedBy: { id: supervisorA.id },
    });
    const audit = await auditRows(ctx.handle.db, 'create', report.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: supervisorA.id, recordType: 'daily_production_report' });
  });

  it('accepts text numbers from a form, zeros, and empty notes', async () => {
    const res = await post(
      {
        factoryId: A.id,
        date: nextDay(),
        couplersPresent: '0',
        hoursWorked: '0',
        defects: 0,
        downtimeMinutes: '1440',
        notes: '  ',
      },
      admin,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<DailyProductionReport>()).toMatchObject({
      couplersPresent: 0,
      workerHours: 0,
      downtimeMinutes: 1440,
      notes: null,
    });
  });

  it('refuses a second report for the same factory and day (409 on the date) and keeps the first', async () => {
    const first = await create(A.id);
    const before = await rowsAt(A.id);
    const res = await post({ factoryId: A.id, date: first.date, ...figures, couplersPresent: 3 }, supervisorA);
    expect(res.statusCode).toBe(409);
    const body = res.json<ErrorBody>();
    expect(body.error.message).toMatch(/already exists: edit that report instead/);
    expect(body.error.details?.fieldErrors?.date?.[0]).toMatch(/Alpha Assembly/);
    expect(await rowsAt(A.id)).toBe(before);
    // Another factory may report that day.
    await create(B.id, first.date);
  });

  it('refuses bad figures and a future day with a 400 per field, and writes nothing', async () => {
    const before = await rowsAt(A.id);
    const future = addDays(utcToday(new Date()), 3);
    const res = await post(
      { factoryId: A.id, date: future, couplersPresent: -1, hoursWorked: 25, defects: -2, downtimeMinutes: 1441 },
      admin,
    );
    expect(res.statusCode).toBe(400);
    const fields = res.json<ErrorBody>().error.details?.fieldErrors ?? {};
    expect(fields.date?.[0]).toBe('Date is in the future: report a day that has begun');
    expect(fields.couplersPresent?.[0]).toBe('Couplers present cannot be less than 0');
    expect(fields.hoursWorked?.[0]).toBe('Hours worked cannot be more than 24');
    expect(fields.defects?.[0]).toBe('Defects/rework cannot be less than 0');
    expect(fields.downtimeMinutes?.[0]).toBe('Downtime minutes cannot be more than 1,440');

    const more = await post(
      { factoryId: 'not-an-id', date: '2025-02-30', couplersPresent: 2.5, hoursWorked: 7.125, defects: 'many' },
      admin,
    );
    expect(more.statusCode).toBe(400);
    const moreFields = more.json<ErrorBody>().error.details?.fieldErrors ?? {};
    expect(moreFields.factoryId?.[0]).toBe('Choose a factory');
    expect(moreFields.date?.[0]).toBe('Date: use a real date like 2026-01-31');
    expect(moreFields.couplersPresent?.[0]).toBe('Couplers present must be a whole number');
    expect(moreFields.hoursWorked?.[0]).toBe('Hours worked has at most 2 decimals');
    expect(moreFields.defects?.[0]).toBe('Defects/rework must be a number');
    expect(moreFields.downtimeMinutes?.[0]).toBe('Downtime minutes is required');
    expect(await rowsAt(A.id)).toBe(before);
  });

  it('refuses an unknown or deactivated factory (400 on the factory)', async () => {
    const unknown = await post(
      { factoryId: '00000000-0000-4000-8000-000000000000', date: nextDay(), ...figures },
      admin,
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ErrorBody>().error.details?.fieldErrors?.factoryId).toEqual(['No such factory']);
    const off = await post({ factoryId: inactive.id, date: nextDay(), ...figures }, admin);
    expect(off.statusCode).toBe(400);
    expect(off.json<ErrorBody>().error.message).toMatch(/is deactivated: choose an active factory/);
    expect(await rowsAt(inactive.id)).toBe(0);
  });

  it("keeps factory-scoped users to their own factory (403 for another's, or without a factory)", async () => {
    const before = await rowsAt(B.id);
    for (const user of [supervisorA, managerA, couplerA]) {
      const res = await post({ factoryId: B.id, date: nextDay(), ...figures }, user);
      expect(res.statusCode).toBe(403);
      expect(res.json<ErrorBody>().error.message).toMatch(/only act for your own factory/);
    }
    const none = await post({ factoryId: A.id, date: nextDay(), ...figures }, noFactory);
    expect(none.statusCode).toBe(403);
    expect(await rowsAt(B.id)).toBe(before);
    // A Factory Manager and a Stove Coupler hold production-management too: their own factory is fine.
    await create(A.id, nextDay(), managerA);
    await create(A.id, nextDay(), couplerA);
  });

  it('answers 403 to every group without production-management', async () => {
    for (const group of groupsWithout('production-management')) {
      const user = await ctx.signedInAs([group], { factoryId: A.id });
      expect((await post({ factoryId: A.id, date: nextDay(), ...figures }, user)).statusCode, group).toBe(403);
      expect((await get(URL, user)).statusCode, group).toBe(403);
    }
  });
});

describe('reading daily reports', () => {
  let own: DailyProductionReport;
  let other: DailyProductionReport;
  beforeAll(async () => {
    own = await create(A.id, '2024-01-10');
    other = await create(B.id, '2024-01-10');
    await create(A.id, '2024-01-11');
    await create(A.id, '2024-01-12');
  });

  it('pages by day, newest first, through every matching report', async () => {
    const walk = await walkList<DailyProductionReport>(
      ctx,
      URL,
      { factoryId: A.id, from: '2024-01-01', to: '2024-01-31' },
      admin.cookie,
      2,
    );
    expect(walk.items.map((r) => r.date)).toEqual(['2024-01-12', '2024-01-11', '2024-01-10']);
    expect(walk.pages).toBe(2);
    expect(walk.totals).toEqual([3, 3]);
    const ascending = await walkList<DailyProductionReport>(
      ctx,
      URL,
      { from: '2024-01-10', to: '2024-01-10', dir: 'asc' },
      admin.cookie,
      1,
    );
    expect(ascending.items.map((r) => r.factory.id).sort()).toEqual([A.id, B.id].sort());
  });

  it('filters by factory, day range and notes', async () => {
    const res = await get(`${URL}?factoryId=${B.id}&from=2024-01-10&to=2024-01-10`, admin);
    expect(res.json<ListResponse<DailyProductionReport>>().items.map((r) => r.id)).toEqual([other.id]);
    const noted = await get(`${URL}?q=generator&from=2024-01-11&to=2024-01-11`, admin);
    expect(noted.json<ListResponse<DailyProductionReport>>().total).toBe(1);
    const backwards = await get(`${URL}?from=2024-02-01&to=2024-01-01`, admin);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json<ErrorBody>().error.details?.fieldErrors?.to).toBeDefined();
    const badDay = await get(`${URL}?from=2024-13-01`, admin);
    expect(badDay.statusCode).toBe(400);
  });

  it("shows factory-scoped users only their own factory's, whatever they ask for", async () => {
    const res = await get(`${URL}?factoryId=${B.id}&from=2024-01-10&to=2024-01-12`, managerA);
    expect(res.statusCode).toBe(200);
    const items = res.json<ListResponse<DailyProductionReport>>().items;
    expect(items.length).toBe(3);
    expect(items.every((r) => r.factory.id === A.id)).toBe(true);
    expect((await get(`${URL}`, noFactory)).json<ListResponse<DailyProductionReport>>().total).toBe(0);
  });

  it('reads one report in scope, 404 otherwise', async () => {
    expect((await get(`${URL}/${own.id}`, supervisorA)).json<DailyProductionReport>().id).toBe(own.id);
    expect((await get(`${URL}/${other.id}`, supervisorA)).statusCode).toBe(404);
    expect((await get(`${URL}/${other.id}`, admin)).statusCode).toBe(200);
    expect((await get(`${URL}/00000000-0000-4000-8000-000000000000`, admin)).statusCode).toBe(404);
    expect((await get(`${URL}/nope`, admin)).statusCode).toBe(400);
  });

  it('exports the filtered list as CSV, scoped', async () => {
    const res = await get(`${URL}/export.csv?from=2024-01-10&to=2024-01-12`, supervisorB);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const [header, ...rows] = parseCsv(res.body);
    expect(header?.fields.slice(0, 6)).toEqual([
      'Date',
      'Factory',
      'Factory code',
      'Couplers present',
      'Hours worked',
      'Worker-hours',
    ]);
    expect(rows.map((r) => [r.fields[0], r.fields[2], r.fields[5]])).toEqual([['2024-01-10', B.code, '60']]);
  });
});

describe('editing a daily report', () => {
  it('changes figures and notes, stamps and audits before and after', async () => {
    const report = await create(A.id);
    const res = await patch(report.id, { couplersPresent: 10, hoursWorked: '8', notes: null }, managerA);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<DailyProductionReport>()).toMatchObject({
      couplersPresent: 10,
      hoursWorked: 8,
      workerHours: 80,
      defects: 2,
      notes: null,
      date: report.date,
      updatedBy: { id: managerA.id },
    });
    const audit = await auditRows(ctx.handle.db, 'update', report.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]?.before).toMatchObject({ couplersPresent: 8 });
    expect(audit[0]?.after).toMatchObject({ couplersPresent: 10 });
  });

  it('refuses bad figures or nothing to change (400) and changes nothing', async () => {
    const report = await create(A.id);
    const bad = await patch(report.id, { hoursWorked: 30, downtimeMinutes: -5 }, admin);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<ErrorBody>().error.details?.fieldErrors ?? {}).sort()).toEqual([
      'downtimeMinutes',
      'hoursWorked',
    ]);
    // The factory and the day are not figures: they cannot be changed.
    const empty = await patch(report.id, { date: '2024-01-01', factoryId: B.id }, admin);
    expect(empty.statusCode).toBe(400);
    expect(empty.json<ErrorBody>().error.message).toMatch(/Nothing to change/);
    expect((await get(`${URL}/${report.id}`, admin)).json<DailyProductionReport>()).toMatchObject({
      hoursWorked: 7.5,
      downtimeMinutes: 30,
      date: report.date,
      factory: { id: A.id },
    });
    expect(await auditRows(ctx.handle.db, 'update', report.id)).toHaveLength(0);
  });

  it("keeps factory-scoped users off another factory's report (404) and unknown ids are 404", async () => {
    const report = await create(B.id);
    const res = await patch(report.id, { couplersPresent: 1 }, supervisorA);
    expect(res.statusCode).toBe(404);
    expect((await get(`${URL}/${report.id}`, admin)).json<DailyProductionReport>().couplersPresent).toBe(8);
    expect((await patch('00000000-0000-4000-8000-000000000000', { couplersPresent: 1 }, admin)).statusCode).toBe(404);
  });
});
