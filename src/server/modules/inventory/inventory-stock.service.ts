/**
 * The inventory overview (DOMAIN.md §4 "Inventory"): stock per item and factory from the balances
 * the ledger keeps, with the low-stock flag (an active item below its reorder level). Factory-scoped
 * users see their own factory only.
 */
import type { InventoryStockRow, ListInventoryStockQuery } from '../../../common/contracts/inventory';
import type { ListResponse } from '../../../common/contracts/list';
import type { Actor } from '../../auth/actor';
import { scopedFactoryFilter } from '../../auth/scope';
import type { Database } from '../../db/client';
import { allPages, decodeCursor, toPage } from '../../http/list';
import {
  countInventoryStock,
  INVENTORY_STOCK_ROW_ID,
  INVENTORY_STOCK_SORT_VALUES,
  listInventoryStockRows,
  type InventoryStockFilters,
  type InventoryStockRow as StockRow,
} from './inventory-stock.repository';

export function presentInventoryStockRow(row: StockRow): InventoryStockRow {
  return {
    item: { id: row.itemId, name: row.itemName, active: row.itemActive },
    category: { id: row.categoryId, name: row.categoryName },
    unit: { id: row.unitId, name: row.unitName, symbol: row.unitSymbol, decimals: row.unitDecimals },
    factory: { id: row.factoryId, name: row.factoryName, code: row.factoryCode },
    quantity: row.quantity,
    reorderLevel: row.reorderLevel,
    low: row.low,
    updatedAt: row.updatedAt,
  };
}

/** The filters with the factory scope applied: a factory-scoped user's own factory, whatever they asked. */
function scoped<Q extends InventoryStockFilters>(actor: Actor, query: Q): Q {
  return { ...query, factoryId: scopedFactoryFilter(actor, query.factoryId) };
}

export async function listInventoryStock(
  db: Database,
  actor: Actor,
  query: ListInventoryStockQuery,
): Promise<ListResponse<InventoryStockRow>> {
  const filters = scoped(actor, query);
  const [rows, count] = await Promise.all([
    listInventoryStockRows(db, filters, decodeCursor(query.cursor, INVENTORY_STOCK_ROW_ID), query.limit + 1),
    countInventoryStock(db, filters),
  ]);
  const page = toPage(rows, query.limit, INVENTORY_STOCK_SORT_VALUES[query.sort]);
  return { items: page.items.map(presentInventoryStockRow), nextCursor: page.nextCursor, ...count };
}

export function exportInventoryStock(db: Database, actor: Actor, query: InventoryStockFilters) {
  const filters = scoped(actor, query);
  return allPages(
    (cursor, limit) => listInventoryStockRows(db, filters, cursor, limit),
    INVENTORY_STOCK_SORT_VALUES[query.sort],
  );
}
