/**
 * SQL of sales orders. Stove ID status changes go through
 * ../stove-ids/stove-id-status.repository.ts and prices are read through
 * ./sales-prices.repository.ts; this file reads what an order refers to, writes the order, its
 * lines and its items, locks orders, and reads them for lists and details.
 */
import { eq, gte, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ListSalesOrdersQuery, SalesOrderStatus } from '../../../common/contracts/sales-orders';
import { queryRows, type Executor } from '../../db/client';
import { joinPerson, recordPerson } from '../../db/record-person';
import { factories } from '../../db/schema/core';
import { partners } from '../../db/schema/partners';
import { salesCategories } from '../../db/schema/sales';
import { salesOrderLines, salesOrders } from '../../db/schema/sales-orders';
import {
  afterCursor,
  containsPattern,
  countCapped,
  cursorRowValue,
  orderBy,
  whereAll,
  type Cursor,
} from '../../http/list';
import { holdsStoveIdCode } from '../stove-ids/document-stove-ids.repository';
import type { PartnerType } from '../../../common/contracts/partners';
import { sqlTextArray } from '../stove-ids/stove-id-status.repository';
import { OF_COMPLETED_ORDERS } from './sales-returns.repository';

// ---------------------------------------------------------------------------------------------
// What an order refers to

export interface CustomerRow {
  id: string;
  name: string;
  type: PartnerType;
  active: boolean;
  defaultSalesCategoryId: string | null;
}

/** The customer, locked FOR SHARE (it cannot change under the order being written). */
export async function findCustomer(db: Executor, id: string): Promise<CustomerRow | null> {
  const [row] = await queryRows<CustomerRow>(
    db,
    sql`select id, name, type, active, default_sales_category_id as "defaultSalesCategoryId"
          from partners where id = ${id} for share`,
  );
  return row ?? null;
}

export interface SalesCategoryRow {
  id: string;
  name: string;
  code: string;
  active: boolean;
}

/** The category, locked FOR SHARE (a concurrent delete waits for the order). */
export async function findSalesCategory(db: Executor, id: string): Promise<SalesCategoryRow | null> {
  const [row] = await queryRows<SalesCategoryRow>(
    db,
    sql`select id, name, code, active from sales_categories where id = ${id} for share`,
  );
  return row ?? null;
}

export interface PackageRow {
  id: string;
  name: string;
  code: string;
  active: boolean;
  stovesPerPackage: number;
  ckdCategoryId: string;
  ckdCategoryName: string;
  ckdCategoryCode: string;
}

const PACKAGE_COLUMNS = sql`p.id, p.name, p.code, p.active, p.stoves_per_package as "stovesPerPackage",
       c.id as "ckdCategoryId", c.name as "ckdCategoryName", c.code as "ckdCategoryCode"`;

/** The packages with these ids, locked FOR SHARE. */
export function findPackages(db: Executor, ids: readonly string[]): Promise<PackageRow[]> {
  return queryRows<PackageRow>(
    db,
    sql`select ${PACKAGE_COLUMNS}
          from sales_packages p join ckd_categories c on c.id = p.ckd_category_id
         where p.id = any(${sqlTextArray(ids)}::uuid[])
           for share of p`,
  );
}

/** The active packages, by name (the order form's choices). */
export function activePackages(db: Executor): Promise<PackageRow[]> {
  return queryRows<PackageRow>(
    db,
    sql`select ${PACKAGE_COLUMNS}
          from sales_packages p join ckd_categories c on c.id = p.ckd_category_id
         where p.active
         order by lower(p.name)`,
  );
}

/**
 * The model each of these stove IDs was coupled as: the kit category of the submitted stove report
 * that holds it (a voided report coupled nothing). IDs carried over without a report are absent.
 */
export async function stoveModelsByCode(
  db: Executor,
  codes: readonly string[],
): Promise<Map<string, { id: string; name: string }>> {
  if (codes.length === 0) return new Map();
  const rows = await queryRows<{ code: string; id: string; name: string }>(
    db,
    // From each ID to its report (LATERAL … LIMIT 1): joined the other way round, the planner
    // started from the few reports and read every item of a report of 10,000 stoves (60 ms).
    sql`select si.code, c.id, c.name
          from stove_ids si
         cross join lateral (
               select r.category_id
                 from stove_report_items ri
                 join stove_reports r on r.id = ri.report_id
                where ri.stove_id_id = si.id and r.status = 'submitted'
                order by r.created_at desc
                limit 1) m
          join ckd_categories c on c.id = m.category_id
         where si.code = any(${sqlTextArray(codes)})`,
  );
  return new Map(rows.map((r) => [r.code, { id: r.id, name: r.name }]));
}

