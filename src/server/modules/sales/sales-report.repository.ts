/**
 * The Sales Report's reads. The figures come from ONE table, sales_order_lines, whose rows carry
 * copies of their order's day, factory, customer, category, seller, currency and canceled flag:
 * a year of a million lines aggregates without a join. Returns are netted from ONE other table,
 * sales_return_items, whose rows carry the same copies (the day being the return's): summed per
 * day with a negative sign and unioned with the lines' days. The names of the groups are read
 * after, for the groups found only.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  SALES_REPORT_NO_SELLER,
  type SalesReportGroup,
  type SalesReportPeriod,
} from '../../../common/contracts/sales-orders';
import { queryRows, type Executor } from '../../db/client';
import { sqlTextArray } from '../stove-ids/stove-id-status.repository';
import { OF_COMPLETED_ORDERS } from './sales-returns.repository';

export interface SalesReportFilter {
  from: string;
  to: string;
  period: SalesReportPeriod;
  groupBy: SalesReportGroup;
  factoryId?: string | undefined;
  packageId?: string | undefined;
  categoryId?: string | undefined;
  customerId?: string | undefined;
  sellerId?: string | undefined;
}

/** One non-empty cell: a period (its first day), a group, a currency. */
export interface SalesReportCell {
  period: string;
  key: string;
  currency: string;
  packages: number;
  stoves: number;
  /** Net of returns. Exact, as PostgreSQL summed it (numeric). */
  revenue: string;
  /** Stoves returned on return notes of the period (already taken off `stoves`). */
  returnedStoves: number;
  /** Their credit (already taken off `revenue`), numeric. */
  returnedCredit: string;
}

/** The column of sales_order_lines each grouping reads. */
const GROUP_COLUMN: Record<SalesReportGroup, SQL> = {
  package: sql.raw('package_id'),
  category: sql.raw('category_id'),
  factory: sql.raw('factory_id'),
  customer: sql.raw('customer_id'),
  seller: sql.raw('seller_id'),
};

/**
 * The first day of a line's period: the day, the Monday of its ISO week (date_trunc's week), the
 * 1st of its month. Applied to the days of the pre-aggregate below, not to every line.
 */
function periodStart(period: SalesReportPeriod, day: SQL): SQL {
  switch (period) {
    case 'day':
      return day;
    case 'week':
      return sql`date_trunc('week', ${day}::timestamp)::date`;
    case 'month':
      return sql`date_trunc('month', ${day}::timestamp)::date`;
  }
}

/**
 * Packages, stoves and revenue per period × group × currency, canceled lines left out, net of the
 * returns of completed orders (on the return's day). The lines and the returned IDs are summed per
 * day first (what the date indexes serve), then the days per period: date_trunc runs once per day
 * and group, not once per line.
 */
export async function salesReportCells(db: Executor, filter: SalesReportFilter): Promise<SalesReportCell[]> {
  const group = GROUP_COLUMN[filter.groupBy];
  const conditions: SQL[] = [sql`date between ${filter.from}::date and ${filter.to}::date`];
  if (filter.factoryId) conditions.push(sql`factory_id = ${filter.factoryId}`);
  if (filter.packageId) conditions.push(sql`package_id = ${filter.packageId}`);
  if (filter.categoryId) conditions.push(sql`category_id = ${filter.categoryId}`);
  if (filter.customerId) conditions.push(sql`customer_id = ${filter.customerId}`);
  if (filter.sellerId) conditions.push(sql`seller_id = ${filter.sellerId}`);
  const where = sql.join(conditions, sql` and `);
  const perDay = sql`
    select day, key, currency, sum(packages) as packages, sum(stoves) as stoves, sum(revenue) as revenue,
           sum(returned) as returned, sum(credit) as credit
      from (select date as day, ${group} as key, currency, sum(quantity) as packages,
                   sum(quantity * stoves_per_package) as stoves, sum(line_total) as revenue,
                   0 as returned, 0 as credit
              from sales_order_lines
             where not canceled and ${where}
             group by date, ${group}, currency
             union all
            select date, ${group}, currency, 0, -count(*), -sum(credit), count(*), sum(credit)
              from sales_return_items
             where ${where}
               and ${OF_COMPLETED_ORDERS}
             group by date, ${group}, currency) u
     group by day, key, currency`;
  const rows =
    filter.period === 'day'
      ? await queryRows<Record<keyof SalesReportCell, string | number | null>>(
          db,
          sql`select to_char(day, 'YYYY-MM-DD') as period, key::text as key, currency,
                     packages::bigint as packages, stoves::bigint as stoves, revenue::text as revenue,
                     returned::bigint as "returnedStoves", credit::text as "returnedCredit"
                from (${perDay}) d`,
        )
      : await queryRows<Record<keyof SalesReportCell, string | number | null>>(
          db,
          sql`select to_char(period, 'YYYY-MM-DD') as period, key::text as key, currency,
                     sum(packages)::bigint as packages, sum(stoves)::bigint as stoves, sum(revenue)::text as revenue,
                     sum(returned)::bigint as "returnedStoves", sum(credit)::text as "returnedCredit"
                from (select ${periodStart(filter.period, sql`day`)} as period, key, currency, packages, stoves,
                             revenue, returned, credit
                        from (${perDay}) d) p
               group by period, key, currency`,
        );
  return rows.map((r) => ({
    period: String(r.period),
    key: r.key === null ? SALES_REPORT_NO_SELLER : String(r.key),
    currency: String(r.currency),
    packages: Number(r.packages),
    stoves: Number(r.stoves),
    revenue: String(r.revenue),
    returnedStoves: Number(r.returnedStoves),
    returnedCredit: String(r.returnedCredit),
  }));
}

export interface GroupLabel {
  key: string;
  label: string;
  code: string | null;
}

/** The names (and codes, where the records have one) of the groups found, by key. */
export async function salesReportGroupLabels(
  db: Executor,
  groupBy: SalesReportGroup,
  keys: readonly string[],
): Promise<Map<string, GroupLabel>> {
  const ids = keys.filter((k) => k !== SALES_REPORT_NO_SELLER);
  if (ids.length === 0) return new Map();
  const wanted = sql`${sqlTextArray(ids)}::uuid[]`;
  let query: SQL;
  switch (groupBy) {
    case 'package':
      query = sql`select id::text as key, name as label, code from sales_packages where id = any(${wanted})`;
      break;
    case 'category':
      query = sql`select id::text as key, name as label, code from sales_categories where id = any(${wanted})`;
      break;
    case 'factory':
      query = sql`select id::text as key, name as label, code from factories where id = any(${wanted})`;
      break;
    case 'customer':
      query = sql`select id::text as key, name as label, null as code from partners where id = any(${wanted})`;
      break;
    case 'seller':
      query = sql`select u.id::text as key, coalesce(p.name, u.name, u.email) as label, null as code
                    from users u left join profiles p on p.id = u.id
                   where u.id = any(${wanted})`;
      break;
  }
  const rows = await queryRows<GroupLabel>(db, query);
  return new Map(rows.map((r) => [r.key, r]));
}
