import { describe, expect, it } from 'vitest';
import { effectivePermissions, DEFAULT_BASE_ACCESS, COMPONENTS, type Group } from '@common/permissions';
import type { SalesOverview } from '@common/contracts/sales-orders';
import {
  changeOnLastMonth,
  dailyRows,
  dailySummary,
  monthSoFar,
  quickLinks,
  readyToSellTotal,
  revenueByCurrency,
  shortDayLabel,
  validatedStoveIdsHref,
} from './sales-overview.model';

const month = (stoves: number, revenue: { currency: string; amount: number }[]) => ({
  from: '2026-09-01',
  to: '2026-09-30',
  orders: 0,
  canceled: 0,
  stoves,
  revenue,
});

/** The groups' permissions with the default base access (what /api/me returns). */
function viewerOf(groups: Group[]) {
  const base = COMPONENTS.filter((c) => DEFAULT_BASE_ACCESS[c].some((g) => groups.includes(g)));
  return { groups, permissions: [...effectivePermissions(groups, base)] };
}

describe('changeOnLastMonth', () => {
  it('gives the change in percent, rounded, with its sign', () => {
    expect(changeOnLastMonth(112, 100)).toEqual({ direction: 'up', text: '+12% on last month' });
    expect(changeOnLastMonth(92, 100)).toEqual({ direction: 'down', text: '−8% on last month' });
    expect(changeOnLastMonth(1, 3)).toEqual({ direction: 'down', text: '−67% on last month' });
    expect(changeOnLastMonth(3_000, 1_000)).toEqual({ direction: 'up', text: '+200% on last month' });
    expect(changeOnLastMonth(30_000, 1)).toEqual({ direction: 'up', text: '+2,999,900% on last month' });
  });

  it('says less than 1% rather than 0%', () => {
    expect(changeOnLastMonth(1001, 1000).text).toBe('+<1% on last month');
    expect(changeOnLastMonth(999, 1000).text).toBe('−<1% on last month');
  });

  it('handles an equal month and an empty last month', () => {
    expect(changeOnLastMonth(5, 5)).toEqual({ direction: 'same', text: 'Same as last month' });
    expect(changeOnLastMonth(5, 0)).toEqual({ direction: 'new', text: 'None last month' });
    expect(changeOnLastMonth(0, 0)).toEqual({ direction: 'none', text: 'None last month either' });
    expect(changeOnLastMonth(0, 4)).toEqual({ direction: 'down', text: '−100% on last month' });
  });
});

describe('revenueByCurrency', () => {
  it('pairs each currency with last month, this month’s first, never converting', () => {
    const rows = revenueByCurrency({
      thisMonth: month(10, [
        { currency: 'KES', amount: 45_000 },
        { currency: 'USD', amount: 20 },
      ]),
      lastMonth: month(8, [
        { currency: 'UGX', amount: 900_000 },
        { currency: 'KES', amount: 50_000 },
      ]),
    });
    expect(rows).toEqual([
      { currency: 'KES', amount: 45_000, lastMonth: 50_000, change: changeOnLastMonth(45_000, 50_000) },
      { currency: 'USD', amount: 20, lastMonth: 0, change: { direction: 'new', text: 'None last month' } },
      { currency: 'UGX', amount: 0, lastMonth: 900_000, change: { direction: 'down', text: '−100% on last month' } },
    ]);
  });

  it('is empty when nothing was sold in either month', () => {
    expect(revenueByCurrency({ thisMonth: month(0, []), lastMonth: month(0, []) })).toEqual([]);
  });
});

describe('labels and links', () => {
  it('names the days of the month so far', () => {
    expect(monthSoFar('2026-09-07')).toBe('1–7 Sep 2026');
    expect(monthSoFar('2026-09-01')).toBe('1 Sep 2026');
    expect(shortDayLabel('2026-09-07')).toBe('7 Sep');
    expect(shortDayLabel('2026-12-25')).toBe('25 Dec');
  });

  it('links a factory’s validated stove IDs', () => {
    expect(validatedStoveIdsHref('f-1')).toBe('/stove-id/management?status=validated&factoryId=f-1');
  });

  it('adds up the stoves ready to sell', () => {
    const factory = (id: string) => ({ id, name: id, code: id });
    expect(
      readyToSellTotal({
        readyToSell: [
          { factory: factory('a'), stoves: 12 },
          { factory: factory('b'), stoves: 0 },
          { factory: factory('c'), stoves: 1_000 },
        ],
      }),
    ).toBe(1_012);
    expect(readyToSellTotal({ readyToSell: [] })).toBe(0);
  });
});

describe('the 30 days', () => {
  const days = (stoves: number[]): SalesOverview['daily'] =>
    stoves.map((n, i) => ({ day: `2026-09-${String(i + 1).padStart(2, '0')}`, stoves: n }));

  it('labels the chart’s rows', () => {
    expect(dailyRows(days([0, 3]))).toEqual([
      { day: '2026-09-01', label: '1 Sep', stoves: 0 },
      { day: '2026-09-02', label: '2 Sep', stoves: 3 },
    ]);
  });

  it('says the total, the days with sales and the busiest day (the first of equals)', () => {
    expect(dailySummary(days([0, 4, 1, 0, 4]))).toBe(
      '9 stoves sold from 1 Sep 2026 to 5 Sep 2026, on 3 days of 5. The busiest day was 2 Sep 2026 with 4 stoves.',
    );
    expect(dailySummary(days([1]))).toBe(
      '1 stove sold from 1 Sep 2026 to 1 Sep 2026, on 1 day of 1. The busiest day was 1 Sep 2026 with 1 stove.',
    );
  });

  it('says when nothing was sold', () => {
    expect(dailySummary(days([0, 0, 0]))).toBe('No stoves sold from 1 Sep 2026 to 3 Sep 2026.');
    expect(dailySummary([])).toBe('No days to show.');
  });
});

describe('quickLinks', () => {
  const keys = (groups: Group[]) => quickLinks(viewerOf(groups)).map((l) => l.key);

  it('offers a Senior Sales Manager every sales screen, in a manager’s order', () => {
    expect(keys(['Senior Sales Manager'])).toEqual([
      'sales-order',
      'sales-report',
      'canceled-sales',
      'price-allocation',
      'sales-packages',
      'sales-categories',
    ]);
    expect(quickLinks(viewerOf(['Senior Sales Manager']))[0]).toMatchObject({
      title: 'Sales Order',
      url: '/sales/sales-order',
    });
  });

  it('follows the menu’s rules: a Factory Manager gets Sales Order only', () => {
    expect(keys(['Factory Manager'])).toEqual(['sales-order']);
  });

  it('follows the permissions: a Sales Manager has no master data screens', () => {
    expect(keys(['Sales Manager'])).toEqual(['sales-order', 'sales-report', 'canceled-sales']);
    expect(keys(['Stove Coupler'])).toEqual([]);
  });
});