/** Locks prices FOR SHARE: a scheduled price an order uses cannot be withdrawn under it. */
export async function sharePrices(db: Executor, ids: readonly string[]): Promise<void> {
  await db.execute(sql`select id from sales_prices where id = any(${sqlTextArray(ids)}::uuid[]) for share`);
}

// ---------------------------------------------------------------------------------------------
// Writing

export interface NewOrder {
  date: string;
  factoryId: string;
  customerId: string;
  categoryId: string;
  currency: string;
  packageCount: number;
  stoveCount: number;
  total: number;
  buyerName: string;
  buyerPhone: string | null;
  buyerLocation: string | null;
  note: string | null;
  actorId: string;
}

export async function insertOrder(db: Executor, o: NewOrder): Promise<{ id: string; number: number; createdAt: Date }> {
  const [row] = await db
    .insert(salesOrders)
    .values({ ...o, createdBy: o.actorId, updatedBy: o.actorId })
    .returning({ id: salesOrders.id, number: salesOrders.number, createdAt: salesOrders.createdAt });
  if (!row) throw new Error('insert into sales_orders returned no row');
  return row;
}

export interface NewOrderLine {
  position: number;
  packageId: string;
  quantity: number;
  stovesPerPackage: number;
  priceId: string;
  unitPrice: number;
  lineTotal: number;
}

/** The order's lines, with the copies of its fields the sales report reads. */
export async function insertOrderLines(
  db: Executor,
  order: { id: string } & Pick<NewOrder, 'date' | 'factoryId' | 'customerId' | 'categoryId' | 'currency' | 'actorId'>,
  lines: readonly NewOrderLine[],
): Promise<void> {
  await db.insert(salesOrderLines).values(
    lines.map((l) => ({
      ...l,
      orderId: order.id,
      date: order.date,
      factoryId: order.factoryId,
      customerId: order.customerId,
      categoryId: order.categoryId,
      sellerId: order.actorId,
      currency: order.currency,
    })),
  );
}

export interface LockedOrder {
  id: string;
  number: number;
  status: SalesOrderStatus;
  factoryId: string;
  customerId: string;
  categoryId: string;
  sellerId: string | null;
  currency: string;
  stoveCount: number;
}

/** The order, locked FOR UPDATE until the transaction ends (null when it does not exist). */
export async function lockOrder(db: Executor, id: string): Promise<LockedOrder | null> {
  const [row] = await db
    .select({
      id: salesOrders.id,
      number: salesOrders.number,
      status: salesOrders.status,
      factoryId: salesOrders.factoryId,
      customerId: salesOrders.customerId,
      categoryId: salesOrders.categoryId,
      sellerId: salesOrders.createdBy,
      currency: salesOrders.currency,
      stoveCount: salesOrders.stoveCount,
    })
    .from(salesOrders)
    .where(eq(salesOrders.id, id))
    .for('update');
  return row ?? null;
}

/** Cancels the order and flags its lines, so the sales report leaves them out. */
export async function markOrderCanceled(db: Executor, id: string, reason: string, actorId: string): Promise<void> {
  const now = new Date();
  await db
    .update(salesOrders)
    .set({
      status: 'canceled',
      cancelReason: reason,
      canceledAt: now,
      canceledBy: actorId,
      updatedAt: now,
      updatedBy: actorId,
    })
    .where(eq(salesOrders.id, id));
  await db.update(salesOrderLines).set({ canceled: true }).where(eq(salesOrderLines.orderId, id));
}

