/**
 * Inventory items ("Names"): the list (with each item's stock at the factories in view, its low
 * flag and whether it has movements), the options for selects, and the single-row reads and
 * writes of create, change, (de)activate and delete.
 */
import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ListInventoryItemsQuery } from '../../../common/contracts/inventory';
import { queryRows, type Executor } from '../../db/client';
import { inventoryCategories, inventoryItems, inventoryUnits } from '../../db/schema/inventory';
import { containsPattern, countCapped, whereAll, type Cursor } from '../../http/list';
import { masterDataRows, uniqueColumns } from '../master-data/master-data.repository';
import { isoTime } from '../../db/iso-time';

export type InventoryItemTableRow = typeof inventoryItems.$inferSelect;

/** An item as lists read it. */
export interface InventoryItemListRow {
  id: string;
  name: string;
  description: string | null;
  categoryId: string;
  categoryName: string;
  unitId: string;
  unitName: string;
  unitSymbol: string;
  unitDecimals: number;
  reorderLevel: number;
  active: boolean;
  /** Stock at the factory in view, or across all factories. */
  totalStock: number;
  lowStock: boolean;
  hasMovements: boolean;
  createdAt: string;
  updatedAt: string;
}

/** The list's filters. */
export type InventoryItemFilters = Omit<ListInventoryItemsQuery, 'limit' | 'cursor'>;

/** The cursor value of each sort. */
export const INVENTORY_ITEM_SORT_VALUES: Record<
  InventoryItemFilters['sort'],
  (row: InventoryItemListRow) => Cursor['v']
> = {
  name: (r) => r.name,
  category: (r) => r.categoryName,
  reorderLevel: (r) => r.reorderLevel,
  totalStock: (r) => r.totalStock,
  createdAt: (r) => r.createdAt,
};

/** The sort column of the listing subquery `c`. */
const SORT_COLUMNS: Record<InventoryItemFilters['sort'], SQL> = {
  name: sql`c.name`,
  category: sql`c.category_name`,
  reorderLevel: sql`c.reorder_level`,
  totalStock: sql`c.total_stock`,
  createdAt: sql`c.created_at`,
};

function filtersWhere(f: InventoryItemFilters): SQL | undefined {
  const pattern = f.q ? containsPattern(f.q) : null;
  return whereAll(
    pattern ? sql`(c.name ilike ${pattern} or coalesce(c.description, '') ilike ${pattern})` : undefined,
    f.active === undefined ? undefined : sql`c.active = ${f.active}`,
    f.categoryId ? sql`c.category_id = ${f.categoryId}` : undefined,
    f.unitId ? sql`c.unit_id = ${f.unitId}` : undefined,
  );
}

/**
 * Every item with its category, unit, stock (at `factoryId`, or everywhere when undefined), low
 * flag (active, and a factory in view holding it is below the reorder level) and whether it has
 * movements, as rows `c`.
 */
function withStock(factoryId: string | undefined): SQL {
  const atFactory = factoryId ? sql`and s.factory_id = ${factoryId}` : sql``;
  return sql`(select i.*, ic.name as category_name, u.name as unit_name, u.symbol as unit_symbol,
                     u.decimals as unit_decimals,
                     coalesce((select sum(s.quantity) from inventory_stock s
                                where s.item_id = i.id ${atFactory}), 0) as total_stock,
                     i.active and exists (select 1 from inventory_stock s
                                           where s.item_id = i.id ${atFactory} and s.quantity < i.reorder_level) as low_stock,
                     exists (select 1 from inventory_movements m where m.item_id = i.id) as has_movements
                from inventory_items i
                join inventory_categories ic on ic.id = i.category_id
                join inventory_units u on u.id = i.unit_id) c`;
}

/** The page's rows after the cursor, in (sort, id) order. */
function afterItemCursor(f: InventoryItemFilters, cursor: Cursor | null): SQL | undefined {
  if (!cursor) return undefined;
  const column = SORT_COLUMNS[f.sort];
  const value =
    f.sort === 'createdAt' ? sql`(select created_at from inventory_items where id = ${cursor.id})` : sql`${cursor.v}`;
  return f.dir === 'asc'
    ? sql`(${column}, c.id) > (${value}, ${cursor.id}::uuid)`
    : sql`(${column}, c.id) < (${value}, ${cursor.id}::uuid)`;
}

const LIST_COLUMNS = sql`c.id, c.name, c.description, c.category_id as "categoryId", c.category_name as "categoryName",
                         c.unit_id as "unitId", c.unit_name as "unitName", c.unit_symbol as "unitSymbol",
                         c.unit_decimals as "unitDecimals", c.reorder_level::float8 as "reorderLevel", c.active,
                         c.total_stock::float8 as "totalStock", c.low_stock as "lowStock",
                         c.has_movements as "hasMovements",
                         ${isoTime(sql`c.created_at`)} as "createdAt", ${isoTime(sql`c.updated_at`)} as "updatedAt"`;

