/** Reads of the steel overview: balances, categories, the factories holding steel, monthly usage. */
import { sql } from 'drizzle-orm';
import { STEEL_USAGE_KINDS, type SteelUnit } from '../../../common/contracts/steel';
import { queryRows, type Executor } from '../../db/client';

const atFactory = (factoryId: string | undefined, column = sql`factory_id`) =>
  factoryId ? sql`and ${column} = ${factoryId}` : sql``;

export interface StockRow {
  factoryId: string;
  categoryId: string;
  quantity: number;
}

/** Every balance row (a factory that holds or has held the steel), at one factory or all. */
export function listSteelStockRows(db: Executor, factoryId: string | undefined): Promise<StockRow[]> {
  return queryRows<StockRow>(
    db,
    sql`select factory_id as "factoryId", category_id as "categoryId", quantity::float8 as quantity
          from steel_stock where true ${atFactory(factoryId)}`,
  );
}

export interface OverviewCategoryRow {
  id: string;
  name: string;
  grade: string | null;
  unit: SteelUnit;
  reorderLevel: number;
  active: boolean;
}

export function listOverviewCategories(db: Executor): Promise<OverviewCategoryRow[]> {
  return queryRows<OverviewCategoryRow>(
    db,
    sql`select id, name, grade, unit, reorder_level::float8 as "reorderLevel", active
          from steel_categories order by name, id`,
  );
}

export interface OverviewFactoryRow {
  id: string;
  name: string;
  code: string;
}

/** The factories with a steel balance row (held steel at some time), by code. */
export function listSteelFactories(db: Executor, factoryId: string | undefined): Promise<OverviewFactoryRow[]> {
  return queryRows<OverviewFactoryRow>(
    db,
    sql`select f.id, f.name, f.code from factories f
         where exists (select 1 from steel_stock s where s.factory_id = f.id) ${atFactory(factoryId, sql`f.id`)}
         order by f.code`,
  );
}

export interface UsageRow {
  categoryId: string;
  /** "2026-01" */
  month: string;
  quantity: number;
}

/** Steel used, scrapped and consumed by CKD production per category and month, from `since` on. */
export function listMonthlyUsage(db: Executor, factoryId: string | undefined, since: string): Promise<UsageRow[]> {
  const kinds = sql.join(
    STEEL_USAGE_KINDS.map((k) => sql`${k}::steel_record_kind`),
    sql`, `,
  );
  return queryRows<UsageRow>(
    db,
    sql`select category_id as "categoryId", to_char(date, 'YYYY-MM') as month, sum(quantity)::float8 as quantity
          from steel_records
         where date >= ${since}::date and kind in (${kinds}) ${atFactory(factoryId)}
         group by category_id, to_char(date, 'YYYY-MM')`,
  );
}
