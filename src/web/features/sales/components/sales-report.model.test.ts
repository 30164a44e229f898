import { describe, expect, it } from 'vitest';
import type { SalesReport } from '@common/contracts/sales-orders';
import {
  chosenCurrency,
  countedGroups,
  groupFigures,
  OTHER_KEY,
  periodFigures,
  returnedDetail,
  revenueChart,
  revenueSummary,
  stovesChart,
  stovesSummary,
} from './sales-report.model';
import {
  hasFilters,
  readSalesReportFilters,
  salesReportQuery,
  writeSalesReportFilters,
} from './sales-report-filters.model';

const TODAY = '2026-03-18';
const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function report(partial: Partial<SalesReport> = {}): SalesReport {
  return {
    from: '2026-01-01',
    to: '2026-03-18',
    period: 'month',
    groupBy: 'package',
    periods: ['2026-01-01', '2026-02-01', '2026-03-01'],
    groups: [
      { key: 'a', label: 'Ten pack', code: 'PK10' },
      { key: 'b', label: 'Single', code: 'SGL' },
    ],
    rows: [
      { period: '2026-01-01', key: 'a', currency: 'KES', packages: 2, stoves: 20, revenue: 60_000 },
      { period: '2026-01-01', key: 'b', currency: 'KES', packages: 3, stoves: 3, revenue: 10_500.5 },
      { period: '2026-03-01', key: 'b', currency: 'USD', packages: 1, stoves: 1, revenue: 27.5 },
    ],
    totals: {
      packages: 6,
      stoves: 24,
      revenue: [
        { currency: 'KES', amount: 70_500.5 },
        { currency: 'USD', amount: 27.5 },
      ],
      returned: { stoves: 0, credit: [] },
    },
    filters: { customer: null, seller: null },
    ...partial,
  };
}

describe('sales report model', () => {
  it('stacks stoves per period by group, every period listed, empty ones at 0', () => {
    const chart = stovesChart(report());
    expect(chart.series).toEqual([
      { dataKey: 's0', name: 'Ten pack' },
      { dataKey: 's1', name: 'Single' },
    ]);
    expect(chart.rows).toEqual([
      { period: '2026-01-01', label: 'Jan 2026', s0: 20, s1: 3 },
      { period: '2026-02-01', label: 'Feb 2026', s0: 0, s1: 0 },
      { period: '2026-03-01', label: 'Mar 2026', s0: 0, s1: 1 },
    ]);
  });

  it('draws the 8 biggest groups and sums the rest as Other', () => {
    const groups = Array.from({ length: 11 }, (_, i) => ({ key: `g${i}`, label: `Group ${i}`, code: null }));
    const rows = groups.map((g, i) => ({
      period: '2026-01-01',
      key: g.key,
      currency: 'KES',
      packages: 1,
      stoves: 20 - i,
      revenue: 1,
    }));
    const chart = stovesChart(report({ groups, rows, periods: ['2026-01-01'], to: '2026-01-31' }));
    expect(chart.series).toHaveLength(9);
    expect(chart.series[8]).toEqual({ dataKey: OTHER_KEY, name: 'Other (3 groups)' });
    // Groups 8, 9, 10: 12 + 11 + 10 stoves.
    expect(chart.rows[0]?.[OTHER_KEY]).toBe(33);
    expect(chart.rows[0]?.s0).toBe(20);
  });

  it('charts revenue in one currency, the main one unless another is chosen', () => {
    const r = report();
    expect(chosenCurrency(r, undefined)).toBe('KES');
    expect(chosenCurrency(r, 'USD')).toBe('USD');
    expect(chosenCurrency(r, 'EUR')).toBe('KES');
    expect(revenueChart(r, 'KES').map((p) => p.revenue)).toEqual([70_500.5, 0, 0]);
    expect(revenueChart(r, 'USD').map((p) => p.revenue)).toEqual([0, 0, 27.5]);
    expect(revenueSummary(revenueChart(r, 'KES'), 'KES')).toBe(
      'KES 70,500.50 in all. Highest in Jan 2026: KES 70,500.50.',
    );
    expect(
      chosenCurrency(
        report({ totals: { packages: 0, stoves: 0, revenue: [], returned: { stoves: 0, credit: [] } } }),
        undefined,
      ),
    ).toBeUndefined();
  });

  it('totals each group (with its share) and each period, per currency', () => {
    expect(groupFigures(report())).toEqual([
      { key: 'a', label: 'Ten pack', code: 'PK10', packages: 2, stoves: 20, revenue: { KES: 60_000 }, share: 20 / 24 },
      {
        key: 'b',
        label: 'Single',
        code: 'SGL',
        packages: 4,
        stoves: 4,
        revenue: { KES: 10_500.5, USD: 27.5 },
        share: 4 / 24,
      },
    ]);
    expect(periodFigures(report()).map((p) => [p.label, p.stoves, p.revenue])).toEqual([
      ['Jan 2026', 23, { KES: 70_500.5 }],
      ['Feb 2026', 0, {}],
      ['Mar 2026', 1, { USD: 27.5 }],
    ]);
  });

  it('says the chart in a sentence', () => {
    expect(stovesSummary(report())).toBe(
      '24 stoves sold in 2 packages. Most in Jan 2026 (23). Ten pack sold the most: 83.3% of the stoves.',
    );
    expect(stovesSummary(report({ groupBy: 'category' }))).toMatch(/^24 stoves sold in 2 sales categories\./);
    expect(countedGroups({ groupBy: 'factory' }, 1)).toBe('1 factory');
  });
});