/** Whether any order line was priced at this price (it then stays, even if it is from a later day). */
export async function priceIsUsed(db: Executor, priceId: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from sales_order_lines where price_id = ${priceId} limit 1`,
  );
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Reading orders

/** An order with its factory, customer, category and people, as lists, exports and details read it. */
export interface OrderRow {
  id: string;
  number: number;
  date: string;
  status: SalesOrderStatus;
  factoryId: string;
  factoryName: string;
  factoryCode: string;
  customerId: string;
  customerName: string;
  customerType: string;
  categoryId: string;
  categoryName: string;
  categoryCode: string;
  currency: string;
  packageCount: number;
  stoveCount: number;
  total: number;
  buyerName: string;
  buyerPhone: string | null;
  buyerLocation: string | null;
  note: string | null;
  createdAt: Date;
  sellerId: string | null;
  sellerName: string | null;
  sellerEmail: string | null;
  cancelReason: string | null;
  canceledAt: Date | null;
  canceledById: string | null;
  canceledByName: string | null;
  canceledByEmail: string | null;
}

const seller = recordPerson('seller', salesOrders.createdBy);
const canceler = recordPerson('canceler', salesOrders.canceledBy);

const ORDER_COLUMNS = {
  id: salesOrders.id,
  number: salesOrders.number,
  date: salesOrders.date,
  status: salesOrders.status,
  factoryId: factories.id,
  factoryName: factories.name,
  factoryCode: factories.code,
  customerId: partners.id,
  customerName: partners.name,
  customerType: sql<string>`${partners.type}::text`,
  categoryId: salesCategories.id,
  categoryName: salesCategories.name,
  categoryCode: salesCategories.code,
  currency: salesOrders.currency,
  packageCount: salesOrders.packageCount,
  stoveCount: salesOrders.stoveCount,
  total: salesOrders.total,
  buyerName: salesOrders.buyerName,
  buyerPhone: salesOrders.buyerPhone,
  buyerLocation: salesOrders.buyerLocation,
  note: salesOrders.note,
  createdAt: salesOrders.createdAt,
  sellerId: salesOrders.createdBy,
  sellerName: seller.name,
  sellerEmail: seller.email,
  cancelReason: salesOrders.cancelReason,
  canceledAt: salesOrders.canceledAt,
  canceledById: salesOrders.canceledBy,
  canceledByName: canceler.name,
  canceledByEmail: canceler.email,
};

function selectOrders(db: Executor) {
  const orders = db
    .select(ORDER_COLUMNS)
    .from(salesOrders)
    .innerJoin(factories, eq(factories.id, salesOrders.factoryId))
    .innerJoin(partners, eq(partners.id, salesOrders.customerId))
    .innerJoin(salesCategories, eq(salesCategories.id, salesOrders.categoryId))
    .$dynamic();
  return joinPerson(joinPerson(orders, seller), canceler);
}

export async function findOrderRow(db: Executor, id: string): Promise<OrderRow | null> {
  const [row] = await selectOrders(db).where(eq(salesOrders.id, id));
  return row ?? null;
}

export interface OrderLineRow {
  position: number;
  packageId: string;
  packageName: string;
  packageCode: string;
  quantity: number;
  stovesPerPackage: number;
  unitPrice: number;
  lineTotal: number;
  priceEffectiveFrom: string;
}

export function orderLineRows(db: Executor, orderId: string): Promise<OrderLineRow[]> {
  return queryRows<OrderLineRow>(
    db,
    sql`select l.position, p.id as "packageId", p.name as "packageName", p.code as "packageCode", l.quantity,
               l.stoves_per_package as "stovesPerPackage", l.unit_price::float8 as "unitPrice",
               l.line_total::float8 as "lineTotal", to_char(sp.effective_from, 'YYYY-MM-DD') as "priceEffectiveFrom"
          from sales_order_lines l
          join sales_packages p on p.id = l.package_id
          join sales_prices sp on sp.id = l.price_id
         where l.order_id = ${orderId}
         order by l.position`,
  );
}

/** The list's filters as the service resolved them (scope applied). */
export interface OrderFilters {
  factoryId?: string | undefined;
  customerId?: string | undefined;
  categoryId?: string | undefined;
  sellerId?: string | undefined;
  status?: SalesOrderStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** The search as typed: matches customer name, buyer name and buyer phone. */
  text?: string | undefined;
  /** An order number typed in the search. */
  number?: number | undefined;
  /** A stove ID code typed in the search. */
  code?: string | undefined;
  sort: ListSalesOrdersQuery['sort'];
  dir: ListSalesOrdersQuery['dir'];
}

export const ORDER_SORT_VALUES: Record<ListSalesOrdersQuery['sort'], (row: OrderRow) => Cursor['v']> = {
  date: (r) => r.date,
  number: (r) => r.number,
  total: (r) => r.total,
  canceledAt: (r) => (r.canceledAt ? r.canceledAt.toISOString() : null),
};

function filtersWhere(f: OrderFilters): SQL | undefined {
  const o = salesOrders;
  const search =
    f.text !== undefined
      ? or(
          f.number !== undefined ? eq(o.number, f.number) : undefined,
          f.code !== undefined ? holdsStoveIdCode('sales_order', o.id, f.code) : undefined,
          sql`${o.customerId} in (select pt.id from partners pt where pt.name ilike ${containsPattern(f.text)})`,
          sql`${o.buyerName} ilike ${containsPattern(f.text)}`,
          sql`${o.buyerPhone} ilike ${containsPattern(f.text)}`,
        )
      : undefined;
  return whereAll(
    f.factoryId ? eq(o.factoryId, f.factoryId) : undefined,
    f.customerId ? eq(o.customerId, f.customerId) : undefined,
    f.categoryId ? eq(o.categoryId, f.categoryId) : undefined,
    f.sellerId ? eq(o.createdBy, f.sellerId) : undefined,
    f.status ? eq(o.status, f.status) : undefined,
    f.from ? gte(o.date, f.from) : undefined,
    f.to ? lte(o.date, f.to) : undefined,
    // Sorted by the time of cancellation, the list is of canceled orders.
    f.sort === 'canceledAt' ? isNotNull(o.canceledAt) : undefined,
    search,
  );
}

function sortColumn(sort: OrderFilters['sort']) {
  const o = salesOrders;
  return sort === 'number' ? o.number : sort === 'total' ? o.total : sort === 'canceledAt' ? o.canceledAt : o.date;
}

export function listOrderRows(
  db: Executor,
  f: OrderFilters,
  cursor: Cursor | null,
  limit: number,
): Promise<OrderRow[]> {
  const o = salesOrders;
  const sort = sortColumn(f.sort);
  const exact = f.sort === 'canceledAt' ? cursorRowValue(o, o.canceledAt, o.id, cursor) : undefined;
  return selectOrders(db)
    .where(whereAll(filtersWhere(f), afterCursor(sort, o.id, f.dir, cursor, exact)))
    .orderBy(...orderBy(sort, o.id, f.dir))
    .limit(limit);
}

export function countOrders(db: Executor, f: OrderFilters) {
  return countCapped(db, sql`${salesOrders}`, filtersWhere(f), salesOrders);
}

// ---------------------------------------------------------------------------------------------
// The sales overview

const factoryCondition = (column: SQL, factoryId: string | undefined) =>
  factoryId ? sql`and ${column} = ${factoryId}` : sql``;

/** Completed and canceled orders dated from `from` to `to`. */
export async function orderCounts(
  db: Executor,
  range: { from: string; to: string; factoryId: string | undefined },
): Promise<{ orders: number; canceled: number }> {
  const [row] = await queryRows<{ orders: number; canceled: number }>(
    db,
    sql`select count(*) filter (where status = 'completed')::int as orders,
               count(*) filter (where status = 'canceled')::int as canceled
          from sales_orders
         where date between ${range.from} and ${range.to} ${factoryCondition(sql`factory_id`, range.factoryId)}`,
  );
  return row ?? { orders: 0, canceled: 0 };
}

/**
 * Stoves and revenue of the completed orders' lines from `from` to `to`, per currency, net of the
 * returns dated then (each branch summed first, as the sales report does).
 */
export function soldByCurrency(
  db: Executor,
  range: { from: string; to: string; factoryId: string | undefined },
): Promise<{ currency: string; stoves: number; amount: number }[]> {
  const factory = factoryCondition(sql`factory_id`, range.factoryId);
  return queryRows<{ currency: string; stoves: number; amount: number }>(
    db,
    sql`select currency, sum(stoves)::int as stoves, sum(amount)::float8 as amount
          from (select currency, sum(quantity * stoves_per_package) as stoves, sum(line_total) as amount
                  from sales_order_lines
                 where not canceled and date between ${range.from} and ${range.to} ${factory}
                 group by currency
                 union all
                select currency, -count(*), -sum(credit)
                  from sales_return_items
                 where ${OF_COMPLETED_ORDERS} and date between ${range.from} and ${range.to} ${factory}
                 group by currency) s
         group by currency
         order by sum(amount) desc`,
  );
}

/** Stoves sold per day from `from` to `to`, net of the returns of that day (days without either are absent). */
export function stovesPerDay(
  db: Executor,
  range: { from: string; to: string; factoryId: string | undefined },
): Promise<{ day: string; stoves: number }[]> {
  const factory = factoryCondition(sql`factory_id`, range.factoryId);
  return queryRows<{ day: string; stoves: number }>(
    db,
    sql`select to_char(date, 'YYYY-MM-DD') as day, sum(stoves)::int as stoves
          from (select date, sum(quantity * stoves_per_package) as stoves
                  from sales_order_lines
                 where not canceled and date between ${range.from} and ${range.to} ${factory}
                 group by date
                 union all
                select date, -count(*)
                  from sales_return_items
                 where ${OF_COMPLETED_ORDERS} and date between ${range.from} and ${range.to} ${factory}
                 group by date) s
         group by date`,
  );
}

/** The active factories (one, or all) with their validated stove IDs, by name. */
export function validatedPerFactory(
  db: Executor,
  factoryId: string | undefined,
): Promise<{ id: string; name: string; code: string; stoves: number }[]> {
  return queryRows<{ id: string; name: string; code: string; stoves: number }>(
    db,
    sql`select f.id, f.name, f.code,
               (select count(*)::int from stove_ids s where s.factory_id = f.id and s.status = 'validated') as stoves
          from factories f
         where f.active ${factoryCondition(sql`f.id`, factoryId)}
         order by f.name`,
  );
}
