/** Partners/customers (DOMAIN.md §4 "Factories and partners"). */
import { sql } from 'drizzle-orm';
import { boolean, index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { PARTNER_TYPES } from '../../../common/contracts/partners';
import { users } from './auth';
import { salesCategories } from './sales';

export const partnerTypeEnum = pgEnum('partner_type', PARTNER_TYPES);

export const partners = pgTable(
  'partners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    type: partnerTypeEnum('type').notNull(),
    contactPerson: text('contact_person'),
    phone: text('phone'),
    email: text('email'),
    region: text('region').notNull().default(''),
    address: text('address'),
    notes: text('notes'),
    /** The sales category a new order for this partner starts with (DOMAIN.md §4). */
    defaultSalesCategoryId: uuid('default_sales_category_id').references(() => salesCategories.id),
    active: boolean('active').notNull().default(true),
    /** Lower-cased text the list search matches (trigram index). */
    search: text('search').generatedAlwaysAs(
      sql`lower(name || ' ' || coalesce(contact_person, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(email, '') || ' ' || region)`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id),
  },
  (t) => [
    index('partners_name_idx').on(t.name, t.id),
    index('partners_created_idx').on(t.createdAt, t.id),
    index('partners_region_idx').on(t.region, t.id),
    index('partners_type_name_idx').on(t.type, t.name, t.id),
    index('partners_region_name_idx').on(t.region, t.name, t.id),
    index('partners_type_region_name_idx').on(t.type, t.region, t.name, t.id),
    index('partners_default_sales_category_idx')
      .on(t.defaultSalesCategoryId)
      .where(sql`${t.defaultSalesCategoryId} is not null`),
    index('partners_search_trgm_idx').using('gin', sql`${t.search} gin_trgm_ops`),
  ],
);
