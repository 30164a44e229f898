/**
 * Reads of the inventory balances (inventory_stock) for the overview and its export: one row per
 * item and factory that holds or has held it (active items, and inactive ones still in stock),
 * keyset paged on the sort column and (item id, factory id). The ledger is what writes them.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ListInventoryStockQuery } from '../../../common/contracts/inventory';
import { queryRows, type Executor } from '../../db/client';
import { containsPattern, countCapped, whereAll, type Cursor } from '../../http/list';
import { isoTime } from '../../db/iso-time';

/** A balance row's id in a cursor: its item and factory. */
export const INVENTORY_STOCK_ROW_ID =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface InventoryStockRow {
  /** "itemId:factoryId": the keyset cursor's id. */
  id: string;
  itemId: string;
  itemName: string;
  itemActive: boolean;
  categoryId: string;
  categoryName: string;
  unitId: string;
  unitName: string;
  unitSymbol: string;
  unitDecimals: number;
  factoryId: string;
  factoryName: string;
  factoryCode: string;
  quantity: number;
  reorderLevel: number;
  low: boolean;
  updatedAt: string;
}

/** The overview's filters, factoryId already scoped. */
export type InventoryStockFilters = Omit<ListInventoryStockQuery, 'limit' | 'cursor'>;

export const INVENTORY_STOCK_SORT_VALUES: Record<
  InventoryStockFilters['sort'],
  (row: InventoryStockRow) => Cursor['v']
> = {
  item: (r) => r.itemName,
  category: (r) => r.categoryName,
  factory: (r) => r.factoryName,
  quantity: (r) => r.quantity,
};

const SORT_COLUMNS: Record<InventoryStockFilters['sort'], SQL> = {
  item: sql`i.name`,
  category: sql`c.name`,
  factory: sql`f.name`,
  quantity: sql`s.quantity`,
};

const LOW = sql`(i.active and s.quantity < i.reorder_level)`;

/** What the filters read: the balances and their items. */
const FILTERED = sql`inventory_stock s join inventory_items i on i.id = s.item_id`;
/** And what the rows show. */
const FROM = sql`${FILTERED}
       join inventory_categories c on c.id = i.category_id
       join inventory_units u on u.id = i.unit_id
       join factories f on f.id = s.factory_id`;
/** What a sort reads beside the filters. */
const SORT_JOINS: Record<InventoryStockFilters['sort'], SQL> = {
  item: sql``,
  category: sql`join inventory_categories c on c.id = i.category_id`,
  factory: sql`join factories f on f.id = s.factory_id`,
  quantity: sql``,
};

function filtersWhere(f: InventoryStockFilters): SQL | undefined {
  return whereAll(
    sql`(i.active or s.quantity > 0)`,
    f.factoryId ? sql`s.factory_id = ${f.factoryId}` : undefined,
    f.categoryId ? sql`i.category_id = ${f.categoryId}` : undefined,
    f.itemId ? sql`s.item_id = ${f.itemId}` : undefined,
    f.low === undefined ? undefined : f.low ? LOW : sql`not ${LOW}`,
    f.q ? sql`i.name ilike ${containsPattern(f.q)}` : undefined,
  );
}

function afterStockCursor(f: InventoryStockFilters, cursor: Cursor | null): SQL | undefined {
  if (!cursor) return undefined;
  const [itemId, factoryId] = cursor.id.split(':');
  const op = sql.raw(f.dir === 'asc' ? '>' : '<');
  return sql`(${SORT_COLUMNS[f.sort]}, s.item_id, s.factory_id) ${op} (${cursor.v}, ${itemId}::uuid, ${factoryId}::uuid)`;
}

/**
 * A page of rows: the page's keys are sorted and cut first (narrow rows), then only they are read
 * in full.
 */
export function listInventoryStockRows(
  db: Executor,
  f: InventoryStockFilters,
  cursor: Cursor | null,
  limit: number,
): Promise<InventoryStockRow[]> {
  const dir = sql.raw(f.dir);
  const order = sql`${SORT_COLUMNS[f.sort]} ${dir}, s.item_id ${dir}, s.factory_id ${dir}`;
  return queryRows<InventoryStockRow>(
    db,
    sql`select s.item_id || ':' || s.factory_id as id,
               i.id as "itemId", i.name as "itemName", i.active as "itemActive",
               c.id as "categoryId", c.name as "categoryName",
               u.id as "unitId", u.name as "unitName", u.symbol as "unitSymbol", u.decimals as "unitDecimals",
               f.id as "factoryId", f.name as "factoryName", f.code as "factoryCode",
               s.quantity::float8 as quantity, i.reorder_level::float8 as "reorderLevel", ${LOW} as low,
               ${isoTime(sql`s.updated_at`)} as "updatedAt"
          from (select s.factory_id, s.item_id from ${FILTERED} ${SORT_JOINS[f.sort]}
                 where ${whereAll(filtersWhere(f), afterStockCursor(f, cursor)) ?? sql`true`}
                 order by ${order}
                 limit ${limit}) page
          join (${FROM}) on s.factory_id = page.factory_id and s.item_id = page.item_id
         order by ${order}`,
  );
}

export function countInventoryStock(db: Executor, f: InventoryStockFilters) {
  return countCapped(db, FILTERED, filtersWhere(f));
}
