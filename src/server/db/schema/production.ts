/**
 * Production, CKD kits and steel (DOMAIN.md §4 "Production", "CKD kits", "Steel"): the supply chain
 * from steel to coupled stoves.
 *
 * Stock of steel and of kits is a ledger of movements (`steel_records`, `ckd_movements`); the
 * balances (`steel_stock`, `ckd_stock`) are kept beside it in the same transaction, locked while a
 * movement checks them, and a CHECK refuses a negative balance. `ckd_daily` keeps the kit
 * movements summed per factory, category and day so the CKD reports read days, not movements.
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
import { stoveIds } from './stove-ids';

/** Quantities of steel: kilograms or sheets, to the gram. */
const steelQuantity = (name: string) => numeric(name, { precision: 14, scale: 3, mode: 'number' });

export const steelUnitEnum = pgEnum('steel_unit', ['kg', 'sheet']);
/** received/used/scrap/adjustment are recorded by staff; ckd_production by a produced CKD record. */
export const steelRecordKindEnum = pgEnum('steel_record_kind', [
  'received',
  'used',
  'scrap',
  'adjustment',
  'ckd_production',
]);
export const ckdMovementKindEnum = pgEnum('ckd_movement_kind', [
  'produced',
  'transfer_in',
  'transfer_out',
  'consumed',
  'consumption_reversed',
  'adjustment',
]);
export const stoveReportStatusEnum = pgEnum('stove_report_status', ['submitted', 'voided']);

// ---------------------------------------------------------------------------------------------
// Steel

export const steelCategories = pgTable(
  'steel_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Grade and thickness, e.g. "DC01 1.2 mm". */
    grade: text('grade'),
    unit: steelUnitEnum('unit').notNull(),
    reorderLevel: steelQuantity('reorder_level').notNull().default(0),
    active: boolean('active').notNull().default(true),
    ...recordStamps,
  },
  (t) => [
    uniqueIndex('steel_categories_name_key').on(sql`lower(${t.name})`),
    check('steel_categories_reorder_level', sql`${t.reorderLevel} >= 0`),
  ],
);

/** The steel ledger: one row per movement; `delta` is its signed effect on stock. */
export const steelRecords = pgTable(
  'steel_records',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    date: date('date', { mode: 'string' }).notNull(),
    factoryId: uuid('factory_id')
      .notNull()
      .references(() => factories.id),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => steelCategories.id),
    kind: steelRecordKindEnum('kind').notNull(),
    /** As entered: positive, except an adjustment, which may be negative. */
    quantity: steelQuantity('quantity').notNull(),
    delta: steelQuantity('delta').notNull(),
    supplier: text('supplier'),
    unitCost: numeric('unit_cost', { precision: 14, scale: 2, mode: 'number' }),
    reference: text('reference'),
    note: text('note'),
    /** The produced CKD record that consumed this steel (kind ckd_production). */
    producedRecordId: uuid('produced_record_id').references(() => ckdProducedRecords.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id),
  },
  (t) => [
    check('steel_records_quantity', sql`${t.quantity} <> 0 and (${t.kind} = 'adjustment' or ${t.quantity} > 0)`),
    check(
      'steel_records_delta',
      sql`${t.delta} = case when ${t.kind} = 'received' or ${t.kind} = 'adjustment' then ${t.quantity} else -${t.quantity} end`,
    ),
    check('steel_records_ckd', sql`(${t.kind} = 'ckd_production') = (${t.producedRecordId} is not null)`),
    index('steel_records_date_idx').on(t.date, t.id),
    index('steel_records_factory_date_idx').on(t.factoryId, t.date, t.id),
    index('steel_records_category_idx').on(t.categoryId, t.date),
    index('steel_records_produced_idx')
      .on(t.producedRecordId)
      .where(sql`${t.producedRecordId} is not null`),
  ],
);

export const steelStock = pgTable(
  'steel_stock',
  {
    factoryId: uuid('factory_id')
      .notNull()
      .references(() => factories.id),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => steelCategories.id),
    quantity: steelQuantity('quantity').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.factoryId, t.categoryId] }), check('steel_stock_quantity', sql`${t.quantity} >= 0`)],
);

// ---------------------------------------------------------------------------------------------
// CKD kits

export const ckdCategories = pgTable(
  'ckd_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    stoveModel: text('stove_model').notNull(),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    ...recordStamps,
  },
  (t) => [
    uniqueIndex('ckd_categories_code_key').on(t.code),
    uniqueIndex('ckd_categories_name_key').on(sql`lower(${t.name})`),
    check('ckd_categories_code_format', sql`${t.code} ~ '^[A-Z0-9-]{2,16}$'`),
  ],
);