export function listInventoryItemRows(
  db: Executor,
  f: InventoryItemFilters,
  factoryId: string | undefined,
  cursor: Cursor | null,
  limit: number,
): Promise<InventoryItemListRow[]> {
  const where = whereAll(filtersWhere(f), afterItemCursor(f, cursor));
  const dir = sql.raw(f.dir);
  return queryRows<InventoryItemListRow>(
    db,
    sql`select ${LIST_COLUMNS} from ${withStock(factoryId)}
         ${where ? sql`where ${where}` : sql``}
         order by ${SORT_COLUMNS[f.sort]} ${dir}, c.id ${dir}
         limit ${limit}`,
  );
}

export function countInventoryItems(db: Executor, f: InventoryItemFilters) {
  return countCapped(db, sql`inventory_items c`, filtersWhere(f));
}

/** One item as lists show it (stock at `factoryId`, or everywhere). */
export async function findInventoryItemListRow(
  db: Executor,
  id: string,
  factoryId: string | undefined,
): Promise<InventoryItemListRow | null> {
  const [row] = await queryRows<InventoryItemListRow>(
    db,
    sql`select ${LIST_COLUMNS} from ${withStock(factoryId)} where c.id = ${id}`,
  );
  return row ?? null;
}

/** Active items with their category and unit, by name, for selects. */
export function listInventoryItemOptions(db: Executor) {
  return db
    .select({
      id: inventoryItems.id,
      name: inventoryItems.name,
      categoryId: inventoryCategories.id,
      categoryName: inventoryCategories.name,
      unitId: inventoryUnits.id,
      unitName: inventoryUnits.name,
      unitSymbol: inventoryUnits.symbol,
      unitDecimals: inventoryUnits.decimals,
    })
    .from(inventoryItems)
    .innerJoin(inventoryCategories, eq(inventoryCategories.id, inventoryItems.categoryId))
    .innerJoin(inventoryUnits, eq(inventoryUnits.id, inventoryItems.unitId))
    .where(eq(inventoryItems.active, true))
    .orderBy(asc(inventoryItems.name), asc(inventoryItems.id));
}

/** The name, unique in any case. */
export const INVENTORY_ITEM_UNIQUE_COLUMNS = uniqueColumns(inventoryItems, {
  name: { column: inventoryItems.name, anyCase: true, index: 'inventory_items_name_key' },
});

const rows = masterDataRows(inventoryItems);
/** Locks the row for the rest of the transaction. */
export const lockInventoryItem = (db: Executor, id: string) => rows.lock(db, id);
export const insertInventoryItem = rows.insert;
export const updateInventoryItemRow = rows.update;
export const deleteInventoryItemRow = rows.remove;

/** An item an entry moves, with its unit. */
export interface ItemForEntry {
  id: string;
  name: string;
  active: boolean;
  unit: { name: string; symbol: string; decimals: number };
}

/**
 * The items, locked against change (deactivation, deletion, a new unit) until the entry is
 * written, in id order, then read with their units (after the lock, so a change that committed
 * meanwhile is seen); missing ones are absent from the map.
 */
export async function lockInventoryItemsShared(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, ItemForEntry>> {
  if (ids.length === 0) return new Map();
  const wanted = inArray(inventoryItems.id, [...ids]);
  await db
    .select({ id: inventoryItems.id })
    .from(inventoryItems)
    .where(wanted)
    .orderBy(asc(inventoryItems.id))
    .for('share');
  const rows = await db
    .select({
      id: inventoryItems.id,
      name: inventoryItems.name,
      active: inventoryItems.active,
      unitName: inventoryUnits.name,
      unitSymbol: inventoryUnits.symbol,
      unitDecimals: inventoryUnits.decimals,
    })
    .from(inventoryItems)
    .innerJoin(inventoryUnits, eq(inventoryUnits.id, inventoryItems.unitId))
    .where(wanted);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        name: r.name,
        active: r.active,
        unit: { name: r.unitName, symbol: r.unitSymbol, decimals: r.unitDecimals },
      },
    ]),
  );
}

/** What refers to an item: its movements and its balance rows (one per factory that held it). */
export async function inventoryItemUsage(db: Executor, id: string): Promise<{ movements: number; factories: number }> {
  const [row] = await queryRows<{ movements: number; factories: number }>(
    db,
    sql`select (select count(*)::int from inventory_movements where item_id = ${id}) as movements,
               (select count(*)::int from inventory_stock where item_id = ${id}) as factories`,
  );
  return row ?? { movements: 0, factories: 0 };
}
