/**
 * Sales orders (DOMAIN.md §4 "Sales"): what was sold, from which factory, to which customer, at
 * which prices, and exactly which stove IDs went with it. Orders are never edited or deleted: a
 * mistaken order is canceled with a reason, its IDs return to validated, and it stays listed
 * under Canceled Sales. Some of a completed order's IDs can be returned on a return note (RN-):
 * sales_returns and sales_return_items; a returned ID is validated again.
 *
 * The lines carry copies of their order's day, factory, customer, category, seller, currency and
 * canceled flag so that the sales report reads one table (a million lines aggregate without a
 * join); the service writes them together with the order and flips `canceled` with it.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { SALES_ORDER_STATUSES } from '../../../common/contracts/sales-orders';
import { users } from './auth';
import { factories, recordStamps } from './core';
import { partners } from './partners';
import { salesCategories, salesPackages, salesPrices } from './sales';
import { stoveIds } from './stove-ids';

export const salesOrderStatusEnum = pgEnum('sales_order_status', SALES_ORDER_STATUSES);

const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

export const salesOrders = pgTable(
  'sales_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Shown as SO-000123. */
    number: bigint('number', { mode: 'number' }).generatedAlwaysAsIdentity().notNull().unique(),
    /** The day of the sale: the prices in force on it apply. */
    date: date('date', { mode: 'string' }).notNull(),
    factoryId: uuid('factory_id')
      .notNull()
      .references(() => factories.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => partners.id),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => salesCategories.id),
    /** Every line's price is in this currency. */
    currency: text('currency').notNull(),
    /** Packages over all lines. */
    packageCount: integer('package_count').notNull(),
    /** Stoves (stove IDs) delivered: the lines' packages × stoves per package. */
    stoveCount: integer('stove_count').notNull(),
    total: money('total').notNull(),
    /** Who the stoves went to, for carbon-credit tracing (may differ from the customer). */
    buyerName: text('buyer_name').notNull(),
    buyerPhone: text('buyer_phone'),
    buyerLocation: text('buyer_location'),
    note: text('note'),
    status: salesOrderStatusEnum('status').notNull().default('completed'),
    cancelReason: text('cancel_reason'),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    canceledBy: uuid('canceled_by').references(() => users.id),
    /** created_by is the seller. */
    ...recordStamps,
  },
  (t) => [
    check('sales_orders_counts', sql`${t.packageCount} > 0 and ${t.stoveCount} > 0 and ${t.total} >= 0`),
    check('sales_orders_currency', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check(
      'sales_orders_canceled',
      sql`(${t.status} = 'canceled') = (${t.canceledAt} is not null) and (${t.status} = 'canceled') = (${t.cancelReason} is not null)`,
    ),
    index('sales_orders_date_idx').on(t.date, t.id),
    index('sales_orders_factory_date_idx').on(t.factoryId, t.date),
    index('sales_orders_customer_date_idx').on(t.customerId, t.date),
    index('sales_orders_seller_date_idx').on(t.createdBy, t.date),
    index('sales_orders_canceled_idx')
      .on(t.canceledAt, t.id)
      .where(sql`${t.status} = 'canceled'`),
  ],
);

export const salesOrderLines = pgTable(
  'sales_order_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => salesOrders.id),
    /** 1, 2, 3… in the order as entered. */
    position: smallint('position').notNull(),
    packageId: uuid('package_id')
      .notNull()
      .references(() => salesPackages.id),
    quantity: integer('quantity').notNull(),
    /** The package's stoves per package when sold. */
    stovesPerPackage: integer('stoves_per_package').notNull(),
    /** The price in force on the order's day (kept: a later price does not change a sale). */
    priceId: uuid('price_id')
      .notNull()
      .references(() => salesPrices.id),
    unitPrice: money('unit_price').notNull(),
    lineTotal: money('line_total').notNull(),
    // Copies of the order's fields, for the sales report (see the file's comment).
    date: date('date', { mode: 'string' }).notNull(),
    factoryId: uuid('factory_id')
      .notNull()
      .references(() => factories.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => partners.id),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => salesCategories.id),
    sellerId: uuid('seller_id').references(() => users.id),
    currency: text('currency').notNull(),
    canceled: boolean('canceled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sales_order_lines_order_position_key').on(t.orderId, t.position),
    check('sales_order_lines_quantity', sql`${t.quantity} > 0 and ${t.stovesPerPackage} > 0`),
    check('sales_order_lines_total', sql`${t.lineTotal} = ${t.quantity} * ${t.unitPrice}`),
    index('sales_order_lines_date_idx').on(t.date),
    index('sales_order_lines_package_idx').on(t.packageId),
    index('sales_order_lines_price_idx').on(t.priceId),
  ],
);