/** The steel one kit of a category uses. */
export const ckdCategorySteel = pgTable(
  'ckd_category_steel',
  {
    ckdCategoryId: uuid('ckd_category_id')
      .notNull()
      .references(() => ckdCategories.id, { onDelete: 'cascade' }),
    steelCategoryId: uuid('steel_category_id')
      .notNull()
      .references(() => steelCategories.id),
    quantityPerKit: steelQuantity('quantity_per_kit').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ckdCategoryId, t.steelCategoryId] }),
    check('ckd_category_steel_quantity', sql`${t.quantityPerKit} > 0`),
  ],
);

/** Kits made at a plant (shown as PK-000123). */
export const ckdProducedRecords = pgTable(
  'ckd_produced_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: bigint('number', { mode: 'number' }).generatedAlwaysAsIdentity().notNull().unique(),
    date: date('date', { mode: 'string' }).notNull(),
    factoryId: uuid('factory_id')
      .notNull()
      .references(() => factories.id),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => ckdCategories.id),
    quantity: integer('quantity').notNull(),
    note: text('note'),
    ...recordStamps,
  },
  (t) => [
    check('ckd_produced_records_quantity', sql`${t.quantity} > 0`),
    index('ckd_produced_records_date_idx').on(t.date, t.id),
    index('ckd_produced_records_factory_date_idx').on(t.factoryId, t.date),
  ],
);

/** Kits moved between factories, immediately (shown as KT-000123). */
export const ckdTransfers = pgTable(
  'ckd_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: bigint('number', { mode: 'number' }).generatedAlwaysAsIdentity().notNull().unique(),
    date: date('date', { mode: 'string' }).notNull(),
    fromFactoryId: uuid('from_factory_id')
      .notNull()
      .references(() => factories.id),
    toFactoryId: uuid('to_factory_id')
      .notNull()
      .references(() => factories.id),
    /**
     * All the kits sent. The lines (kit categories and quantities) are the transfer's transfer_out
     * movements in ckd_movements: one per category, written in the same transaction.
     */
    quantity: integer('quantity').notNull(),
    note: text('note'),
    ...recordStamps,
  },
  (t) => [
    check('ckd_transfers_sides', sql`${t.fromFactoryId} <> ${t.toFactoryId}`),
    check('ckd_transfers_quantity', sql`${t.quantity} > 0`),
    index('ckd_transfers_date_idx').on(t.date, t.id),
    index('ckd_transfers_from_idx').on(t.fromFactoryId, t.date),
    index('ckd_transfers_to_idx').on(t.toFactoryId, t.date),
  ],
);

/** A coupler's report of the stoves assembled (shown as SR-000123). */
export const stoveReports = pgTable(
  'stove_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: bigint('number', { mode: 'number' }).generatedAlwaysAsIdentity().notNull().unique(),
    date: date('date', { mode: 'string' }).notNull(),
    factoryId: uuid('factory_id')
      .notNull()
      .references(() => factories.id),
    /** The stove model: one kit of this category per stove. */
    categoryId: uuid('category_id')
      .notNull()
      .references(() => ckdCategories.id),
    stoveCount: integer('stove_count').notNull(),
    status: stoveReportStatusEnum('status').notNull().default('submitted'),
    note: text('note'),
    voidReason: text('void_reason'),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedBy: uuid('voided_by').references(() => users.id),
    ...recordStamps,
  },
  (t) => [
    check('stove_reports_count', sql`${t.stoveCount} > 0`),
    check(
      'stove_reports_voided',
      sql`(${t.status} = 'voided') = (${t.voidedAt} is not null) and (${t.status} = 'voided') = (${t.voidReason} is not null)`,
    ),
    index('stove_reports_date_idx').on(t.date, t.id),
    index('stove_reports_factory_date_idx').on(t.factoryId, t.date),
    index('stove_reports_coupler_date_idx').on(t.createdBy, t.date),
  ],
);

export const stoveReportItems = pgTable(
  'stove_report_items',
  {
    reportId: uuid('report_id')
      .notNull()
      .references(() => stoveReports.id),
    stoveIdId: bigint('stove_id_id', { mode: 'number' })
      .notNull()
      .references(() => stoveIds.id),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.stoveIdId] }), index('stove_report_items_stove_idx').on(t.stoveIdId)],
);

