/**
 * Steel categories: the list (with each category's stock across the factories in view), the
 * options for selects, and the single-row reads and writes of create, change and (de)activate.
 */
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { ListSteelCategoriesQuery, SteelUnit } from '../../../common/contracts/steel';
import { queryRows, type Executor } from '../../db/client';
import { steelCategories } from '../../db/schema/production';
import { containsPattern, countCapped, whereAll, type Cursor } from '../../http/list';
import { masterDataRows, uniqueColumns } from '../master-data/master-data.repository';
import { isoTime } from '../../db/iso-time';

export type SteelCategoryTableRow = typeof steelCategories.$inferSelect;

/** A category as lists read it. */
export interface SteelCategoryListRow {
  id: string;
  name: string;
  grade: string | null;
  unit: SteelUnit;
  reorderLevel: number;
  active: boolean;
  /** Stock at the factory in view, or across all factories. */
  totalStock: number;
  createdAt: string;
  updatedAt: string;
}

type CategoryFilters = Omit<ListSteelCategoriesQuery, 'limit' | 'cursor'>;

/** The cursor value of each sort. */
export const STEEL_CATEGORY_SORT_VALUES: Record<CategoryFilters['sort'], (row: SteelCategoryListRow) => Cursor['v']> = {
  name: (r) => r.name,
  reorderLevel: (r) => r.reorderLevel,
  totalStock: (r) => r.totalStock,
  createdAt: (r) => r.createdAt,
};

/** The sort column of the listing subquery `c`. */
const SORT_COLUMNS: Record<CategoryFilters['sort'], SQL> = {
  name: sql`c.name`,
  reorderLevel: sql`c.reorder_level`,
  totalStock: sql`c.total_stock`,
  createdAt: sql`c.created_at`,
};

function filtersWhere(f: CategoryFilters): SQL | undefined {
  return whereAll(
    f.q
      ? sql`(c.name ilike ${containsPattern(f.q)} or coalesce(c.grade, '') ilike ${containsPattern(f.q)})`
      : undefined,
    f.active === undefined ? undefined : sql`c.active = ${f.active}`,
    f.unit ? sql`c.unit = ${f.unit}` : undefined,
  );
}

/** Every category with its stock (at `factoryId`, or everywhere when undefined), as rows `c`. */
function withStock(factoryId: string | undefined): SQL {
  const atFactory = factoryId ? sql`and s.factory_id = ${factoryId}` : sql``;
  return sql`(select sc.*,
                     coalesce((select sum(s.quantity) from steel_stock s
                                where s.category_id = sc.id ${atFactory}), 0) as total_stock
                from steel_categories sc) c`;
}

/** The page's rows after the cursor, in (sort, id) order. */
function afterCategoryCursor(f: CategoryFilters, cursor: Cursor | null): SQL | undefined {
  if (!cursor) return undefined;
  const column = SORT_COLUMNS[f.sort];
  const value =
    f.sort === 'createdAt' ? sql`(select created_at from steel_categories where id = ${cursor.id})` : sql`${cursor.v}`;
  return f.dir === 'asc'
    ? sql`(${column}, c.id) > (${value}, ${cursor.id}::uuid)`
    : sql`(${column}, c.id) < (${value}, ${cursor.id}::uuid)`;
}

const LIST_COLUMNS = sql`c.id, c.name, c.grade, c.unit, c.reorder_level::float8 as "reorderLevel", c.active,
                         c.total_stock::float8 as "totalStock",
                         ${isoTime(sql`c.created_at`)} as "createdAt", ${isoTime(sql`c.updated_at`)} as "updatedAt"`;

export function listSteelCategoryRows(
  db: Executor,
  f: CategoryFilters,
  factoryId: string | undefined,
  cursor: Cursor | null,
  limit: number,
): Promise<SteelCategoryListRow[]> {
  const where = whereAll(filtersWhere(f), afterCategoryCursor(f, cursor));
  const column = SORT_COLUMNS[f.sort];
  const dir = sql.raw(f.dir);
  return queryRows<SteelCategoryListRow>(
    db,
    sql`select ${LIST_COLUMNS} from ${withStock(factoryId)}
         ${where ? sql`where ${where}` : sql``}
         order by ${column} ${dir}, c.id ${dir}
         limit ${limit}`,
  );
}

export function countSteelCategories(db: Executor, f: CategoryFilters) {
  return countCapped(db, sql`steel_categories c`, filtersWhere(f));
}

/** One category as lists show it (stock at `factoryId`, or everywhere). */
export async function findSteelCategoryListRow(
  db: Executor,
  id: string,
  factoryId: string | undefined,
): Promise<SteelCategoryListRow | null> {
  const [row] = await queryRows<SteelCategoryListRow>(
    db,
    sql`select ${LIST_COLUMNS} from ${withStock(factoryId)} where c.id = ${id}`,
  );
  return row ?? null;
}

/** Active categories, by name, for selects. */
export function listSteelCategoryOptions(db: Executor) {
  return db
    .select({
      id: steelCategories.id,
      name: steelCategories.name,
      grade: steelCategories.grade,
      unit: steelCategories.unit,
    })
    .from(steelCategories)
    .where(eq(steelCategories.active, true))
    .orderBy(asc(steelCategories.name));
}

/** The name, unique in any case. */
export const STEEL_CATEGORY_UNIQUE_COLUMNS = uniqueColumns(steelCategories, {
  name: { column: steelCategories.name, anyCase: true, index: 'steel_categories_name_key' },
});

const rows = masterDataRows(steelCategories);
/** Locks the row for the rest of the transaction. */
export const lockSteelCategory = (db: Executor, id: string) => rows.lock(db, id);
/** Locks the row against change (deactivation) while a record uses it. */
export const lockSteelCategoryShared = (db: Executor, id: string) => rows.lock(db, id, 'share');
export const insertSteelCategory = rows.insert;
export const updateSteelCategoryRow = rows.update;

/** Whether any steel of this category was ever recorded (its unit then cannot change). */
export async function steelCategoryHasRecords(db: Executor, id: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from steel_records where category_id = ${id} limit 1`,
  );
  return rows.length > 0;
}
