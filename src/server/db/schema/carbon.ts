/**
 * Carbon programme (issue 26): end user registrations of sold stoves. A registration is a period:
 * it starts at the handover (`handover_date`) and ends (`ended_at`, `end_reason`) when the stove is
 * returned or its order canceled. A stove has at most one open registration: the partial unique
 * index below, so two concurrent registrations of one stove cannot both succeed.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  doublePrecision,
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { END_USER_KINDS, END_USER_SOURCES } from '../../../common/contracts/carbon';
import { users } from './auth';
import { salesOrders } from './sales-orders';
import { stoveIds } from './stove-ids';

export const endUserKindEnum = pgEnum('end_user_kind', END_USER_KINDS);
export const endUserSourceEnum = pgEnum('end_user_source', END_USER_SOURCES);

export const endUserRegistrations = pgTable(
  'end_user_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stoveIdId: bigint('stove_id_id', { mode: 'number' })
      .notNull()
      .references(() => stoveIds.id),
    /** The sale the stove was handed over under (its partner, factory and sale date). */
    orderId: uuid('order_id')
      .notNull()
      .references(() => salesOrders.id),
    kind: endUserKindEnum('kind').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    county: text('county'),
    subCounty: text('sub_county'),
    village: text('village'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    handoverDate: date('handover_date', { mode: 'string' }).notNull(),
    /** How it was registered: at a direct sale, by CSV import or by the single-stove form. */
    source: endUserSourceEnum('source').notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason'),
    endedBy: uuid('ended_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('end_user_registrations_one_open_idx')
      .on(t.stoveIdId)
      .where(sql`${t.endedAt} is null`),
    index('end_user_registrations_stove_idx').on(t.stoveIdId),
    index('end_user_registrations_order_idx').on(t.orderId),
    index('end_user_registrations_handover_idx').on(t.handoverDate, t.id),
    check('end_user_registrations_ended', sql`(${t.endedAt} is null) = (${t.endReason} is null)`),
    check(
      'end_user_registrations_gps',
      sql`(${t.latitude} is null) = (${t.longitude} is null)
          and (${t.latitude} is null or ${t.latitude} between -90 and 90)
          and (${t.longitude} is null or ${t.longitude} between -180 and 180)`,
    ),
  ],
);
