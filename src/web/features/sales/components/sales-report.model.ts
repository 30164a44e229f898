/**
 * What the Sales Report page draws from the report: the stoves chart (the biggest groups stacked
 * per period, the rest as "Other"), the revenue chart of one currency, the totals per group and
 * per period, and the sentences that say the same for screen readers.
 */
import { periodSlots } from '@common/calendar-days';
import { formatMoney } from '@common/contracts/sales';
import type { SalesReport, SalesReportGroup } from '@common/contracts/sales-orders';
import { counted } from '@common/counted';

/** What a group of each grouping is called, one and several. */
export const GROUP_NOUNS: Record<SalesReportGroup, { one: string; other: string }> = {
  package: { one: 'package', other: 'packages' },
  category: { one: 'sales category', other: 'sales categories' },
  factory: { one: 'factory', other: 'factories' },
  customer: { one: 'customer', other: 'customers' },
  seller: { one: 'seller', other: 'sellers' },
};

/** "3 customers", "1 sales category": the report's groups counted. */
export function countedGroups(report: Pick<SalesReport, 'groupBy'>, n: number): string {
  const noun = GROUP_NOUNS[report.groupBy];
  return counted(n, noun.one, noun.other);
}

/** Groups drawn on their own in the stoves chart; the others are summed as "Other". */
export const CHART_GROUPS = 8;
export const OTHER_KEY = 'other';

/** Money summed in the browser, rounded back to cents. */
const cents = (amount: number) => Math.round(amount * 100) / 100;

/** Each period key (its first day) → its label: "3 Mar 2025", "Week 10, 2025", "Mar 2025". */
export function periodLabels(report: Pick<SalesReport, 'period' | 'from' | 'to'>): Map<string, string> {
  return new Map(periodSlots(report.period, report.from, report.to).map((slot) => [slot.key, slot.label]));
}

export interface ChartSeries {
  /** The bar's data key: s0…s7, or "other". */
  dataKey: string;
  name: string;
}

export interface StovesChart {
  series: ChartSeries[];
  /** One row per period: `period`, `label`, and the stoves of each series. */
  rows: Record<string, string | number>[];
}

/** Stoves per period, the CHART_GROUPS biggest groups stacked, every other group in "Other". */
export function stovesChart(report: SalesReport): StovesChart {
  const top = report.groups.slice(0, CHART_GROUPS);
  const seriesOf = new Map(top.map((g, i) => [g.key, `s${i}`]));
  const series: ChartSeries[] = top.map((g, i) => ({ dataKey: `s${i}`, name: g.label }));
  if (report.groups.length > CHART_GROUPS) {
    const rest = report.groups.length - CHART_GROUPS;
    series.push({ dataKey: OTHER_KEY, name: `Other (${counted(rest, 'group')})` });
  }
  const labels = periodLabels(report);
  const rows = report.periods.map((period) => {
    const row: Record<string, string | number> = { period, label: labels.get(period) ?? period };
    for (const s of series) row[s.dataKey] = 0;
    return row;
  });
  const rowOf = new Map(rows.map((row) => [row.period, row]));
  for (const cell of report.rows) {
    const row = rowOf.get(cell.period);
    if (!row) continue;
    const key = seriesOf.get(cell.key) ?? OTHER_KEY;
    row[key] = Number(row[key] ?? 0) + cell.stoves;
  }
  return { series, rows };
}

/** The report's currencies, the main one (most stoves) first. */
export function reportCurrencies(report: SalesReport): string[] {
  return report.totals.revenue.map((r) => r.currency);
}

/** The currency a chart shows: the one asked for when the report has it, else the main one. */
export function chosenCurrency(report: SalesReport, asked: string | undefined): string | undefined {
  const currencies = reportCurrencies(report);
  return asked && currencies.includes(asked) ? asked : currencies[0];
}

/** Revenue per period in one currency (every period, 0 where nothing was sold in it). */
export function revenueChart(
  report: SalesReport,
  currency: string,
): { period: string; label: string; revenue: number }[] {
  const labels = periodLabels(report);
  const sums = new Map<string, number>();
  for (const cell of report.rows)
    if (cell.currency === currency) sums.set(cell.period, (sums.get(cell.period) ?? 0) + cell.revenue);
  return report.periods.map((period) => ({
    period,
    label: labels.get(period) ?? period,
    revenue: cents(sums.get(period) ?? 0),
  }));
}

