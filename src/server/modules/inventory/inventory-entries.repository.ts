/**
 * Reads of inventory entries for their list, export and details: a page of entries first (newest
 * first, keyset paged on (date, number) or on the number), then joined to their factories, author
 * and a brief of their lines. Writes go through inventory-ledger.repository.ts (the one way stock
 * moves).
 */
import { sql, type SQL } from 'drizzle-orm';
import type {
  InventoryEntryKind,
  InventoryRemovalReason,
  ListInventoryEntriesQuery,
} from '../../../common/contracts/inventory';
import { queryRows, type Executor } from '../../db/client';
import { inventoryEntries } from '../../db/schema/inventory';
import { containsPattern, countCapped, whereAll, type Cursor } from '../../http/list';

export interface InventoryEntryRow {
  id: string;
  number: number;
  kind: InventoryEntryKind;
  date: string;
  factoryId: string;
  factoryName: string;
  factoryCode: string;
  toFactoryId: string | null;
  toFactoryName: string | null;
  toFactoryCode: string | null;
  supplier: string | null;
  reference: string | null;
  note: string | null;
  lineCount: number;
  /** The first three lines, for the brief. */
  firstLines: { name: string; quantity: number; symbol: string }[];
  createdAt: string;
  createdById: string | null;
  createdByName: string | null;
  createdByEmail: string | null;
}

export interface InventoryEntryLineRow {
  entryId: string;
  line: number;
  itemId: string;
  itemName: string;
  unitId: string;
  unitName: string;
  unitSymbol: string;
  unitDecimals: number;
  quantity: number;
  unitCost: number | null;
  reason: InventoryRemovalReason | null;
}

/** The list's filters as the service resolved them (scope applied, the search parsed). */
export interface InventoryEntryFilters {
  kind?: InventoryEntryKind | undefined;
  /** Either side: where stock was received or removed, or a transfer's sender or receiver. */
  sideFactoryId?: string | undefined;
  /** A factory-scoped user's own factory: only entries it is a side of. */
  scopeFactoryId?: string | undefined;
  fromFactoryId?: string | undefined;
  toFactoryId?: string | undefined;
  itemId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** The search: matches the reference, supplier or note, or the entry number when it reads as one. */
  q?: string | undefined;
  number?: number | undefined;
  sort: ListInventoryEntriesQuery['sort'];
  dir: ListInventoryEntriesQuery['dir'];
}

export const INVENTORY_ENTRY_SORT_VALUES: Record<
  ListInventoryEntriesQuery['sort'],
  (row: InventoryEntryRow) => Cursor['v']
> = {
  date: (r) => r.date,
  number: (r) => r.number,
};

const eitherSide = (factoryId: string) => sql`(factory_id = ${factoryId} or to_factory_id = ${factoryId})`;

/** The filters on inventory_entries' own columns (unqualified, for the page and the count alike). */
function filtersWhere(f: InventoryEntryFilters): SQL | undefined {
  const pattern = f.q ? containsPattern(f.q) : null;
  return whereAll(
    f.kind ? sql`kind = ${f.kind}` : undefined,
    f.scopeFactoryId ? eitherSide(f.scopeFactoryId) : undefined,
    f.sideFactoryId ? eitherSide(f.sideFactoryId) : undefined,
    f.fromFactoryId ? sql`(kind = 'transfer' and factory_id = ${f.fromFactoryId})` : undefined,
    f.toFactoryId ? sql`to_factory_id = ${f.toFactoryId}` : undefined,
    f.itemId ? sql`id in (select entry_id from inventory_movements where item_id = ${f.itemId})` : undefined,
    f.from ? sql`date >= ${f.from}::date` : undefined,
    f.to ? sql`date <= ${f.to}::date` : undefined,
    pattern
      ? sql`(${f.number !== undefined ? sql`number = ${f.number} or ` : sql``}reference ilike ${pattern}
             or supplier ilike ${pattern} or note ilike ${pattern})`
      : undefined,
  );
}

/**
 * Rows strictly after the cursor: by date, the entry number breaking ties (the order they were
 * written; read from the cursor's entry), or by number alone.
 */