describe('sales report filters', () => {
  it('defaults to this year so far, by month, grouped by factory (by package for a factory’s own user)', () => {
    expect(readSalesReportFilters(new URLSearchParams(), TODAY, { isGlobal: true })).toEqual({
      from: '2026-01-01',
      to: TODAY,
      period: 'month',
      groupBy: 'factory',
      factoryId: undefined,
      packageId: undefined,
      categoryId: undefined,
      customerId: undefined,
      sellerId: undefined,
      currency: undefined,
    });
    expect(readSalesReportFilters(new URLSearchParams(), TODAY, { isGlobal: false }).groupBy).toBe('package');
    // One day in the address: the other is this year's.
    expect(
      readSalesReportFilters(new URLSearchParams({ from: '2026-02-01' }), TODAY, { isGlobal: true }),
    ).toMatchObject({ from: '2026-02-01', to: TODAY });
  });

  it('reads the URL, ignoring unknown periods and groupings, and a factory for a factory’s own user', () => {
    const params = new URLSearchParams({
      from: '2025-01-01',
      to: '2025-03-31',
      period: 'week',
      groupBy: 'nonsense',
      factoryId: ID(1),
      customerId: ID(2),
      currency: 'USD',
    });
    expect(readSalesReportFilters(params, TODAY, { isGlobal: true })).toMatchObject({
      from: '2025-01-01',
      to: '2025-03-31',
      period: 'week',
      groupBy: 'factory',
      factoryId: ID(1),
      customerId: ID(2),
      currency: 'USD',
    });
    expect(readSalesReportFilters(params, TODAY, { isGlobal: false }).factoryId).toBeUndefined();
    expect(readSalesReportFilters(new URLSearchParams({ period: 'year' }), TODAY, { isGlobal: true }).period).toBe(
      'month',
    );
  });

  it('writes changes into the URL, removing cleared ones and keeping the rest', () => {
    const next = writeSalesReportFilters(new URLSearchParams('from=2025-01-01&packageId=x'), {
      packageId: undefined,
      groupBy: 'customer',
    });
    expect(next.toString()).toBe('from=2025-01-01&groupBy=customer');
  });

  it('checks the query with the contract: filters only when set, messages per field', () => {
    const filters = readSalesReportFilters(new URLSearchParams(), TODAY, { isGlobal: true });
    expect(salesReportQuery(filters)).toEqual({
      query: { from: '2026-01-01', to: TODAY, period: 'month', groupBy: 'factory' },
      errors: {},
    });
    expect(hasFilters(filters)).toBe(false);
    expect(hasFilters({ ...filters, sellerId: ID(3) })).toBe(true);
    expect(salesReportQuery({ ...filters, from: '2026-04-01' })).toEqual({
      query: null,
      errors: { to: 'The last day is before the first' },
    });
    expect(salesReportQuery({ ...filters, from: '2024-01-01', period: 'day' }).errors).toEqual({
      period: 'By day, a report spans at most a year: choose week or month',
    });
    expect(salesReportQuery({ ...filters, packageId: 'nope' }).errors).toEqual({ packageId: 'Must be a valid id' });
  });
});

describe('returnedDetail', () => {
  it('says what return notes credited, in each currency, or nothing when none', () => {
    const totals = { packages: 4, stoves: 1, revenue: [] };
    expect(returnedDetail({ totals: { ...totals, returned: { stoves: 0, credit: [] } } })).toBeNull();
    expect(
      returnedDetail({
        totals: {
          ...totals,
          returned: {
            stoves: 3,
            credit: [
              { currency: 'KES', amount: 10_500 },
              { currency: 'USD', amount: 20 },
            ],
          },
        },
      }),
    ).toBe('KES 10,500.00 + USD 20.00 credited on return notes, taken off the stoves and revenue');
  });
});
