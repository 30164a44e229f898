/**
 * Inventory units: the list (with the number of items measured in each), the options for selects,
 * and the single-row reads and writes of create, change, (de)activate and delete.
 */
import { and, asc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ListInventoryUnitsQuery } from '../../../common/contracts/inventory';
import { queryRows, type Executor } from '../../db/client';
import { inventoryUnits } from '../../db/schema/inventory';
import { containsPattern, countCapped, whereAll, type Cursor } from '../../http/list';

export type InventoryUnitTableRow = typeof inventoryUnits.$inferSelect;
type NewInventoryUnitRow = typeof inventoryUnits.$inferInsert;

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

/** Which of the name and the symbol (any case) another unit than `exceptId` already has. */
export async function findInventoryUnitClash(
  db: Executor,
  values: { name?: string | undefined; symbol?: string | undefined },
  exceptId?: string,
): Promise<{ name: string | null; symbol: string | null }> {
  const u = inventoryUnits;
  const name = values.name?.toLowerCase();
  const symbol = values.symbol?.toLowerCase();
  const matches = [
    name === undefined ? undefined : eq(sql`lower(${u.name})`, name),
    symbol === undefined ? undefined : eq(sql`lower(${u.symbol})`, symbol),
  ].filter((m): m is SQL => m !== undefined);
  if (matches.length === 0) return { name: null, symbol: null };
  const rows = await db
    .select({ name: u.name, symbol: u.symbol })
    .from(u)
    .where(and(or(...matches), exceptId ? ne(u.id, exceptId) : undefined));
  return {
    name: rows.find((r) => r.name.toLowerCase() === name)?.name ?? null,
    symbol: rows.find((r) => r.symbol.toLowerCase() === symbol)?.symbol ?? null,
  };
}

/** Locks the row for the rest of the transaction. */
export async function lockInventoryUnit(db: Executor, id: string): Promise<InventoryUnitTableRow | null> {
  const [row] = await db.select().from(inventoryUnits).where(eq(inventoryUnits.id, id)).for('update');
  return row ?? null;
}

/** Locks the row against change (decimals, deactivation, deletion) while an item is measured in it. */
export async function lockInventoryUnitShared(db: Executor, id: string): Promise<InventoryUnitTableRow | null> {
  const [row] = await db.select().from(inventoryUnits).where(eq(inventoryUnits.id, id)).for('share');
  return row ?? null;
}

export async function insertInventoryUnit(db: Executor, values: NewInventoryUnitRow): Promise<InventoryUnitTableRow> {
  const [row] = await db.insert(inventoryUnits).values(values).returning();
  if (!row) throw new Error('insert into inventory_units returned no row');
  return row;
}

export async function updateInventoryUnitRow(
  db: Executor,
  id: string,
  values: Partial<NewInventoryUnitRow>,
): Promise<InventoryUnitTableRow> {
  const [row] = await db
    .update(inventoryUnits)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(inventoryUnits.id, id))
    .returning();
  if (!row) throw new Error('update of inventory_units returned no row');
  return row;
}

export async function deleteInventoryUnitRow(db: Executor, id: string): Promise<void> {
  await db.delete(inventoryUnits).where(eq(inventoryUnits.id, id));
}

/** Items (active or not) measured in this unit. */
export async function countItemsWithUnit(db: Executor, id: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from inventory_items where unit_id = ${id}`,
  );
  return row?.n ?? 0;
}