/** The stove IDs an order delivered (all of them, whatever became of the order since). */
export const salesOrderItems = pgTable(
  'sales_order_items',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => salesOrders.id),
    stoveIdId: bigint('stove_id_id', { mode: 'number' })
      .notNull()
      .references(() => stoveIds.id),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.stoveIdId] }), index('sales_order_items_stove_idx').on(t.stoveIdId)],
);

/**
 * A return note (credit note RN-000123): some IDs of a completed order returned with a reason.
 * The credit is what the returned stoves were sold for (each line's price per stove).
 */
export const salesReturns = pgTable(
  'sales_returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Shown as RN-000123. */
    number: bigint('number', { mode: 'number' }).generatedAlwaysAsIdentity().notNull().unique(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => salesOrders.id),
    /** The order's factory. */
    factoryId: uuid('factory_id')
      .notNull()
      .references(() => factories.id),
    /** The day of the return (the credit note's date): the sales report nets the return on it. */
    date: date('date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    stoveCount: integer('stove_count').notNull(),
    credit: money('credit').notNull(),
    /** The order's currency. */
    currency: text('currency').notNull(),
    returnedAt: timestamp('returned_at', { withTimezone: true }).notNull().defaultNow(),
    returnedBy: uuid('returned_by').references(() => users.id),
  },
  (t) => [
    check('sales_returns_counts', sql`${t.stoveCount} > 0 and ${t.credit} >= 0`),
    index('sales_returns_order_idx').on(t.orderId),
    index('sales_returns_returned_at_idx').on(t.returnedAt, t.id),
    index('sales_returns_factory_date_idx').on(t.factoryId, t.date),
  ],
);

/**
 * The IDs of a return note, each with the order line it came from and its credit. Like the order
 * lines, each row carries copies (the return's day, the order's factory, customer, category,
 * seller and currency, the line's package) so that the sales report nets returns from this table
 * alone. An ID is returned from an order once (unique order × ID).
 */
export const salesReturnItems = pgTable(
  'sales_return_items',
  {
    returnId: uuid('return_id')
      .notNull()
      .references(() => salesReturns.id),
    stoveIdId: bigint('stove_id_id', { mode: 'number' })
      .notNull()
      .references(() => stoveIds.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => salesOrders.id),
    orderLineId: bigint('order_line_id', { mode: 'number' })
      .notNull()
      .references(() => salesOrderLines.id),
    credit: money('credit').notNull(),
    // Copies for the sales report (see the comment above).
    date: date('date', { mode: 'string' }).notNull(),
    factoryId: uuid('factory_id')
      .notNull()
      .references(() => factories.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => partners.id),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => salesCategories.id),
    sellerId: uuid('seller_id').references(() => users.id),
    packageId: uuid('package_id')
      .notNull()
      .references(() => salesPackages.id),
    currency: text('currency').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.returnId, t.stoveIdId] }),
    uniqueIndex('sales_return_items_order_stove_key').on(t.orderId, t.stoveIdId),
    check('sales_return_items_credit', sql`${t.credit} >= 0`),
    index('sales_return_items_date_idx').on(t.date),
    index('sales_return_items_stove_idx').on(t.stoveIdId),
  ],
);
