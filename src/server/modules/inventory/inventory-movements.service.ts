/**
 * The inventory ledger as a list (an item's history, a factory's movements): newest first, keyset
 * paged on (date, id), with its CSV export. Factory-scoped users see their own factory's movements.
 */
import { isIsoDay } from '../../../common/calendar-days';
import type { InventoryMovement, ListInventoryMovementsQuery } from '../../../common/contracts/inventory';
import type { ListResponse } from '../../../common/contracts/list';
import type { Actor } from '../../auth/actor';
import { scopedFactoryFilter } from '../../auth/scope';
import type { Database } from '../../db/client';
import { errors } from '../../http/errors';
import { allPages, decodeCursor, toPage, type Cursor } from '../../http/list';
import {
  countInventoryMovements,
  INVENTORY_MOVEMENT_ID,
  INVENTORY_MOVEMENT_SORT_VALUES,
  listInventoryMovementRows,
  type InventoryMovementFilters,
  type InventoryMovementRow,
} from './inventory-movements.repository';

export function presentInventoryMovement(row: InventoryMovementRow): InventoryMovement {
  return {
    id: Number(row.id),
    date: row.date,
    factory: { id: row.factoryId, name: row.factoryName, code: row.factoryCode },
    item: { id: row.itemId, name: row.itemName },
    unit: { id: row.unitId, name: row.unitName, symbol: row.unitSymbol, decimals: row.unitDecimals },
    kind: row.kind,
    quantity: row.quantity,
    delta: row.delta,
    unitCost: row.unitCost,
    reason: row.reason,
    entry: { id: row.entryId, number: row.entryNumber, kind: row.entryKind },
    createdAt: row.createdAt,
    createdBy:
      row.createdById && row.createdByEmail
        ? { id: row.createdById, name: row.createdByName, email: row.createdByEmail }
        : null,
  };
}

/** The cursor of a list sorted by day: its value must be a day (a 400, not a database error). */
export function decodeDayCursor(raw: string | undefined, idPattern?: RegExp): Cursor | null {
  const cursor = decodeCursor(raw, idPattern);
  if (cursor && !isIsoDay(String(cursor.v)))
    throw errors.validation('The page cursor is not valid; start again from the first page.', {
      cursor: ['Invalid cursor.'],
    });
  return cursor;
}

/** The filters with the factory scope applied: a factory-scoped user's own factory, whatever they asked. */
function scoped<Q extends InventoryMovementFilters>(actor: Actor, query: Q): Q {
  return { ...query, factoryId: scopedFactoryFilter(actor, query.factoryId) };
}

export async function listInventoryMovements(
  db: Database,
  actor: Actor,
  query: ListInventoryMovementsQuery,
): Promise<ListResponse<InventoryMovement>> {
  const filters = scoped(actor, query);
  const cursor = decodeDayCursor(query.cursor, INVENTORY_MOVEMENT_ID);
  const [rows, count] = await Promise.all([
    listInventoryMovementRows(db, filters, cursor, query.limit + 1),
    countInventoryMovements(db, filters),
  ]);
  const page = toPage(rows, query.limit, INVENTORY_MOVEMENT_SORT_VALUES[query.sort]);
  return { items: page.items.map(presentInventoryMovement), nextCursor: page.nextCursor, ...count };
}

export function exportInventoryMovements(db: Database, actor: Actor, query: InventoryMovementFilters) {
  const filters = scoped(actor, query);
  return allPages(
    (cursor, limit) => listInventoryMovementRows(db, filters, cursor, limit),
    INVENTORY_MOVEMENT_SORT_VALUES[query.sort],
  );
}
