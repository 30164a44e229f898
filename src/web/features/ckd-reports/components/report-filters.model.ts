/**
 * The CKD reports' filters, kept in the URL: a date range (a preset or custom days), factory and
 * kit category. The range is checked with the endpoint's own contract before asking the server.
 */
import type { z } from 'zod';
import { addDays, dayLabel, monthEnd, monthStart } from '@common/calendar-days';
import type { KitFigures } from '@common/contracts/ckd-reports';

export const RANGE_PRESETS = ['this-month', 'last-month', 'this-year', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export const RANGE_PRESET_LABELS: Record<RangePreset, string> = {
  'this-month': 'This month',
  'last-month': 'Last month',
  'this-year': 'This year',
  custom: 'Custom dates',
};

export interface DayRange {
  from: string;
  to: string;
}

/** A range as the period field shows it: `period: 'custom'` once the person chose or typed days. */
export interface PeriodValue extends DayRange {
  period: 'custom' | undefined;
}

export interface ReportFilters extends PeriodValue {
  factoryId: string | undefined;
  categoryId: string | undefined;
}

/** The days of a preset, up to today for the current month and year ('custom' has none). */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, today: string): DayRange {
  switch (preset) {
    case 'this-month':
      return { from: monthStart(today), to: today };
    case 'last-month': {
      const lastMonth = addDays(monthStart(today), -1);
      return { from: monthStart(lastMonth), to: monthEnd(lastMonth) };
    }
    case 'this-year':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

/** The preset these days are, or 'custom' (also when the person chose custom dates). */
export function presetOf(range: PeriodValue, today: string): RangePreset {
  if (range.period === 'custom') return 'custom';
  for (const preset of ['this-month', 'last-month', 'this-year'] as const) {
    const days = presetRange(preset, today);
    if (days.from === range.from && days.to === range.to) return preset;
  }
  return 'custom';
}

const value = (params: URLSearchParams, name: string) => params.get(name)?.trim() || undefined;

/** The filters in the URL; without dates, this month. */
export function readReportFilters(params: URLSearchParams, today: string): ReportFilters {
  const defaults = presetRange('this-month', today);
  const from = value(params, 'from');
  const to = value(params, 'to');
  return {
    from: from ?? (to ? '' : defaults.from),
    to: to ?? (from ? '' : defaults.to),
    period: value(params, 'period') === 'custom' ? 'custom' : undefined,
    factoryId: value(params, 'factoryId'),
    categoryId: value(params, 'categoryId'),
  };
}

/** The URL's query after a change of filters (other parameters kept; empty ones removed). */
export function writeReportFilters(params: URLSearchParams, patch: Partial<ReportFilters>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, v] of Object.entries(patch)) {
    if (v) next.set(key, v);
    else next.delete(key);
  }
  return next;
}

/** The first message per field of a failed contract check (e.g. { to: 'The end date must be…' }). */
export function fieldMessages(error: z.ZodError | undefined): Partial<Record<string, string>> {
  const messages: Partial<Record<string, string>> = {};
  for (const issue of error?.issues ?? []) {
    const field = String(issue.path[0] ?? '_');
    messages[field] ??= issue.message;
  }
  return messages;
}

/** The report's query parameters (for the endpoint and its CSV export). */
export function reportQueryString(params: Readonly<Record<string, string | undefined>>): string {
  const search = new URLSearchParams();
  for (const [key, v] of Object.entries(params)) if (v) search.set(key, v);
  return search.toString();
}

const shortDayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** "5 Mar 2025" from 2025-03-05 (the day itself, whatever the browser's time zone). */
export const formatDay = dayLabel;

/** "5 Mar" from 2025-03-05, for chart axes. */
export function formatShortDay(day: string): string {
  return shortDayFormat.format(new Date(`${day}T00:00:00Z`));
}

/** "1 Jan 2025 – 31 Jan 2025", or one day. */
export function formatRange(range: DayRange): string {
  return range.from === range.to ? formatDay(range.from) : `${formatDay(range.from)} – ${formatDay(range.to)}`;
}

const numberFormat = new Intl.NumberFormat('en-US');

/** 1,234 (negative adjustments keep their sign). */
export function formatKits(n: number): string {
  return numberFormat.format(n);
}

/**
 * One sentence on a factory's days for screen readers and as the chart's summary: the stock at
 * the start and end, the kits used, and the day most were used.
 */
export function daysSummary(days: readonly ({ day: string } & KitFigures)[]): string {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return 'No days in this range.';
  const consumed = days.reduce((sum, d) => sum + d.consumed, 0);
  let busiest = first;
  for (const d of days) if (d.consumed > busiest.consumed) busiest = d;
  const stock = `Stock went from ${formatKits(first.opening)} kits at the start of ${formatDay(first.day)} to ${formatKits(last.closing)} at the end of ${formatDay(last.day)}.`;
  const used =
    consumed === 0
      ? 'No kits were consumed.'
      : `${formatKits(consumed)} kits were consumed in all, most on ${formatDay(busiest.day)} (${formatKits(busiest.consumed)}).`;
  return `${stock} ${used}`;
}