function afterEntryCursor(f: InventoryEntryFilters, cursor: Cursor | null): SQL | undefined {
  if (!cursor) return undefined;
  const op = sql.raw(f.dir === 'asc' ? '>' : '<');
  const number = sql`(select number from inventory_entries where id = ${cursor.id})`;
  return f.sort === 'number'
    ? sql`number ${op} ${number}`
    : sql`(date, number) ${op} (${String(cursor.v)}::date, ${number})`;
}

const ENTRY_COLUMNS = sql`e.id, e.number::int as number, e.kind, to_char(e.date, 'YYYY-MM-DD') as date,
       e.factory_id as "factoryId", f.name as "factoryName", f.code as "factoryCode",
       e.to_factory_id as "toFactoryId", tf.name as "toFactoryName", tf.code as "toFactoryCode",
       e.supplier, e.reference, e.note, l."lineCount", l."firstLines",
       to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
       e.created_by as "createdById", coalesce(p.name, u.name) as "createdByName", u.email as "createdByEmail"`;

/** Each line once: a transfer's is read from its transfer_out. */
const ONE_PER_LINE = sql`m.kind <> 'transfer_in'`;

const ENTRY_JOINS = sql`join factories f on f.id = e.factory_id
       left join factories tf on tf.id = e.to_factory_id
       left join users u on u.id = e.created_by
       left join profiles p on p.id = e.created_by
       cross join lateral (
         select count(*)::int as "lineCount",
                coalesce(json_agg(json_build_object('name', i.name, 'quantity', m.quantity::float8, 'symbol', un.symbol)
                                  order by m.line) filter (where m.line <= 3), '[]'::json) as "firstLines"
           from inventory_movements m
           join inventory_items i on i.id = m.item_id
           join inventory_units un on un.id = i.unit_id
          where m.entry_id = e.id and ${ONE_PER_LINE}) l`;

export function listInventoryEntryRows(
  db: Executor,
  f: InventoryEntryFilters,
  cursor: Cursor | null,
  limit: number,
): Promise<InventoryEntryRow[]> {
  const where = whereAll(filtersWhere(f), afterEntryCursor(f, cursor));
  const dir = sql.raw(f.dir);
  const order = f.sort === 'number' ? sql`number ${dir}` : sql`date ${dir}, number ${dir}`;
  const outerOrder = f.sort === 'number' ? sql`e.number ${dir}` : sql`e.date ${dir}, e.number ${dir}`;
  return queryRows<InventoryEntryRow>(
    db,
    sql`select ${ENTRY_COLUMNS}
          from (select * from inventory_entries ${where ? sql`where ${where}` : sql``}
                 order by ${order} limit ${limit}) e
          ${ENTRY_JOINS}
         order by ${outerOrder}`,
  );
}

export function countInventoryEntries(db: Executor, f: InventoryEntryFilters) {
  return countCapped(db, sql`inventory_entries`, filtersWhere(f), inventoryEntries);
}

export async function findInventoryEntryRow(db: Executor, id: string): Promise<InventoryEntryRow | null> {
  const [row] = await queryRows<InventoryEntryRow>(
    db,
    sql`select ${ENTRY_COLUMNS} from inventory_entries e ${ENTRY_JOINS} where e.id = ${id}`,
  );
  return row ?? null;
}

/** The lines of these entries with their item and unit, by entry and line. */
export function listInventoryEntryLineRows(
  db: Executor,
  entryIds: readonly string[],
): Promise<InventoryEntryLineRow[]> {
  if (entryIds.length === 0) return Promise.resolve([]);
  return queryRows<InventoryEntryLineRow>(
    db,
    sql`select m.entry_id as "entryId", m.line, m.item_id as "itemId", i.name as "itemName",
               un.id as "unitId", un.name as "unitName", un.symbol as "unitSymbol", un.decimals as "unitDecimals",
               m.quantity::float8 as quantity, m.unit_cost::float8 as "unitCost", m.reason
          from inventory_movements m
          join inventory_items i on i.id = m.item_id
          join inventory_units un on un.id = i.unit_id
         where m.entry_id = any(${`{${entryIds.join(',')}}`}::uuid[]) and ${ONE_PER_LINE}
         order by m.entry_id, m.line`,
  );
}
