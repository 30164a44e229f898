/**
 * Inventory units: the list (with the number of items measured in each), the options for selects,
 * and the single-row reads and writes of create, change, (de)activate and delete.
 */
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { ListInventoryUnitsQuery } from '../../../common/contracts/inventory';
import { queryRows, type Executor } from '../../db/client';
import { inventoryUnits } from '../../db/schema/inventory';
import { containsPattern, countCapped, whereAll, type Cursor } from '../../http/list';
import { masterDataRows, uniqueColumns } from '../master-data/master-data.repository';

export type InventoryUnitTableRow = typeof inventoryUnits.$inferSelect;

/** A unit as lists read it. */
export interface InventoryUnitListRow {
  id: string;
  name: string;
  symbol: string;
  decimals: number;
  active: boolean;
  itemCount: number;
  createdAt: string;
  updatedAt: string;
}

type UnitFilters = Omit<ListInventoryUnitsQuery, 'limit' | 'cursor'>;

/** The cursor value of each sort. */
export const INVENTORY_UNIT_SORT_VALUES: Record<UnitFilters['sort'], (row: InventoryUnitListRow) => Cursor['v']> = {
  name: (r) => r.name,
  symbol: (r) => r.symbol,
  itemCount: (r) => r.itemCount,
  createdAt: (r) => r.createdAt,
};

/** The sort column of the listing subquery `c`. */
const SORT_COLUMNS: Record<UnitFilters['sort'], SQL> = {
  name: sql`c.name`,
  symbol: sql`c.symbol`,
  itemCount: sql`c.item_count`,
  createdAt: sql`c.created_at`,
};

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

function filtersWhere(f: UnitFilters): SQL | undefined {
  const pattern = f.q ? containsPattern(f.q) : null;
  return whereAll(
    pattern ? sql`(c.name ilike ${pattern} or c.symbol ilike ${pattern})` : undefined,
    f.active === undefined ? undefined : sql`c.active = ${f.active}`,
  );
}

/** Every unit with its number of items, as rows `c`. */
const WITH_ITEM_COUNT = sql`(select iu.*,
                                    (select count(*)::int from inventory_items i where i.unit_id = iu.id) as item_count
                               from inventory_units iu) c`;

/** The page's rows after the cursor, in (sort, id) order. */
function afterUnitCursor(f: UnitFilters, cursor: Cursor | null): SQL | undefined {
  if (!cursor) return undefined;
  const column = SORT_COLUMNS[f.sort];
  const value =
    f.sort === 'createdAt' ? sql`(select created_at from inventory_units where id = ${cursor.id})` : sql`${cursor.v}`;
  return f.dir === 'asc'
    ? sql`(${column}, c.id) > (${value}, ${cursor.id}::uuid)`
    : sql`(${column}, c.id) < (${value}, ${cursor.id}::uuid)`;
}

const LIST_COLUMNS = sql`c.id, c.name, c.symbol, c.decimals, c.active, c.item_count as "itemCount",
                         ${iso(sql`c.created_at`)} as "createdAt", ${iso(sql`c.updated_at`)} as "updatedAt"`;

export function listInventoryUnitRows(
  db: Executor,
  f: UnitFilters,
  cursor: Cursor | null,
  limit: number,
): Promise<InventoryUnitListRow[]> {
  const where = whereAll(filtersWhere(f), afterUnitCursor(f, cursor));
  const dir = sql.raw(f.dir);
  return queryRows<InventoryUnitListRow>(
    db,
    sql`select ${LIST_COLUMNS} from ${WITH_ITEM_COUNT}
         ${where ? sql`where ${where}` : sql``}
         order by ${SORT_COLUMNS[f.sort]} ${dir}, c.id ${dir}
         limit ${limit}`,
  );
}

export function countInventoryUnits(db: Executor, f: UnitFilters) {
  return countCapped(db, sql`inventory_units c`, filtersWhere(f));
}

export async function findInventoryUnitListRow(db: Executor, id: string): Promise<InventoryUnitListRow | null> {
  const [row] = await queryRows<InventoryUnitListRow>(
    db,
    sql`select ${LIST_COLUMNS} from ${WITH_ITEM_COUNT} where c.id = ${id}`,
  );
  return row ?? null;
}

/** Active units, by name, for selects. */
export function listInventoryUnitOptions(db: Executor) {
  return db
    .select({
      id: inventoryUnits.id,
      name: inventoryUnits.name,
      symbol: inventoryUnits.symbol,
      decimals: inventoryUnits.decimals,
    })
    .from(inventoryUnits)
    .where(eq(inventoryUnits.active, true))
    .orderBy(asc(inventoryUnits.name), asc(inventoryUnits.id));
}

/** The name and the symbol, each unique in any case. */
export const INVENTORY_UNIT_UNIQUE_COLUMNS = uniqueColumns(inventoryUnits, {
  name: { column: inventoryUnits.name, anyCase: true, index: 'inventory_units_name_key' },
  symbol: { column: inventoryUnits.symbol, anyCase: true, index: 'inventory_units_symbol_key' },
});

const rows = masterDataRows(inventoryUnits);
/** Locks the row for the rest of the transaction. */
export const lockInventoryUnit = (db: Executor, id: string) => rows.lock(db, id);
/** Locks the row against change (decimals, deactivation, deletion) while an item is measured in it. */
export const lockInventoryUnitShared = (db: Executor, id: string) => rows.lock(db, id, 'share');
export const insertInventoryUnit = rows.insert;
export const updateInventoryUnitRow = rows.update;
export const deleteInventoryUnitRow = rows.remove;

/** Items (active or not) measured in this unit. */
export async function countItemsWithUnit(db: Executor, id: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from inventory_items where unit_id = ${id}`,
  );
  return row?.n ?? 0;
}
