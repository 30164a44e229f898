/** What the Steel Overview shows, from the overview answer: low stock, summary figures and the usage chart's data. */
import { formatSteelQuantity, type SteelOverview, type SteelUnit } from '@common/contracts/steel';

type OverviewCategory = SteelOverview['categories'][number];

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Jan 2026" from "2026-01". */
export function formatMonth(month: string): string {
  const [year, m] = month.split('-');
  return `${MONTH_NAMES[Number(m) - 1] ?? m} ${year}`;
}

export interface LowStockEntry {
  category: OverviewCategory;
  /** The factories holding less than the reorder level, by code. */
  factoriesBelow: { code: string; name: string; quantity: number }[];
}

/** Categories whose total stock is below their reorder level, the furthest below first. */
export function lowStock(overview: SteelOverview): LowStockEntry[] {
  const factories = new Map(overview.factories.map((f) => [f.id, f]));
  return overview.categories
    .filter((c) => c.belowReorder)
    .map((category) => ({
      category,
      factoriesBelow: category.stock.flatMap((s) => {
        const f = factories.get(s.factoryId);
        return s.belowReorder && f ? [{ code: f.code, name: f.name, quantity: s.quantity }] : [];
      }),
    }))
    .sort((a, b) => shortfall(b.category) - shortfall(a.category));
}

/** How far below its reorder level a category is, as a share of that level. */
function shortfall(c: OverviewCategory): number {
  return c.reorderLevel > 0 ? (c.reorderLevel - c.total) / c.reorderLevel : 0;
}

/** Stock of each unit across the categories, e.g. "12,400 kg" and "35 sheets". */
export function stockTotals(overview: SteelOverview): string[] {
  return totalsByUnit(overview.categories.map((c) => ({ unit: c.unit, quantity: c.total })));
}

/** Usage of each unit in the latest month of the trend. */
export function usageThisMonth(overview: SteelOverview): string[] {
  const last = overview.usage.months.length - 1;
  return totalsByUnit(overview.usage.series.map((s) => ({ unit: s.unit, quantity: s.quantities[last] ?? 0 })));
}

function totalsByUnit(items: { unit: SteelUnit; quantity: number }[]): string[] {
  const sums = new Map<SteelUnit, number>();
  for (const i of items) sums.set(i.unit, (sums.get(i.unit) ?? 0) + i.quantity);
  return (['kg', 'sheet'] as const).flatMap((unit) => {
    const sum = sums.get(unit);
    return sum === undefined ? [] : [formatSteelQuantity(round3(sum), unit)];
  });
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

export interface UsageChart {
  unit: SteelUnit;
  /** One row per month: { month: "2026-01", [categoryId]: quantity }. */
  rows: Record<string, string | number>[];
  series: { key: string; name: string }[];
  /** The same in words, for screen readers and as the chart's caption. */
  summary: string;
}

/** One stacked chart per unit (kilograms and sheets do not add up), months oldest first. */
export function usageCharts(usage: SteelOverview['usage']): UsageChart[] {
  return (['kg', 'sheet'] as const).flatMap((unit) => {
    const series = usage.series.filter((s) => s.unit === unit);
    if (series.length === 0) return [];
    const rows = usage.months.map((month, i) => {
      const row: Record<string, string | number> = { month };
      for (const s of series) row[s.categoryId] = s.quantities[i] ?? 0;
      return row;
    });
    return [
      {
        unit,
        rows,
        series: series.map((s) => ({ key: s.categoryId, name: s.name })),
        summary: usageSummary(usage.months, series, unit),
      },
    ];
  });
}

/** "Over the last 12 months, 9,870 kg was used; the most in Mar 2026 (1,200 kg). Mild steel … used the most (6,100 kg)." */
export function usageSummary(
  months: readonly string[],
  series: readonly { name: string; quantities: readonly number[] }[],
  unit: SteelUnit,
): string {
  const perMonth = months.map((_, i) => round3(series.reduce((sum, s) => sum + (s.quantities[i] ?? 0), 0)));
  const total = round3(perMonth.reduce((a, b) => a + b, 0));
  if (total === 0)
    return `No steel measured in ${unit === 'kg' ? 'kg' : 'sheets'} was used in the last ${months.length} months.`;
  const peak = perMonth.indexOf(Math.max(...perMonth));
  const byCategory = series
    .map((s) => ({ name: s.name, sum: round3(s.quantities.reduce((a, b) => a + b, 0)) }))
    .sort((a, b) => b.sum - a.sum);
  const top = byCategory[0];
  const parts = [
    `Over the last ${months.length} months, ${formatSteelQuantity(total, unit)} was used (including scrap and CKD production)`,
    `the most in ${formatMonth(months[peak] ?? '')} (${formatSteelQuantity(perMonth[peak] ?? 0, unit)})`,
  ];
  const sentence = `${parts.join('; ')}.`;
  return top && series.length > 1
    ? `${sentence} ${top.name} used the most (${formatSteelQuantity(top.sum, unit)}).`
    : sentence;
}