export interface Figures {
  packages: number;
  stoves: number;
  /** By currency. */
  revenue: Record<string, number>;
}

const noFigures = (): Figures => ({ packages: 0, stoves: 0, revenue: {} });

function add(figures: Figures, cell: SalesReport['rows'][number]): void {
  figures.packages += cell.packages;
  figures.stoves += cell.stoves;
  figures.revenue[cell.currency] = cents((figures.revenue[cell.currency] ?? 0) + cell.revenue);
}

export interface GroupFigures extends Figures {
  key: string;
  label: string;
  code: string | null;
  /** Of all stoves in the report, 0..1. */
  share: number;
}

/** Each group's totals over the whole range, in the report's order (biggest first). */
export function groupFigures(report: SalesReport): GroupFigures[] {
  const byKey = new Map(report.groups.map((g) => [g.key, noFigures()]));
  for (const cell of report.rows) {
    const figures = byKey.get(cell.key);
    if (figures) add(figures, cell);
  }
  const all = report.totals.stoves;
  return report.groups.map((g) => {
    const figures = byKey.get(g.key) ?? noFigures();
    return { ...g, ...figures, share: all > 0 ? figures.stoves / all : 0 };
  });
}

export interface PeriodFigures extends Figures {
  period: string;
  label: string;
}

/** Each period's totals over every group (every period, the empty ones too). */
export function periodFigures(report: SalesReport): PeriodFigures[] {
  const labels = periodLabels(report);
  const byPeriod = new Map(report.periods.map((p) => [p, noFigures()]));
  for (const cell of report.rows) {
    const figures = byPeriod.get(cell.period);
    if (figures) add(figures, cell);
  }
  return report.periods.map((period) => ({
    period,
    label: labels.get(period) ?? period,
    ...(byPeriod.get(period) ?? noFigures()),
  }));
}

/** "1,234" */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/**
 * What return notes of the range took back, already taken off the figures: "KES 1,500.00 credited
 * on return notes" (several currencies joined with " + "), or null when nothing was returned.
 */
export function returnedDetail(report: Pick<SalesReport, 'totals'>): string | null {
  const { returned } = report.totals;
  if (returned.stoves === 0) return null;
  const credit = returned.credit.map((c) => formatMoney(c.amount, c.currency)).join(' + ');
  return `${credit} credited on return notes, taken off the stoves and revenue`;
}

/** "KES 4,500.00", or "—" when nothing was sold in that currency. */
export function formatRevenue(amount: number | undefined, currency: string): string {
  return amount === undefined ? '—' : formatMoney(amount, currency);
}

/** "42.5%" */
export function formatShare(share: number): string {
  return `${(share * 100).toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
}

/** The stoves chart in one sentence (for screen readers, and under the chart's title). */
export function stovesSummary(report: SalesReport): string {
  const periods = periodFigures(report);
  let best = periods[0];
  for (const p of periods) if (best && p.stoves > best.stoves) best = p;
  const leader = report.groups[0];
  const parts = [`${counted(report.totals.stoves, 'stove')} sold in ${countedGroups(report, report.groups.length)}.`];
  if (best && best.stoves > 0) parts.push(`Most in ${best.label} (${formatCount(best.stoves)}).`);
  if (leader) {
    const share = groupFigures(report)[0]?.share ?? 0;
    parts.push(`${leader.label} sold the most: ${formatShare(share)} of the stoves.`);
  }
  return parts.join(' ');
}

/** The revenue chart in one sentence. */
export function revenueSummary(points: { label: string; revenue: number }[], currency: string): string {
  const total = cents(points.reduce((sum, p) => sum + p.revenue, 0));
  let best = points[0];
  for (const p of points) if (best && p.revenue > best.revenue) best = p;
  const most = best && best.revenue > 0 ? ` Highest in ${best.label}: ${formatMoney(best.revenue, currency)}.` : '';
  return `${formatMoney(total, currency)} in all.${most}`;
}
