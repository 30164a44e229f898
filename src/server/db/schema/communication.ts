/**
 * Announcements, the calendar and the company's documentation (DOMAIN.md §4 "Announcements,
 * calendar, documentation"). App Doc, the user guide, is Markdown in docs/app-doc, not a table.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CALENDAR_CATEGORIES } from '../../../common/contracts/calendar';
import { users } from './auth';
import { factories, groupEnum, recordStamps } from './core';

/**
 * An announcement reaches a signed-in user when it is published (publish_at ≤ now), not expired
 * (expires_at null or > now) and addressed to them: an empty group list means every group, an
 * empty factory list every factory; when both are set the user must match both.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    /** Markdown. */
    body: text('body').notNull(),
    audienceGroups: groupEnum('audience_groups')
      .array()
      .notNull()
      .default(sql`'{}'`),
    audienceFactoryIds: uuid('audience_factory_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    pinned: boolean('pinned').notNull().default(false),
    publishAt: timestamp('publish_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** When its mail to the readers who chose it was queued (once, at or after publish_at); null: not yet. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    ...recordStamps,
  },
  (t) => [
    check('announcements_title_not_blank', sql`length(btrim(${t.title})) > 0`),
    check('announcements_expiry_after_publish', sql`${t.expiresAt} is null or ${t.expiresAt} > ${t.publishAt}`),
    index('announcements_publish_at_idx').on(t.publishAt),
  ],
);

/** Who has read which announcement (the header's unread count). */
export const announcementReads = pgTable(
  'announcement_reads',
  {
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.announcementId] })],
);

export const calendarCategoryEnum = pgEnum('calendar_category', CALENDAR_CATEGORIES);

/**
 * An event from starts_at to ends_at. An all-day event starts at midnight UTC of its first day and
 * ends at midnight UTC after its last day. No factory: a company-wide event.
 */
export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    allDay: boolean('all_day').notNull().default(false),
    category: calendarCategoryEnum('category').notNull(),
    factoryId: uuid('factory_id').references(() => factories.id),
    ...recordStamps,
  },
  (t) => [
    check('calendar_events_title_not_blank', sql`length(btrim(${t.title})) > 0`),
    check('calendar_events_end_after_start', sql`${t.endsAt} >= ${t.startsAt}`),
    index('calendar_events_starts_at_idx').on(t.startsAt),
    index('calendar_events_factory_starts_at_idx').on(t.factoryId, t.startsAt),
  ],
);

const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});

/** The company's own documentation pages, searchable in full text, edited by Admin. */
export const docPages = pgTable(
  'doc_pages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The page's address: /documentation/<slug>. */
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    section: text('section').notNull(),
    /** Markdown. */
    body: text('body').notNull(),
    /** Bumped by every edit; an edit names the version it started from (a stale one is refused). */
    version: integer('version').notNull().default(1),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(section, '')), 'B') || setweight(to_tsvector('english', coalesce(body, '')), 'C')`,
      ),
    ...recordStamps,
  },
  (t) => [
    uniqueIndex('doc_pages_slug_idx').on(t.slug),
    check('doc_pages_slug_format', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check('doc_pages_title_not_blank', sql`length(btrim(${t.title})) > 0`),
    check('doc_pages_section_not_blank', sql`length(btrim(${t.section})) > 0`),
    index('doc_pages_section_title_idx').on(t.section, t.title),
    index('doc_pages_search_idx').using('gin', t.searchVector),
  ],
);

/** Every version of a page as it was saved (edit history); never updated or deleted. */
export const docPageRevisions = pgTable(
  'doc_page_revisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    pageId: uuid('page_id')
      .notNull()
      .references(() => docPages.id),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    section: text('section').notNull(),
    body: text('body').notNull(),
    editedAt: timestamp('edited_at', { withTimezone: true }).notNull().defaultNow(),
    editedBy: uuid('edited_by').references(() => users.id),
  },
  (t) => [uniqueIndex('doc_page_revisions_page_version_idx').on(t.pageId, t.version)],
);

/**
 * What each user chose to receive by mail (My account, "Notifications"). A user without a row has
 * the defaults: incoming transfers and transfer outcomes on, the digest and announcements off.
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  incomingTransfers: boolean('incoming_transfers').notNull().default(true),
  transferOutcomes: boolean('transfer_outcomes').notNull().default(true),
  lowStockDigest: boolean('low_stock_digest').notNull().default(false),
  announcements: boolean('announcements').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The days the low-stock digest was queued (the company's calendar): the instance whose insert of
 * the day's row succeeds queues that day's mails in the same transaction; the others find the row.
 */
export const notificationDigestDays = pgTable('notification_digest_days', {
  day: date('day').primaryKey(),
  queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
  /** How many mails it queued. */
  mails: integer('mails').notNull().default(0),
});
