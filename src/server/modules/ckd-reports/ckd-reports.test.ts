/**
 * CKD Report and Factory CKD Report (DOMAIN.md §4 "CKD kits"). Movements of every kind are written
 * on chosen days through the kit ledger (recordKitMovements, which keeps ckd_daily), then the
 * reports are read over the API. Proves: the figures per factory × category and per day; a
 * period's closing is the next period's opening; over a range covering everything the closing is
 * the ledger's sum and the balance; a reversed consumption nets out; factory scope; 400s and 403s.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../common/calendar-days';
import type { CkdReport, FactoryCkdReport, KitFigures } from '../../../common/contracts/ckd-reports';
import { queryRows } from '../../db/client';
import { parseCsv } from '../../../common/csv';
import { groupsWithout } from '../../test/groups';
import { makeCkdCategory } from '../../test/production';
import { createTestContext, type TestContext } from '../../test/test-app';
import { recordKitMovements, type KitMovementKind } from '../ckd/ckd-ledger.repository';

interface ErrorBody {
  error: { code: string; message: string; details?: { fieldErrors?: Record<string, string[]> } };
}
interface User {
  cookie: string;
}

let ctx: TestContext;
let plant: { id: string; code: string };
let A: { id: string; code: string };
let B: { id: string; code: string };
let K1: { id: string; code: string };
let K2: { id: string; code: string };
let admin: User;
let managerA: User;
let supervisorA: User;
let noFactory: User;

/** One ledger movement on a chosen day (the kind's sign is the ledger's: out is negative). */
async function move(day: string, factoryId: string, categoryId: string, kind: KitMovementKind, delta: number) {
  const posted = await recordKitMovements(ctx.handle.db, [
    { date: day, factoryId, categoryId, kind, delta, note: 'report test', createdBy: null },
  ]);
  if (!posted.ok) throw new Error(`movement refused: ${JSON.stringify(posted.shortages)}`);
}

