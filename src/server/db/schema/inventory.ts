/**
 * General inventory (DOMAIN.md §4 "Inventory"): packaging, spare parts, tools and the like, beside
 * the stove supply chain.
 *
 * Master data: categories, units and items. Stock is a ledger (`inventory_movements`), each
 * movement belonging to one entry (`inventory_entries`: an input, a removal or a transfer saved
 * together, shown as IN-/RM-/IT-000123). The balances (`inventory_stock`) change in the same
 * transaction through the one stock function (applyStockDeltas), and a CHECK refuses a negative
 * balance.
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
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { factories, recordStamps } from './core';

/** Quantities of inventory: up to three decimals (the item's unit says how many it takes). */
const inventoryQuantity = (name: string) => numeric(name, { precision: 14, scale: 3, mode: 'number' });

export const inventoryEntryKindEnum = pgEnum('inventory_entry_kind', ['input', 'removal', 'transfer']);
export const inventoryMovementKindEnum = pgEnum('inventory_movement_kind', [
  'input',
  'removal',
  'transfer_out',
  'transfer_in',
]);
export const inventoryRemovalReasonEnum = pgEnum('inventory_removal_reason', [
  'used',
  'damaged',
  'lost',
  'expired',
  'other',
]);

export const inventoryCategories = pgTable(
  'inventory_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    ...recordStamps,
  },
  (t) => [uniqueIndex('inventory_categories_name_key').on(sql`lower(${t.name})`)],
);

export const inventoryUnits = pgTable(
  'inventory_units',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** "Pieces", "Litres". */
    name: text('name').notNull(),
    /** "pcs", "l": shown after quantities. */
    symbol: text('symbol').notNull(),
    /** How many decimals a quantity in this unit takes: 0 for pieces, up to 3. */
    decimals: integer('decimals').notNull().default(0),
    active: boolean('active').notNull().default(true),
    ...recordStamps,
  },
  (t) => [
    uniqueIndex('inventory_units_name_key').on(sql`lower(${t.name})`),
    uniqueIndex('inventory_units_symbol_key').on(sql`lower(${t.symbol})`),
    check('inventory_units_decimals', sql`${t.decimals} between 0 and 3`),
  ],
);

/** An item ("Names" in the menu): what is counted in stock. */
export const inventoryItems = pgTable(
  'inventory_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => inventoryCategories.id),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => inventoryUnits.id),
    /** Stock at a factory below this is flagged low. */
    reorderLevel: inventoryQuantity('reorder_level').notNull().default(0),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    ...recordStamps,
  },
  (t) => [
    uniqueIndex('inventory_items_name_key').on(sql`lower(${t.name})`),
    check('inventory_items_reorder_level', sql`${t.reorderLevel} >= 0`),
    index('inventory_items_category_idx').on(t.categoryId),
    index('inventory_items_unit_idx').on(t.unitId),
  ],
);

/** Lines saved together: an input (receipt), a removal or a transfer between factories. */
export const inventoryEntries = pgTable(
  'inventory_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: bigint('number', { mode: 'number' }).generatedAlwaysAsIdentity().notNull().unique(),
    kind: inventoryEntryKindEnum('kind').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    /** Where stock is received or removed; the sender of a transfer. */
    factoryId: uuid('factory_id')
      .notNull()
      .references(() => factories.id),
    /** The receiver of a transfer. */
    toFactoryId: uuid('to_factory_id').references(() => factories.id),
    /** Who delivered an input. */
    supplier: text('supplier'),
    /** Delivery note, invoice or waybill number. */
    reference: text('reference'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id),
  },
  (t) => [
    check('inventory_entries_transfer', sql`(${t.kind} = 'transfer') = (${t.toFactoryId} is not null)`),
    check('inventory_entries_sides', sql`${t.toFactoryId} is null or ${t.toFactoryId} <> ${t.factoryId}`),
    check('inventory_entries_supplier', sql`${t.kind} = 'input' or ${t.supplier} is null`),
    index('inventory_entries_kind_date_idx').on(t.kind, t.date, t.number),
    index('inventory_entries_factory_idx').on(t.factoryId, t.date),
    index('inventory_entries_to_factory_idx')
      .on(t.toFactoryId, t.date)
      .where(sql`${t.toFactoryId} is not null`),
  ],
);

/**
 * The inventory ledger: one row per movement of one item at one factory; `delta` is its signed
 * effect on stock. A transfer line is two movements (out at the sender, in at the receiver).
 */
export const inventoryMovements = pgTable(
  'inventory_movements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => inventoryEntries.id),
    /** The line of the entry (1-based); both movements of a transfer line share it. */
    line: integer('line').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    factoryId: uuid('factory_id')
      .notNull()
      .references(() => factories.id),
    itemId: uuid('item_id')
      .notNull()
      .references(() => inventoryItems.id),
    kind: inventoryMovementKindEnum('kind').notNull(),
    quantity: inventoryQuantity('quantity').notNull(),
    delta: inventoryQuantity('delta').notNull(),
    /** The cost of one unit received (inputs only). */
    unitCost: numeric('unit_cost', { precision: 14, scale: 2, mode: 'number' }),
    /** Why stock was removed (removals only). */
    reason: inventoryRemovalReasonEnum('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id),
  },
  (t) => [
    check('inventory_movements_quantity', sql`${t.quantity} > 0`),
    check(
      'inventory_movements_delta',
      sql`${t.delta} = case when ${t.kind} = 'input' or ${t.kind} = 'transfer_in' then ${t.quantity} else -${t.quantity} end`,
    ),
    check('inventory_movements_reason', sql`(${t.kind} = 'removal') = (${t.reason} is not null)`),
    check('inventory_movements_unit_cost', sql`${t.kind} = 'input' or ${t.unitCost} is null`),
    index('inventory_movements_entry_idx').on(t.entryId, t.line),
    index('inventory_movements_item_idx').on(t.itemId, t.date, t.id),
    index('inventory_movements_factory_idx').on(t.factoryId, t.date, t.id),
  ],
);

export const inventoryStock = pgTable(
  'inventory_stock',
  {
    factoryId: uuid('factory_id')
      .notNull()
      .references(() => factories.id),
    itemId: uuid('item_id')
      .notNull()
      .references(() => inventoryItems.id),
    quantity: inventoryQuantity('quantity').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.factoryId, t.itemId] }),
    check('inventory_stock_quantity', sql`${t.quantity} >= 0`),
    index('inventory_stock_item_idx').on(t.itemId),
  ],
);
