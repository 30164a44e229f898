/**
 * Reads of the inventory ledger (inventory_movements) for its list and export: keyset paged on
 * (date, id), a page of ledger rows first, then joined to its factory, item, unit, entry and author.
 * The ledger is indexed per factory and per item on (date, id), so a page is read per factory
 * (each an index range scan from the cursor on) and merged: a million rows page as fast as a
 * thousand. Writes go through inventory-ledger.repository.ts (the one way stock moves).
 */
import { sql, type SQL } from 'drizzle-orm';
import type {
  InventoryEntryKind,
  InventoryMovementKind,
  InventoryRemovalReason,
  ListInventoryMovementsQuery,
} from '../../../common/contracts/inventory';
import { queryRows, type Executor } from '../../db/client';
import { inventoryMovements } from '../../db/schema/inventory';
import { countCapped, whereAll, type Cursor } from '../../http/list';

/** Ledger ids are numbers: the keyset cursor's id pattern. */
export const INVENTORY_MOVEMENT_ID = /^\d{1,18}$/;

export interface InventoryMovementRow {
  /** inventory_movements.id as text: the keyset cursor's id. */
  id: string;
  date: string;
  factoryId: string;
  factoryName: string;
  factoryCode: string;
  itemId: string;
  itemName: string;
  unitId: string;
  unitName: string;
  unitSymbol: string;
  unitDecimals: number;
  kind: InventoryMovementKind;
  quantity: number;
  delta: number;
  unitCost: number | null;
  reason: InventoryRemovalReason | null;
  entryId: string;
  entryNumber: number;
  entryKind: InventoryEntryKind;
  createdAt: string;
  createdById: string | null;
  createdByName: string | null;
  createdByEmail: string | null;
}

/** The list's filters, factoryId already scoped. */
export type InventoryMovementFilters = Omit<ListInventoryMovementsQuery, 'limit' | 'cursor'>;

export const INVENTORY_MOVEMENT_SORT_VALUES: Record<
  InventoryMovementFilters['sort'],
  (row: InventoryMovementRow) => Cursor['v']
> = {
  date: (r) => r.date,
};

/** The filters on the ledger's own columns but the factory (unqualified). */
function ledgerWhere(f: InventoryMovementFilters): SQL | undefined {
  return whereAll(
    f.itemId ? sql`item_id = ${f.itemId}` : undefined,
    f.kind ? sql`kind = ${f.kind}` : undefined,
    f.from ? sql`date >= ${f.from}::date` : undefined,
    f.to ? sql`date <= ${f.to}::date` : undefined,
  );
}

function afterMovementCursor(dir: 'asc' | 'desc', cursor: Cursor | null): SQL | undefined {
  if (!cursor) return undefined;
  const position = sql`(${String(cursor.v)}::date, ${cursor.id}::bigint)`;
  return dir === 'asc' ? sql`(date, id) > ${position}` : sql`(date, id) < ${position}`;
}

const MOVEMENT_COLUMNS = sql`r.id::text as id, to_char(r.date, 'YYYY-MM-DD') as date,
       r.factory_id as "factoryId", f.name as "factoryName", f.code as "factoryCode",
       r.item_id as "itemId", i.name as "itemName",
       un.id as "unitId", un.name as "unitName", un.symbol as "unitSymbol", un.decimals as "unitDecimals",
       r.kind, r.quantity::float8 as quantity, r.delta::float8 as delta, r.unit_cost::float8 as "unitCost", r.reason,
       r.entry_id as "entryId", e.number::int as "entryNumber", e.kind as "entryKind",
       to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
       r.created_by as "createdById", coalesce(p.name, u.name) as "createdByName", u.email as "createdByEmail"`;

const MOVEMENT_JOINS = sql`join factories f on f.id = r.factory_id
       join inventory_items i on i.id = r.item_id
       join inventory_units un on un.id = i.unit_id
       join inventory_entries e on e.id = r.entry_id
       left join users u on u.id = r.created_by
       left join profiles p on p.id = r.created_by`;

export function listInventoryMovementRows(
  db: Executor,
  f: InventoryMovementFilters,
  cursor: Cursor | null,
  limit: number,
): Promise<InventoryMovementRow[]> {
  const where = whereAll(sql`factory_id = fx.id`, ledgerWhere(f), afterMovementCursor(f.dir, cursor));
  const dir = sql.raw(f.dir);
  return queryRows<InventoryMovementRow>(
    db,
    sql`select ${MOVEMENT_COLUMNS}
          from (select m.* from factories fx
                 cross join lateral (select * from inventory_movements where ${where ?? sql`true`}
                                      order by date ${dir}, id ${dir} limit ${limit}) m
                 ${f.factoryId ? sql`where fx.id = ${f.factoryId}` : sql``}
                 order by m.date ${dir}, m.id ${dir} limit ${limit}) r
          ${MOVEMENT_JOINS}
         order by r.date ${dir}, r.id ${dir}`,
  );
}

export function countInventoryMovements(db: Executor, f: InventoryMovementFilters) {
  return countCapped(
    db,
    sql`inventory_movements`,
    whereAll(f.factoryId ? sql`factory_id = ${f.factoryId}` : undefined, ledgerWhere(f)),
    inventoryMovements,
  );
}