/** The kit ledger: one row per movement; `delta` is its signed effect on stock. */
export const ckdMovements = pgTable(
  'ckd_movements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    date: date('date', { mode: 'string' }).notNull(),
    factoryId: uuid('factory_id')
      .notNull()
      .references(() => factories.id),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => ckdCategories.id),
    kind: ckdMovementKindEnum('kind').notNull(),
    delta: integer('delta').notNull(),
    producedRecordId: uuid('produced_record_id').references(() => ckdProducedRecords.id),
    transferId: uuid('transfer_id').references(() => ckdTransfers.id),
    stoveReportId: uuid('stove_report_id').references(() => stoveReports.id),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id),
  },
  (t) => [
    check('ckd_movements_delta', sql`${t.delta} <> 0`),
    check(
      'ckd_movements_sign',
      sql`case ${t.kind} when 'produced' then ${t.delta} > 0 when 'transfer_in' then ${t.delta} > 0
          when 'consumption_reversed' then ${t.delta} > 0 when 'transfer_out' then ${t.delta} < 0
          when 'consumed' then ${t.delta} < 0 else true end`,
    ),
    index('ckd_movements_factory_date_idx').on(t.factoryId, t.date, t.id),
    index('ckd_movements_date_idx').on(t.date, t.id),
    // A kit transfer's lines, and the transfers holding a category (the list's filter).
    index('ckd_movements_transfer_idx')
      .on(t.transferId, t.categoryId)
      .where(sql`${t.transferId} is not null`),
  ],
);

export const ckdStock = pgTable(
  'ckd_stock',
  {
    factoryId: uuid('factory_id')
      .notNull()
      .references(() => factories.id),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => ckdCategories.id),
    quantity: integer('quantity').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.factoryId, t.categoryId] }), check('ckd_stock_quantity', sql`${t.quantity} >= 0`)],
);

/**
 * Kit movements summed per factory, category and day, written with each movement. `consumed` is
 * net of reversals (a voided stove report gives its kits back on the day of its report).
 */
export const ckdDaily = pgTable(
  'ckd_daily',
  {
    factoryId: uuid('factory_id')
      .notNull()
      .references(() => factories.id),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => ckdCategories.id),
    day: date('day', { mode: 'string' }).notNull(),
    produced: integer('produced').notNull().default(0),
    received: integer('received').notNull().default(0),
    sent: integer('sent').notNull().default(0),
    consumed: integer('consumed').notNull().default(0),
    adjusted: integer('adjusted').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.factoryId, t.categoryId] })],
);

// ---------------------------------------------------------------------------------------------
// Daily production and productivity

/** The supervisor's daily report: one per factory and day (edited, not duplicated). */
export const dailyProductionReports = pgTable(
  'daily_production_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    date: date('date', { mode: 'string' }).notNull(),
    factoryId: uuid('factory_id')
      .notNull()
      .references(() => factories.id),
    couplersPresent: integer('couplers_present').notNull(),
    hoursWorked: numeric('hours_worked', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    defects: integer('defects').notNull().default(0),
    downtimeMinutes: integer('downtime_minutes').notNull().default(0),
    notes: text('notes'),
    ...recordStamps,
  },
  (t) => [
    uniqueIndex('daily_production_reports_factory_day_key').on(t.factoryId, t.date),
    index('daily_production_reports_date_idx').on(t.date),
    check(
      'daily_production_reports_values',
      sql`${t.couplersPresent} >= 0 and ${t.hoursWorked} >= 0 and ${t.hoursWorked} <= 24
          and ${t.defects} >= 0 and ${t.downtimeMinutes} >= 0 and ${t.downtimeMinutes} <= 1440`,
    ),
  ],
);

/** Targets from a date on: the default (no factory) or one factory's override. */
export const productivityTargets = pgTable(
  'productivity_targets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    factoryId: uuid('factory_id').references(() => factories.id),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    stovesPerCouplerPerDay: numeric('stoves_per_coupler_per_day', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    hoursPerDay: numeric('hours_per_day', { precision: 4, scale: 2, mode: 'number' }).notNull(),
    ...recordStamps,
  },
  (t) => [
    uniqueIndex('productivity_targets_scope_from_key').on(
      sql`coalesce(${t.factoryId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      t.effectiveFrom,
    ),
    check(
      'productivity_targets_values',
      sql`${t.stovesPerCouplerPerDay} > 0 and ${t.hoursPerDay} > 0 and ${t.hoursPerDay} <= 24`,
    ),
  ],
);
