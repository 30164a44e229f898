/**
 * Sales (DOMAIN.md §4 "Sales"): the master data a sales order is priced from. Sales categories
 * (customer segments or channels), sales packages (what is sold: a stove model and how many stoves,
 * with extra items), and price allocation: the unit price of a package for a category, effective
 * from a date. Prices are never edited: a new price from a later date supersedes the one in force,
 * so the history stays; a price not yet in force can be withdrawn.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { recordStamps } from './core';
import { ckdCategories } from './production';

export const salesCategories = pgTable(
  'sales_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Short code shown in grids and reports: RET, WHS. */
    code: text('code').notNull(),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    ...recordStamps,
  },
  (t) => [
    uniqueIndex('sales_categories_name_key').on(sql`lower(${t.name})`),
    uniqueIndex('sales_categories_code_key').on(t.code),
    check('sales_categories_code_format', sql`${t.code} ~ '^[A-Z0-9-]{2,16}$'`),
  ],
);

export const salesPackages = pgTable(
  'sales_packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    /** The stove model: a CKD category. */
    ckdCategoryId: uuid('ckd_category_id')
      .notNull()
      .references(() => ckdCategories.id),
    /** Stoves (stove IDs) one package delivers. */
    stovesPerPackage: integer('stoves_per_package').notNull().default(1),
    /** What comes with the stoves: "1 pot, user manual". */
    extraItems: text('extra_items'),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    ...recordStamps,
  },
  (t) => [
    uniqueIndex('sales_packages_name_key').on(sql`lower(${t.name})`),
    uniqueIndex('sales_packages_code_key').on(t.code),
    check('sales_packages_code_format', sql`${t.code} ~ '^[A-Z0-9-]{2,16}$'`),
    check('sales_packages_stoves', sql`${t.stovesPerPackage} between 1 and 100`),
    index('sales_packages_ckd_category_idx').on(t.ckdCategoryId),
  ],
);

/**
 * One price of a package for a sales category, in force from `effective_from` until a later one.
 * A correction on the same day is a new row: the latest `effective_from`, then the latest
 * `created_at`, is the price in force, and the corrected one stays in the history.
 */
export const salesPrices = pgTable(
  'sales_prices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    packageId: uuid('package_id')
      .notNull()
      .references(() => salesPackages.id),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => salesCategories.id),
    unitPrice: numeric('unit_price', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    /** ISO 4217: KES. */
    currency: text('currency').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id),
  },
  (t) => [
    index('sales_prices_cell_idx').on(t.packageId, t.categoryId, t.effectiveFrom, t.createdAt),
    check('sales_prices_unit_price', sql`${t.unitPrice} >= 0`),
    check('sales_prices_currency', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    index('sales_prices_category_idx').on(t.categoryId),
  ],
);
