/**
 * The dashboards' own reads: stoves coupled per day (stove_reports) and completed orders per day
 * (sales_orders). Every other figure comes from its area's repository (sales lines, transfers, kit,
 * steel and inventory stock, factories).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';

interface DayRange {
  from: string;
  to: string;
  factoryId: string | undefined;
}

const atFactory = (factoryId: string | undefined) => (factoryId ? sql`and factory_id = ${factoryId}` : sql``);

/**
 * Stoves coupled per day from `from` to `to`: the submitted stove reports of each day (voided ones
 * do not count), days without reports absent. stove_reports_date_idx or stove_reports_factory_date_idx.
 */
export function coupledPerDay(db: Executor, range: DayRange): Promise<{ day: string; stoves: number }[]> {
  return queryRows<{ day: string; stoves: number }>(
    db,
    sql`select to_char(date, 'YYYY-MM-DD') as day, sum(stove_count)::int as stoves
          from stove_reports
         where status = 'submitted' and date between ${range.from}::date and ${range.to}::date ${atFactory(range.factoryId)}
         group by date`,
  );
}

/**
 * Completed orders per day from `from` to `to` (canceled ones left out), days without orders
 * absent. sales_orders_date_idx or sales_orders_factory_date_idx.
 */
export function ordersPerDay(db: Executor, range: DayRange): Promise<{ day: string; orders: number }[]> {
  return queryRows<{ day: string; orders: number }>(
    db,
    sql`select to_char(date, 'YYYY-MM-DD') as day, count(*)::int as orders
          from sales_orders
         where status = 'completed' and date between ${range.from}::date and ${range.to}::date ${atFactory(range.factoryId)}
         group by date`,
  );
}
