/**
 * The Sales Report's controls, kept in the URL so a view can be bookmarked and shared: the days
 * (default: this year so far), the period (day, week, month), the grouping, the filters, and the
 * page's own choices (the revenue chart's currency, how many groups the table shows). The query
 * is checked with the endpoint's own contract before asking the server.
 */
import type { z } from 'zod';
import {
  SALES_REPORT_GROUPS,
  SALES_REPORT_PERIODS,
  salesReportQuerySchema,
  type SalesReportGroup,
  type SalesReportPeriod,
  type SalesReportQuery,
} from '@common/contracts/sales-orders';

export const SALES_REPORT_PERIOD_LABELS: Record<SalesReportPeriod, string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
};

export const SALES_REPORT_GROUP_LABELS: Record<SalesReportGroup, string> = {
  package: 'Package',
  category: 'Sales category',
  factory: 'Factory',
  customer: 'Customer',
  seller: 'Seller',
};

/** The filters a grouping's row can narrow the report to ("only this package"). */
export const GROUP_FILTER: Record<SalesReportGroup, FilterName> = {
  package: 'packageId',
  category: 'categoryId',
  factory: 'factoryId',
  customer: 'customerId',
  seller: 'sellerId',
};

export const FILTER_NAMES = ['factoryId', 'packageId', 'categoryId', 'customerId', 'sellerId'] as const;
export type FilterName = (typeof FILTER_NAMES)[number];

export interface SalesReportFilters {
  from: string;
  to: string;
  period: SalesReportPeriod;
  groupBy: SalesReportGroup;
  factoryId: string | undefined;
  packageId: string | undefined;
  categoryId: string | undefined;
  customerId: string | undefined;
  sellerId: string | undefined;
  /** The revenue chart's currency; undefined = the report's main one. */
  currency: string | undefined;
}

const value = (params: URLSearchParams, name: string) => params.get(name)?.trim() || undefined;

function oneOf<T extends string>(values: readonly T[], raw: string | undefined): T | undefined {
  return (values as readonly (string | undefined)[]).includes(raw) ? (raw as T) : undefined;
}

/** This year so far: 1 January to today. */
export function thisYear(today: string): { from: string; to: string } {
  return { from: `${today.slice(0, 4)}-01-01`, to: today };
}

/**
 * The controls in the URL. Defaults: this year so far (a day left out: 1 January, or today), by month,
 * grouped by factory for a user who sees every factory, by package for a factory's own user (their
 * one factory is no grouping).
 */
export function readSalesReportFilters(
  params: URLSearchParams,
  today: string,
  viewer: { isGlobal: boolean },
): SalesReportFilters {
  const defaults = thisYear(today);
  return {
    from: value(params, 'from') ?? defaults.from,
    to: value(params, 'to') ?? defaults.to,
    period: oneOf(SALES_REPORT_PERIODS, value(params, 'period')) ?? 'month',
    groupBy: oneOf(SALES_REPORT_GROUPS, value(params, 'groupBy')) ?? (viewer.isGlobal ? 'factory' : 'package'),
    factoryId: viewer.isGlobal ? value(params, 'factoryId') : undefined,
    packageId: value(params, 'packageId'),
    categoryId: value(params, 'categoryId'),
    customerId: value(params, 'customerId'),
    sellerId: value(params, 'sellerId'),
    currency: value(params, 'currency'),
  };
}

/** The URL's query after a change (other parameters kept; empty ones removed). */
export function writeSalesReportFilters(params: URLSearchParams, patch: Partial<SalesReportFilters>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, v] of Object.entries(patch)) {
    if (v) next.set(key, v);
    else next.delete(key);
  }
  return next;
}

/** Whether any filter narrows the report (the period and grouping are not filters). */
export function hasFilters(filters: SalesReportFilters): boolean {
  return FILTER_NAMES.some((name) => Boolean(filters[name]));
}

/** The patch that clears every filter. */
export const NO_FILTERS: Partial<SalesReportFilters> = Object.fromEntries(FILTER_NAMES.map((n) => [n, undefined]));

/** The first message per field of a failed contract check (e.g. { to: 'The last day is before the first' }). */
export function fieldMessages(error: z.ZodError | undefined): Partial<Record<string, string>> {
  const messages: Partial<Record<string, string>> = {};
  for (const issue of error?.issues ?? []) {
    const field = String(issue.path[0] ?? '_');
    messages[field] ??= issue.message;
  }
  return messages;
}

/** The request the controls make (null while they are not valid) and what is wrong, per field. */
export function salesReportQuery(filters: SalesReportFilters): {
  query: SalesReportQuery | null;
  errors: Partial<Record<string, string>>;
} {
  const checked = salesReportQuerySchema.safeParse({
    from: filters.from,
    to: filters.to,
    period: filters.period,
    groupBy: filters.groupBy,
    ...Object.fromEntries(FILTER_NAMES.flatMap((name) => (filters[name] ? [[name, filters[name]]] : []))),
  });
  return checked.success ? { query: checked.data, errors: {} } : { query: null, errors: fieldMessages(checked.error) };
}
