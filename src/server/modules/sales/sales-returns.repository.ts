/**
 * SQL of return notes (sales_returns and sales_return_items). Stove ID status changes go through
 * ../stove-ids/stove-id-status.repository.ts; the order is locked by ./sales-orders.repository.ts.
 */
import { eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ListSalesReturnsQuery } from '../../../common/contracts/sales-orders';
import { queryRows, type Executor } from '../../db/client';
import { joinPerson, recordPerson } from '../../db/record-person';
import { factories } from '../../db/schema/core';
import { partners } from '../../db/schema/partners';
import { salesOrders, salesReturnItems, salesReturns } from '../../db/schema/sales-orders';
import {
  afterCursor,
  containsPattern,
  countCapped,
  cursorRowValue,
  orderBy,
  whereAll,
  type Cursor,
} from '../../http/list';

/**
 * sales_return_items of orders still completed: a canceled order leaves the figures whole (its
 * lines are flagged canceled), its earlier returns with it.
 */
export const OF_COMPLETED_ORDERS = sql.raw(
  `order_id not in (select o.id from sales_orders o where o.status = 'canceled')`,
);

// ---------------------------------------------------------------------------------------------
// Returning

/** An order line as a return sees it: its package's model, its stoves, and how many were returned. */
export interface ReturnLineRow {
  id: number;
  position: number;
  packageId: string;
  modelId: string;
  stoves: number;
  stovesPerPackage: number;
  unitPrice: number;
  returned: number;
}

export function orderLinesForReturn(db: Executor, orderId: string): Promise<ReturnLineRow[]> {
  return queryRows<ReturnLineRow>(
    db,
    sql`select l.id::int as id, l.position, l.package_id as "packageId", p.ckd_category_id as "modelId",
               l.quantity * l.stoves_per_package as stoves, l.stoves_per_package as "stovesPerPackage",
               l.unit_price::float8 as "unitPrice",
               (select count(*)::int from sales_return_items ri where ri.order_line_id = l.id) as returned
          from sales_order_lines l
          join sales_packages p on p.id = l.package_id
         where l.order_id = ${orderId}
         order by l.position`,
  );
}

/** The order's IDs (unlocked, for reading), in id order. */
export function orderStoveIds(
  db: Executor,
  orderId: string,
): Promise<{ id: number; code: string; status: string; factoryId: string }[]> {
  return queryRows<{ id: number; code: string; status: string; factoryId: string }>(
    db,
    sql`select s.id::int as id, s.code, s.status, s.factory_id as "factoryId"
          from sales_order_items i join stove_ids s on s.id = i.stove_id_id
         where i.order_id = ${orderId}
         order by s.id`,
  );
}

/** The order's IDs already returned, by stove_ids id, with the number of the return note. */
export async function returnedIdsOfOrder(db: Executor, orderId: string): Promise<Map<number, number>> {
  const rows = await queryRows<{ id: number; number: number }>(
    db,
    sql`select ri.stove_id_id::int as id, r.number::int as number
          from sales_return_items ri join sales_returns r on r.id = ri.return_id
         where ri.order_id = ${orderId}`,
  );
  return new Map(rows.map((r) => [r.id, r.number]));
}

export interface NewReturn {
  order: { id: string; factoryId: string; customerId: string; categoryId: string; sellerId: string | null };
  date: string;
  reason: string;
  currency: string;
  actorId: string;
  items: { stoveIdId: number; orderLineId: number; packageId: string; credit: number }[];
}

/** The return note and its items (with the copies the sales report reads); its number and credit. */
export async function insertReturn(db: Executor, r: NewReturn): Promise<{ id: string; number: number }> {
  const credit = r.items.reduce((n, i) => n + Math.round(i.credit * 100), 0) / 100;
  const [row] = await db
    .insert(salesReturns)
    .values({
      orderId: r.order.id,
      factoryId: r.order.factoryId,
      date: r.date,
      reason: r.reason,
      stoveCount: r.items.length,
      credit,
      currency: r.currency,
      returnedBy: r.actorId,
    })
    .returning({ id: salesReturns.id, number: salesReturns.number });
  if (!row) throw new Error('insert into sales_returns returned no row');
  await db.insert(salesReturnItems).values(
    r.items.map((i) => ({
      ...i,
      returnId: row.id,
      orderId: r.order.id,
      date: r.date,
      factoryId: r.order.factoryId,
      customerId: r.order.customerId,
      categoryId: r.order.categoryId,
      sellerId: r.order.sellerId,
      currency: r.currency,
    })),
  );
  return row;
}

// ---------------------------------------------------------------------------------------------
// Reading

export interface ReturnRow {
  id: string;
  number: number;
  date: string;
  orderId: string;
  orderNumber: number;
  orderDate: string;
  factoryId: string;
  factoryName: string;
  factoryCode: string;
  customerId: string;
  customerName: string;
  reason: string;
  stoveCount: number;
  credit: number;
  currency: string;
  returnedAt: Date;
  returnedById: string | null;
  returnedByName: string | null;
  returnedByEmail: string | null;
}

const returner = recordPerson('returner', salesReturns.returnedBy);

