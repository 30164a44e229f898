/** Words and figures of the Sales overview (/sales): pure, unit-tested. */
import { dayLabel } from '@common/calendar-days';
import { counted } from '@common/counted';
import type { MeResponse } from '@common/contracts/me';
import type { SalesOverview } from '@common/contracts/sales-orders';
import { visibleMenu, type MenuItem } from '@common/permissions';

/** Who looks at the overview (given by src/web/app from the signed-in user). */
export type SalesOverviewViewer = Pick<MeResponse, 'groups' | 'permissions' | 'isGlobal' | 'factory'>;

export const SALES_ORDER_PATH = '/sales/sales-order';
export const NEW_SALES_ORDER_PATH = `${SALES_ORDER_PATH}?new=1`;
export const CANCELED_SALES_PATH = '/sales/canceled-sales';
const STOVE_IDS_PATH = '/stove-id/management';

/** The days of this month so far: "1–7 Sep 2026" ("1 Sep 2026" on the first). */
export function monthSoFar(today: string): string {
  return today.endsWith('-01') ? dayLabel(today) : `1–${dayLabel(today)}`;
}

/** "7 Sep" (the chart's axis: the year is in the title's range). */
export function shortDayLabel(day: string): string {
  return dayLabel(day).slice(0, -5);
}

export type ChangeDirection = 'up' | 'down' | 'same' | 'new' | 'none';

export interface Change {
  direction: ChangeDirection;
  /** "+12% on last month", "−8% on last month", "Same as last month", "None last month", "None last month either". */
  text: string;
}

/** This month's figure against last month's, as a percentage change in words. */
export function changeOnLastMonth(current: number, previous: number): Change {
  if (previous === 0)
    return current === 0
      ? { direction: 'none', text: 'None last month either' }
      : { direction: 'new', text: 'None last month' };
  if (current === previous) return { direction: 'same', text: 'Same as last month' };
  const percent = ((current - previous) / previous) * 100;
  const size = Math.abs(percent) < 1 ? '<1' : Math.round(Math.abs(percent)).toLocaleString('en-US');
  return current > previous
    ? { direction: 'up', text: `+${size}% on last month` }
    : { direction: 'down', text: `−${size}% on last month` };
}

export interface CurrencyRevenue {
  currency: string;
  amount: number;
  lastMonth: number;
  change: Change;
}

/**
 * Revenue per currency this month against last month (prices are never converted): this month's
 * currencies first (biggest first, as the server sends them), then those sold only last month.
 */
export function revenueByCurrency(overview: Pick<SalesOverview, 'thisMonth' | 'lastMonth'>): CurrencyRevenue[] {
  const last = new Map(overview.lastMonth.revenue.map((r) => [r.currency, r.amount]));
  const rows = overview.thisMonth.revenue.map((r) => ({ currency: r.currency, amount: r.amount }));
  const seen = new Set(rows.map((r) => r.currency));
  for (const r of overview.lastMonth.revenue) if (!seen.has(r.currency)) rows.push({ currency: r.currency, amount: 0 });
  return rows.map((r) => {
    const lastMonth = last.get(r.currency) ?? 0;
    return { ...r, lastMonth, change: changeOnLastMonth(r.amount, lastMonth) };
  });
}

/** The validated stoves of every factory shown. */
export function readyToSellTotal(overview: Pick<SalesOverview, 'readyToSell'>): number {
  return overview.readyToSell.reduce((n, f) => n + f.stoves, 0);
}

/** Stove ID Management filtered to a factory's validated (sellable) IDs. */
export function validatedStoveIdsHref(factoryId: string): string {
  return `${STOVE_IDS_PATH}?${new URLSearchParams({ status: 'validated', factoryId }).toString()}`;
}

export interface DailyRow {
  day: string;
  label: string;
  stoves: number;
}

/** The chart's rows: every day of the last 30, oldest first, labelled "7 Sep". */
export function dailyRows(daily: SalesOverview['daily']): DailyRow[] {
  return daily.map((d) => ({ day: d.day, label: shortDayLabel(d.day), stoves: d.stoves }));
}

/** The 30 days in one sentence (for screen readers, and under the chart's title). */
export function dailySummary(daily: SalesOverview['daily']): string {
  const first = daily[0];
  const last = daily.at(-1);
  if (!first || !last) return 'No days to show.';
  const range = `${dayLabel(first.day)} to ${dayLabel(last.day)}`;
  const total = daily.reduce((n, d) => n + d.stoves, 0);
  if (total === 0) return `No stoves sold from ${range}.`;
  let best = first;
  for (const d of daily) if (d.stoves > best.stoves) best = d;
  const withSales = daily.filter((d) => d.stoves > 0).length;
  return (
    `${counted(total, 'stove')} sold from ${range}, on ${counted(withSales, 'day')} of ${daily.length}. ` +
    `The busiest day was ${dayLabel(best.day)} with ${counted(best.stoves, 'stove')}.`
  );
}

export interface QuickLink {
  key: MenuItem['key'];
  title: string;
  url: string;
  description: string;
}

/** The sales screens in the order a manager reaches for them, with a line about each. */
const QUICK_LINKS: readonly { key: MenuItem['key']; description: string }[] = [
  { key: 'sales-order', description: 'Make an order, find one, print its delivery note.' },
  { key: 'sales-report', description: 'Units and revenue by period, package, customer and seller.' },
  { key: 'canceled-sales', description: 'Canceled orders and why.' },
  { key: 'price-allocation', description: 'The price of each package in each sales category.' },
  { key: 'sales-packages', description: 'What is sold: stoves per package and extras.' },
  { key: 'sales-categories', description: 'Customer segments and channels.' },
];

/** The sales screens this user's menu offers (their permissions and the menu's rules). */
export function quickLinks(viewer: Pick<SalesOverviewViewer, 'groups' | 'permissions'>): QuickLink[] {
  const menu = visibleMenu(viewer.groups, new Set(viewer.permissions));
  const items = new Map<string, MenuItem>();
  for (const entry of menu)
    if (entry.kind === 'group' && entry.group.key === 'sales') for (const i of entry.group.items) items.set(i.key, i);
  return QUICK_LINKS.flatMap(({ key, description }) => {
    const item = items.get(key);
    return item ? [{ key, title: item.title, url: item.url, description }] : [];
  });
}
