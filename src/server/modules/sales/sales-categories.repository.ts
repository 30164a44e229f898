/** SQL of sales categories (sales_categories), each with the number of prices set for it. */
import { asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { ListSalesCategoriesQuery } from '../../../common/contracts/sales';
import type { Executor } from '../../db/client';
import { salesCategories } from '../../db/schema/sales';
import {
  afterCursor,
  containsPattern,
  countCapped,
  cursorRowValue,
  orderBy,
  whereAll,
  type Cursor,
} from '../../http/list';
import { masterDataRows, uniqueColumns } from '../master-data/master-data.repository';

export type SalesCategoryRow = typeof salesCategories.$inferSelect;

export interface SalesCategoryListRow extends SalesCategoryRow {
  priceCount: number;
}

type CategoryFilters = Omit<ListSalesCategoriesQuery, 'limit' | 'cursor'>;

const c = salesCategories;

export const SALES_CATEGORY_SORT_VALUES: Record<CategoryFilters['sort'], (row: SalesCategoryRow) => Cursor['v']> = {
  name: (r) => r.name,
  code: (r) => r.code,
  createdAt: (r) => r.createdAt.toISOString(),
};

const SORT_COLUMNS = { name: c.name, code: c.code, createdAt: c.createdAt } as const;

function filtersWhere(f: CategoryFilters): SQL | undefined {
  const pattern = f.q ? containsPattern(f.q) : undefined;
  return whereAll(
    pattern ? or(ilike(c.name, pattern), ilike(c.code, pattern), ilike(c.description, pattern)) : undefined,
    f.active === undefined ? undefined : eq(c.active, f.active),
  );
}

const priceCount =
  sql<number>`(select count(*) from sales_prices p where p.category_id = sales_categories.id)::int`.mapWith(Number);

function selectListRows(db: Executor) {
  return db
    .select({
      id: c.id,
      name: c.name,
      code: c.code,
      description: c.description,
      active: c.active,
      createdAt: c.createdAt,
      createdBy: c.createdBy,
      updatedAt: c.updatedAt,
      updatedBy: c.updatedBy,
      priceCount,
    })
    .from(c);
}

export function listSalesCategoryRows(
  db: Executor,
  f: CategoryFilters,
  cursor: Cursor | null,
  limit: number,
): Promise<SalesCategoryListRow[]> {
  const sort = SORT_COLUMNS[f.sort];
  const exact = f.sort === 'createdAt' ? cursorRowValue(c, c.createdAt, c.id, cursor) : undefined;
  return selectListRows(db)
    .where(whereAll(filtersWhere(f), afterCursor(sort, c.id, f.dir, cursor, exact)))
    .orderBy(...orderBy(sort, c.id, f.dir))
    .limit(limit);
}

export function countSalesCategories(db: Executor, f: CategoryFilters) {
  return countCapped(db, sql`${c}`, filtersWhere(f), c);
}

export async function findSalesCategoryListRow(db: Executor, id: string): Promise<SalesCategoryListRow | null> {
  const [row] = await selectListRows(db).where(eq(c.id, id));
  return row ?? null;
}

/** Every category's id, name, code and active flag (a few dozen rows): partners show their default category from it. */
export function salesCategoryRefs(db: Executor) {
  return db.select({ id: c.id, name: c.name, code: c.code, active: c.active }).from(c);
}

/** The active categories, by name, for selects. */
export function activeSalesCategoryOptions(db: Executor) {
  return db
    .select({ id: c.id, name: c.name, code: c.code })
    .from(c)
    .where(eq(c.active, true))
    .orderBy(asc(c.name), asc(c.id));
}

const rows = masterDataRows(c);
/** Locks the row: FOR UPDATE (changes, delete) or FOR SHARE (a price being set for it). */
export const lockSalesCategory = rows.lock;
export const insertSalesCategory = rows.insert;
export const updateSalesCategoryRow = rows.update;
export const deleteSalesCategoryRow = rows.remove;

/** The name, unique in any case, and the code. */
export const SALES_CATEGORY_UNIQUE_COLUMNS = uniqueColumns(c, {
  name: { column: c.name, anyCase: true, index: 'sales_categories_name_key' },
  code: { column: c.code, anyCase: false, index: 'sales_categories_code_key' },
});