beforeAll(async () => {
  ctx = await createTestContext();
  plant = await ctx.makeFactory({ code: 'AAPL', kind: 'plant' });
  A = await ctx.makeFactory({ code: 'BBAS' });
  B = await ctx.makeFactory({ code: 'CCAS' });
  K1 = await makeCkdCategory(ctx.handle.db, { code: 'K1-RPT' });
  K2 = await makeCkdCategory(ctx.handle.db, { code: 'K2-RPT' });
  admin = await ctx.signedInAs(['Admin']);
  managerA = await ctx.signedInAs(['Factory Manager'], { factoryId: A.id });
  supervisorA = await ctx.signedInAs(['Production Supervisor'], { factoryId: A.id });
  noFactory = await ctx.signedInAs(['Factory Manager'], { factoryId: null });

  // A K2: in and out again before the reports' ranges (history, but opening 0).
  await move('2024-12-01', A.id, K2.id, 'adjustment', 5);
  await move('2024-12-02', A.id, K2.id, 'adjustment', -5);
  // January
  await move('2025-01-01', plant.id, K1.id, 'produced', 100);
  await move('2025-01-15', plant.id, K1.id, 'transfer_out', -40);
  await move('2025-01-15', A.id, K1.id, 'transfer_in', 40);
  await move('2025-01-20', A.id, K1.id, 'consumed', -10);
  // a report of 5 stoves and its void on the same day: nets out
  await move('2025-01-31', A.id, K1.id, 'consumed', -5);
  await move('2025-01-31', A.id, K1.id, 'consumption_reversed', 5);
  // February
  await move('2025-02-03', A.id, K1.id, 'consumed', -8);
  await move('2025-02-03', A.id, K1.id, 'consumption_reversed', 3);
  await move('2025-02-10', A.id, K1.id, 'adjustment', -2);
  await move('2025-02-14', plant.id, K2.id, 'adjustment', 30);
  await move('2025-02-28', plant.id, K1.id, 'transfer_out', -10);
  await move('2025-02-28', B.id, K1.id, 'transfer_in', 10);
  // after both ranges
  await move('2025-03-05', plant.id, K1.id, 'produced', 20);
  await move('2025-04-01', B.id, K2.id, 'adjustment', 7);
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string, user: User) => ctx.request({ method: 'GET', url, cookie: user.cookie });

async function report(query: string, user: User = admin): Promise<CkdReport> {
  const res = await get(`/api/ckd/report?${query}`, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CkdReport>();
}

async function factoryReport(query: string, user: User = admin): Promise<FactoryCkdReport> {
  const res = await get(`/api/ckd/factory-report?${query}`, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<FactoryCkdReport>();
}

const figures = (opening: number, moved: Partial<KitFigures>, closing: number): KitFigures => ({
  opening,
  produced: 0,
  received: 0,
  sent: 0,
  consumed: 0,
  adjusted: 0,
  ...moved,
  closing,
});

/** The report's rows as "FACTORY/CATEGORY" → figures. */
function byPair(r: CkdReport): Record<string, KitFigures> {
  return Object.fromEntries(
    r.rows.map(({ factory, category, ...f }) => [`${factory.code}/${category.code}`, f satisfies KitFigures]),
  );
}

describe('GET /api/ckd/report', () => {
  it('gives opening, movements and closing per factory × category, ordered, with totals', async () => {
    const jan = await report('from=2025-01-01&to=2025-01-31');
    expect(jan.rows.map((r) => `${r.factory.code}/${r.category.code}`)).toEqual([
      'AAPL/K1-RPT',
      'BBAS/K1-RPT',
      'BBAS/K2-RPT', // moved before the range, opening 0: still listed
    ]);
    expect(byPair(jan)).toEqual({
      'AAPL/K1-RPT': figures(0, { produced: 100, sent: 40 }, 60),
      'BBAS/K1-RPT': figures(0, { received: 40, consumed: 10 }, 30),
      'BBAS/K2-RPT': figures(0, {}, 0),
    });
    expect(jan.totals).toEqual(figures(0, { produced: 100, received: 40, sent: 40, consumed: 10 }, 90));
    expect(jan.categories.map((c) => c.code)).toEqual(['K1-RPT', 'K2-RPT']);

    const feb = await report('from=2025-02-01&to=2025-02-28');
    expect(byPair(feb)).toEqual({
      'AAPL/K1-RPT': figures(60, { sent: 10 }, 50),
      'AAPL/K2-RPT': figures(0, { adjusted: 30 }, 30),
      'BBAS/K1-RPT': figures(30, { consumed: 5, adjusted: -2 }, 23),
      'BBAS/K2-RPT': figures(0, {}, 0),
      'CCAS/K1-RPT': figures(0, { received: 10 }, 10),
    });
  });

  it("closes one period where the next opens, and a period's sum equals its parts", async () => {
    const days = ['2024-11-30', '2025-01-01', '2025-01-15', '2025-01-31', '2025-02-03', '2025-02-28', '2025-03-05'];
    for (let i = 0; i + 1 < days.length; i++) {
      const first = byPair(await report(`from=${days[i]}&to=${days[i + 1]}`));
      const next = await report(`from=${addDays(days[i + 1] ?? '', 1)}&to=2025-12-31`);
      for (const row of next.rows) {
        expect(row.opening, `${row.factory.code}/${row.category.code} after ${days[i + 1]}`).toBe(
          first[`${row.factory.code}/${row.category.code}`]?.closing ?? 0,
        );
      }
    }
    const whole = await report('from=2025-01-01&to=2025-02-28');
    const jan = await report('from=2025-01-01&to=2025-01-31');
    const feb = await report('from=2025-02-01&to=2025-02-28');
    expect(whole.totals.opening).toBe(jan.totals.opening);
    expect(whole.totals.closing).toBe(feb.totals.closing);
    for (const key of ['produced', 'received', 'sent', 'consumed', 'adjusted'] as const) {
      expect(whole.totals[key]).toBe(jan.totals[key] + feb.totals[key]);
    }
  });

  it('reconciles with the ledger and the balances over a range covering everything', async () => {
    const all = await report('from=2024-01-01&to=2026-12-31');
    const ledger = await queryRows<{ factoryId: string; categoryId: string; total: string | number }>(
      ctx.handle.db,
      sql`select factory_id as "factoryId", category_id as "categoryId", sum(delta)::bigint as total
            from ckd_movements group by 1, 2`,
    );
    const stock = await queryRows<{ factoryId: string; categoryId: string; quantity: number }>(
      ctx.handle.db,
      sql`select factory_id as "factoryId", category_id as "categoryId", quantity from ckd_stock`,
    );
    expect(all.rows).toHaveLength(ledger.length);
    for (const row of all.rows) {
      expect(row.opening).toBe(0);
      const sum = ledger.find((l) => l.factoryId === row.factory.id && l.categoryId === row.category.id);
      const balance = stock.find((s) => s.factoryId === row.factory.id && s.categoryId === row.category.id);
      expect(row.closing).toBe(Number(sum?.total));
      expect(row.closing).toBe(balance?.quantity);
    }
    // From the middle: opening + movements in range = every movement up to the end.
    const tail = await report('from=2025-01-20&to=2025-02-10');
    const upTo = await queryRows<{ total: string | number }>(
      ctx.handle.db,
      sql`select sum(delta)::bigint as total from ckd_movements where date <= '2025-02-10'`,
    );
    expect(tail.totals.closing).toBe(Number(upTo[0]?.total));
  });

  it('nets a reversed consumption out of consumed', async () => {
    const day = byPair(await report('from=2025-01-31&to=2025-01-31'));
    expect(day['BBAS/K1-RPT']).toEqual(figures(30, {}, 30));
    const partly = byPair(await report('from=2025-02-03&to=2025-02-03'));
    expect(partly['BBAS/K1-RPT']).toEqual(figures(30, { consumed: 5 }, 25));
  });

  it('filters by factory and by category', async () => {
    const r = await report(`from=2025-02-01&to=2025-02-28&factoryId=${plant.id}&categoryId=${K2.id}`);
    expect(Object.keys(byPair(r))).toEqual(['AAPL/K2-RPT']);
    expect(r.totals).toEqual(figures(0, { adjusted: 30 }, 30));
    const none = await report('from=2020-01-01&to=2020-12-31');
    expect(none.rows).toEqual([]);
    expect(none.totals).toEqual(figures(0, {}, 0));
  });

  it('keeps a factory-scoped user on their own factory, whatever they ask for', async () => {
    for (const user of [managerA, supervisorA]) {
      const own = await report(`from=2025-01-01&to=2025-02-28&factoryId=${plant.id}`, user);
      expect(new Set(own.rows.map((r) => r.factory.code))).toEqual(new Set(['BBAS']));
      const csv = await get(`/api/ckd/report/export.csv?from=2025-01-01&to=2025-02-28&factoryId=${plant.id}`, user);
      expect(csv.body).not.toContain('AAPL');
    }
    expect((await report('from=2025-01-01&to=2025-02-28', noFactory)).rows).toEqual([]);
  });

  it('exports the same rows and a totals line as CSV', async () => {
    const res = await get('/api/ckd/report/export.csv?from=2025-02-01&to=2025-02-28', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('ckd-report-2025-02-01-to-2025-02-28.csv');
    const lines = parseCsv(res.body).map((r) => r.fields);
    expect(lines[0]).toEqual([
      'Factory code',
      'Factory',
      'Category code',
      'Category',
      'Opening',
      'Produced',
      'Received',
      'Sent',
      'Consumed',
      'Adjusted',
      'Closing',
    ]);
    expect(lines).toHaveLength(1 + 5 + 1);
    expect(lines[3]).toEqual(['BBAS', 'Factory BBAS', 'K1-RPT', 'Kit K1-RPT', '30', '0', '0', '0', '5', '-2', '23']);
    expect(lines.at(-1)).toEqual(['Total', '', '', '', '90', '0', '10', '10', '5', '28', '113']);
  });
});

describe('GET /api/ckd/factory-report', () => {
  it('lists every day of the range, carrying the stock over days without movement', async () => {
    const r = await factoryReport(`factoryId=${A.id}&categoryId=${K1.id}&from=2025-01-30&to=2025-02-04`);
    expect(r.factory).toEqual({ id: A.id, name: 'Factory BBAS', code: 'BBAS' });
    expect(r.category).toMatchObject({ id: K1.id, code: 'K1-RPT' });
    expect(r.days.map((d) => [d.day, d.opening, d.consumed, d.closing])).toEqual([
      ['2025-01-30', 30, 0, 30],
      ['2025-01-31', 30, 0, 30],
      ['2025-02-01', 30, 0, 30],
      ['2025-02-02', 30, 0, 30],
      ['2025-02-03', 30, 5, 25],
      ['2025-02-04', 25, 0, 25],
    ]);
    expect(r.totals).toEqual(figures(30, { consumed: 5 }, 25));
  });

  it('sums all categories when none is chosen, and matches the CKD report', async () => {
    const r = await factoryReport(`factoryId=${plant.id}&from=2025-01-01&to=2025-02-28`);
    expect(r.category).toBeNull();
    expect(r.days).toHaveLength(31 + 28);
    for (let i = 1; i < r.days.length; i++) expect(r.days[i]?.opening).toBe(r.days[i - 1]?.closing);
    const summary = await report(`from=2025-01-01&to=2025-02-28&factoryId=${plant.id}`);
    expect(r.totals).toEqual(summary.totals);
    expect(r.totals).toEqual(figures(0, { produced: 100, sent: 50, adjusted: 30 }, 80));
    const next = await factoryReport(`factoryId=${plant.id}&from=2025-03-01&to=2025-03-31`);
    expect(next.totals.opening).toBe(r.totals.closing);
  });

  it('exports every day and a totals line as CSV', async () => {
    const res = await get(
      `/api/ckd/factory-report/export.csv?factoryId=${A.id}&categoryId=${K1.id}&from=2025-02-01&to=2025-02-03`,
      admin,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('ckd-factory-report-BBAS-K1-RPT-2025-02-01-to-2025-02-03.csv');
    expect(parseCsv(res.body).map((r) => r.fields)).toEqual([
      ['Date', 'Opening', 'Produced', 'Received', 'Sent', 'Consumed', 'Adjusted', 'Closing'],
      ['2025-02-01', '30', '0', '0', '0', '0', '0', '30'],
      ['2025-02-02', '30', '0', '0', '0', '0', '0', '30'],
      ['2025-02-03', '30', '0', '0', '0', '5', '0', '25'],
      ['Total', '30', '0', '0', '0', '5', '0', '25'],
    ]);
  });

  it("shows a factory-scoped user their own factory and refuses another's", async () => {
    const own = await factoryReport(`factoryId=${A.id}&from=2025-01-01&to=2025-01-31`, managerA);
    expect(own.totals.closing).toBe(30);
    for (const url of [
      `/api/ckd/factory-report?factoryId=${plant.id}&from=2025-01-01&to=2025-01-31`,
      `/api/ckd/factory-report/export.csv?factoryId=${plant.id}&from=2025-01-01&to=2025-01-31`,
    ]) {
      const res = await get(url, managerA);
      expect(res.statusCode).toBe(403);
      expect(res.json<ErrorBody>().error.message).toBe(
        `You can only see the kit report of your own factory (Factory BBAS).`,
      );
    }
    const orphan = await get(`/api/ckd/factory-report?factoryId=${A.id}&from=2025-01-01&to=2025-01-31`, noFactory);
    expect(orphan.statusCode).toBe(403);
    expect(orphan.json<ErrorBody>().error.message).toContain('no factory');
  });

  it('answers 404 for a factory or category that does not exist', async () => {
    const missing = '6f1c2a4e-9d3b-4c8e-a1f2-0b9e8d7c6a5b';
    const factory = await get(`/api/ckd/factory-report?factoryId=${missing}&from=2025-01-01&to=2025-01-31`, admin);
    expect(factory.statusCode).toBe(404);
    const category = await get(
      `/api/ckd/factory-report?factoryId=${A.id}&categoryId=${missing}&from=2025-01-01&to=2025-01-31`,
      admin,
    );
    expect(category.statusCode).toBe(404);
    expect(category.json<ErrorBody>().error.message).toContain('kit category does not exist');
  });
});

describe('bad input and permissions', () => {
  const cases: [string, string, string][] = [
    ['/api/ckd/report?to=2025-01-31', 'from', 'Choose the start date'],
    ['/api/ckd/report?from=2025-01-01', 'to', 'Choose the end date'],
    ['/api/ckd/report?from=2025-02-30&to=2025-03-31', 'from', 'The start date must be a real date'],
    ['/api/ckd/report?from=01/02/2025&to=2025-03-31', 'from', 'written like 2026-01-31'],
    ['/api/ckd/report?from=2025-03-01&to=2025-02-28', 'to', 'The end date must be on or after the start date'],
    ['/api/ckd/report?from=2022-01-01&to=2025-01-01', 'to', 'at most 3 years: choose an end date before 2025-01-01'],
    ['/api/ckd/report/export.csv?from=2025-03-01&to=2025-02-28', 'to', 'on or after the start date'],
    ['/api/ckd/report?from=2025-01-01&to=2025-01-31&factoryId=NBO', 'factoryId', 'Must be a valid id'],
    ['/api/ckd/factory-report?from=2025-01-01&to=2025-01-31', 'factoryId', 'Choose a factory'],
    [
      '/api/ckd/factory-report?factoryId=x&from=2025-01-01&to=2025-01-31',
      'factoryId',
      'Choose a factory from the list',
    ],
    [
      `/api/ckd/factory-report?factoryId=${'6f1c2a4e-9d3b-4c8e-a1f2-0b9e8d7c6a5b'}&from=2025-01-01&to=2026-01-01`,
      'to',
      'at most one year',
    ],
  ];
  for (const [url, field, message] of cases) {
    it(`refuses ${url.replace(/^\/api\/ckd\//, '')} with a 400 on ${field}`, async () => {
      const res = await get(url, admin);
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json<ErrorBody>();
      expect(body.error.message).toContain(message);
      expect(body.error.details?.fieldErrors?.[field]?.join(' ')).toContain(message);
    });
  }

  it('accepts ranges of exactly the longest length', async () => {
    await report('from=2022-01-01&to=2024-12-31');
    await factoryReport(`factoryId=${A.id}&from=2024-03-01&to=2025-02-28`);
  });

  it('refuses groups without the permission', async () => {
    const withoutReport = groupsWithout('ckd-management');
    const withoutFactoryReport = groupsWithout('factory-ckd-report');
    expect(withoutFactoryReport).toContain('Production Supervisor');
    for (const group of withoutReport) {
      const user = await ctx.signedInAs([group], { factoryId: A.id });
      expect((await get('/api/ckd/report?from=2025-01-01&to=2025-01-31', user)).statusCode, group).toBe(403);
    }
    for (const group of withoutFactoryReport) {
      const user = await ctx.signedInAs([group], { factoryId: A.id });
      const res = await get(`/api/ckd/factory-report?factoryId=${A.id}&from=2025-01-01&to=2025-01-31`, user);
      expect(res.statusCode, group).toBe(403);
    }
  });
});