const RETURN_COLUMNS = {
  id: salesReturns.id,
  number: salesReturns.number,
  date: salesReturns.date,
  orderId: salesOrders.id,
  orderNumber: salesOrders.number,
  orderDate: salesOrders.date,
  factoryId: factories.id,
  factoryName: factories.name,
  factoryCode: factories.code,
  customerId: partners.id,
  customerName: partners.name,
  reason: salesReturns.reason,
  stoveCount: salesReturns.stoveCount,
  credit: salesReturns.credit,
  currency: salesReturns.currency,
  returnedAt: salesReturns.returnedAt,
  returnedById: salesReturns.returnedBy,
  returnedByName: returner.name,
  returnedByEmail: returner.email,
};

function selectReturns(db: Executor) {
  const rows = db
    .select(RETURN_COLUMNS)
    .from(salesReturns)
    .innerJoin(salesOrders, eq(salesOrders.id, salesReturns.orderId))
    .innerJoin(factories, eq(factories.id, salesReturns.factoryId))
    .innerJoin(partners, eq(partners.id, salesOrders.customerId))
    .$dynamic();
  return joinPerson(rows, returner);
}

export async function findReturnRow(db: Executor, id: string): Promise<ReturnRow | null> {
  const [row] = await selectReturns(db).where(eq(salesReturns.id, id));
  return row ?? null;
}

/** An order's return notes, oldest first, each with the codes it returned. */
export async function orderReturnRows(db: Executor, orderId: string): Promise<(ReturnRow & { codes: string[] })[]> {
  const rows = await selectReturns(db)
    .where(eq(salesReturns.orderId, orderId))
    .orderBy(salesReturns.returnedAt, salesReturns.id);
  if (rows.length === 0) return [];
  const codes = await queryRows<{ returnId: string; code: string }>(
    db,
    sql`select ri.return_id as "returnId", s.code
          from sales_return_items ri join stove_ids s on s.id = ri.stove_id_id
         where ri.order_id = ${orderId}
         order by s.code`,
  );
  return rows.map((r) => ({ ...r, codes: codes.filter((c) => c.returnId === r.id).map((c) => c.code) }));
}

export interface ReturnItemRow {
  code: string;
  position: number;
  packageId: string;
  packageName: string;
  packageCode: string;
  credit: number;
}

/** A return note's IDs, by line then code. */
export function returnItemRows(db: Executor, returnId: string): Promise<ReturnItemRow[]> {
  return queryRows<ReturnItemRow>(
    db,
    sql`select s.code, l.position, p.id as "packageId", p.name as "packageName", p.code as "packageCode",
               ri.credit::float8 as credit
          from sales_return_items ri
          join stove_ids s on s.id = ri.stove_id_id
          join sales_order_lines l on l.id = ri.order_line_id
          join sales_packages p on p.id = l.package_id
         where ri.return_id = ${returnId}
         order by l.position, s.code`,
  );
}

/** The list's filters as the service resolved them (scope applied). */
export interface ReturnFilters {
  factoryId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** The search as typed: matches the customer's name. */
  text?: string | undefined;
  /** A return note's number typed in the search. */
  number?: number | undefined;
  /** An order's number typed in the search. */
  orderNumber?: number | undefined;
  sort: ListSalesReturnsQuery['sort'];
  dir: ListSalesReturnsQuery['dir'];
}

export const RETURN_SORT_VALUES: Record<ListSalesReturnsQuery['sort'], (row: ReturnRow) => Cursor['v']> = {
  returnedAt: (r) => r.returnedAt.toISOString(),
  number: (r) => r.number,
  credit: (r) => r.credit,
};

function filtersWhere(f: ReturnFilters): SQL | undefined {
  const r = salesReturns;
  const search =
    f.text !== undefined
      ? or(
          f.number !== undefined ? eq(r.number, f.number) : undefined,
          f.orderNumber !== undefined
            ? sql`${r.orderId} in (select o.id from sales_orders o where o.number = ${f.orderNumber})`
            : undefined,
          sql`${r.orderId} in (select o.id from sales_orders o join partners pt on pt.id = o.customer_id
                                where pt.name ilike ${containsPattern(f.text)})`,
        )
      : undefined;
  return whereAll(
    f.factoryId ? eq(r.factoryId, f.factoryId) : undefined,
    f.from ? gte(r.date, f.from) : undefined,
    f.to ? lte(r.date, f.to) : undefined,
    search,
  );
}

function sortColumn(sort: ReturnFilters['sort']) {
  const r = salesReturns;
  return sort === 'number' ? r.number : sort === 'credit' ? r.credit : r.returnedAt;
}

export function listReturnRows(db: Executor, f: ReturnFilters, cursor: Cursor | null, limit: number) {
  const r = salesReturns;
  const sort = sortColumn(f.sort);
  const exact = f.sort === 'returnedAt' ? cursorRowValue(r, r.returnedAt, r.id, cursor) : undefined;
  return selectReturns(db)
    .where(whereAll(filtersWhere(f), afterCursor(sort, r.id, f.dir, cursor, exact)))
    .orderBy(...orderBy(sort, r.id, f.dir))
    .limit(limit);
}

export function countReturns(db: Executor, f: ReturnFilters) {
  return countCapped(db, sql`${salesReturns}`, filtersWhere(f), salesReturns);
}
