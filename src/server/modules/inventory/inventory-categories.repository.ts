/**
 * Inventory categories: the list (with the number of items in each), the options for selects, and
 * the single-row reads and writes of create, change, (de)activate and delete.
 */
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { ListInventoryCategoriesQuery } from '../../../common/contracts/inventory';
import { queryRows, type Executor } from '../../db/client';
import { inventoryCategories } from '../../db/schema/inventory';
import { containsPattern, countCapped, whereAll, type Cursor } from '../../http/list';
import { masterDataRows, uniqueColumns } from '../master-data/master-data.repository';

export type InventoryCategoryTableRow = typeof inventoryCategories.$inferSelect;

/** A category as lists read it. */
export interface InventoryCategoryListRow {
  id: string;
  name: string;
  description: string | null;
  active: boolean;
  itemCount: number;
  createdAt: string;
  updatedAt: string;
}

type CategoryFilters = Omit<ListInventoryCategoriesQuery, 'limit' | 'cursor'>;

/** The cursor value of each sort. */
export const INVENTORY_CATEGORY_SORT_VALUES: Record<
  CategoryFilters['sort'],
  (row: InventoryCategoryListRow) => Cursor['v']
> = {
  name: (r) => r.name,
  itemCount: (r) => r.itemCount,
  createdAt: (r) => r.createdAt,
};

/** The sort column of the listing subquery `c`. */
const SORT_COLUMNS: Record<CategoryFilters['sort'], SQL> = {
  name: sql`c.name`,
  itemCount: sql`c.item_count`,
  createdAt: sql`c.created_at`,
};

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

function filtersWhere(f: CategoryFilters): SQL | undefined {
  const pattern = f.q ? containsPattern(f.q) : null;
  return whereAll(
    pattern ? sql`(c.name ilike ${pattern} or coalesce(c.description, '') ilike ${pattern})` : undefined,
    f.active === undefined ? undefined : sql`c.active = ${f.active}`,
  );
}

/** Every category with its number of items, as rows `c`. */
const WITH_ITEM_COUNT = sql`(select ic.*,
                                    (select count(*)::int from inventory_items i where i.category_id = ic.id) as item_count
                               from inventory_categories ic) c`;

/** The page's rows after the cursor, in (sort, id) order. */
function afterCategoryCursor(f: CategoryFilters, cursor: Cursor | null): SQL | undefined {
  if (!cursor) return undefined;
  const column = SORT_COLUMNS[f.sort];
  const value =
    f.sort === 'createdAt'
      ? sql`(select created_at from inventory_categories where id = ${cursor.id})`
      : sql`${cursor.v}`;
  return f.dir === 'asc'
    ? sql`(${column}, c.id) > (${value}, ${cursor.id}::uuid)`
    : sql`(${column}, c.id) < (${value}, ${cursor.id}::uuid)`;
}

const LIST_COLUMNS = sql`c.id, c.name, c.description, c.active, c.item_count as "itemCount",
                         ${iso(sql`c.created_at`)} as "createdAt", ${iso(sql`c.updated_at`)} as "updatedAt"`;

export function listInventoryCategoryRows(
  db: Executor,
  f: CategoryFilters,
  cursor: Cursor | null,
  limit: number,
): Promise<InventoryCategoryListRow[]> {
  const where = whereAll(filtersWhere(f), afterCategoryCursor(f, cursor));
  const dir = sql.raw(f.dir);
  return queryRows<InventoryCategoryListRow>(
    db,
    sql`select ${LIST_COLUMNS} from ${WITH_ITEM_COUNT}
         ${where ? sql`where ${where}` : sql``}
         order by ${SORT_COLUMNS[f.sort]} ${dir}, c.id ${dir}
         limit ${limit}`,
  );
}

export function countInventoryCategories(db: Executor, f: CategoryFilters) {
  return countCapped(db, sql`inventory_categories c`, filtersWhere(f));
}

export async function findInventoryCategoryListRow(db: Executor, id: string): Promise<InventoryCategoryListRow | null> {
  const [row] = await queryRows<InventoryCategoryListRow>(
    db,
    sql`select ${LIST_COLUMNS} from ${WITH_ITEM_COUNT} where c.id = ${id}`,
  );
  return row ?? null;
}

/** Active categories, by name, for selects. */
export function listInventoryCategoryOptions(db: Executor) {
  return db
    .select({ id: inventoryCategories.id, name: inventoryCategories.name })
    .from(inventoryCategories)
    .where(eq(inventoryCategories.active, true))
    .orderBy(asc(inventoryCategories.name), asc(inventoryCategories.id));
}

/** The name, unique in any case. */
export const INVENTORY_CATEGORY_UNIQUE_COLUMNS = uniqueColumns(inventoryCategories, {
  name: { column: inventoryCategories.name, anyCase: true, index: 'inventory_categories_name_key' },
});

const rows = masterDataRows(inventoryCategories);
/** Locks the row for the rest of the transaction. */
export const lockInventoryCategory = (db: Executor, id: string) => rows.lock(db, id);
/** Locks the row against change (deactivation, deletion) while an item is put in it. */
export const lockInventoryCategoryShared = (db: Executor, id: string) => rows.lock(db, id, 'share');
export const insertInventoryCategory = rows.insert;
export const updateInventoryCategoryRow = rows.update;
export const deleteInventoryCategoryRow = rows.remove;

/** Items (active or not) in this category. */
export async function countItemsInCategory(db: Executor, id: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from inventory_items where category_id = ${id}`,
  );
  return row?.n ?? 0;
}
