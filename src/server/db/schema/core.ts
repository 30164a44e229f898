/** The back office's own foundation tables: factories, profiles, groups, permissions, audit, activity. */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { COMPONENTS, GROUPS } from '../../../common/permissions';
import { users } from './auth';

export const groupEnum = pgEnum('user_group', GROUPS);
export const componentEnum = pgEnum('component', COMPONENTS);
export const factoryKindEnum = pgEnum('factory_kind', ['plant', 'assembly', 'both']);

/** created_at/created_by, updated_at/updated_by of DOMAIN.md §4. */
export const recordStamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: uuid('created_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id),
};

/**
 * recordStamps whose users are checked once per statement by a trigger rather than per row by a
 * foreign key: for the tables written a hundred thousand rows at a time (migration 0016).
 */
export const recordStampsCheckedPerStatement = {
  createdAt: recordStamps.createdAt,
  createdBy: uuid('created_by'),
  updatedAt: recordStamps.updatedAt,
  updatedBy: uuid('updated_by'),
};

export const factories = pgTable(
  'factories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    code: text('code').notNull().unique(),
    location: text('location'),
    kind: factoryKindEnum('kind').notNull(),
    /** IANA time zone its days follow ('Africa/Nairobi'); null: the company's (app_settings 'time_zone'). */
    timeZone: text('time_zone'),
    active: boolean('active').notNull().default(true),
    ...recordStamps,
  },
  (t) => [check('factories_code_format', sql`${t.code} ~ '^[A-Z0-9]{2,10}$'`)],
);

/** Spec "Profile (table profiles): id, name"; the user's factory lives here too. */
export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name'),
    phone: text('phone'),
    jobTitle: text('job_title'),
    factoryId: uuid('factory_id').references(() => factories.id),
    /** A deactivated user cannot sign in; their sessions are ended. */
    active: boolean('active').notNull().default(true),
    ...recordStamps,
  },
  (t) => [index('profiles_factory_id_idx').on(t.factoryId)],
);

export const userGroups = pgTable(
  'user_groups',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    group: groupEnum('group_name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.group] })],
);

/** The group × component base access table (DOMAIN.md §3), editable by Admin. */
export const groupPermissions = pgTable(
  'group_permissions',
  {
    group: groupEnum('group_name').notNull(),
    component: componentEnum('component').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.group, t.component] })],
);

/** Append-only record of who did what (DOMAIN.md §4 "Audit log"). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    recordType: text('record_type').notNull(),
    recordId: text('record_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('audit_log_at_id_idx').on(t.at, t.id),
    index('audit_log_action_record_idx').on(t.action, t.recordId, t.at),
    index('audit_log_action_at_idx').on(t.action, t.at, t.id),
    index('audit_log_record_type_at_idx').on(t.recordType, t.at, t.id),
    index('audit_log_actor_at_idx').on(t.actorId, t.at, t.id),
  ],
);

/** One row per signed-in browser tab (spec section 7 session tracking). */
export const activitySessions = pgTable(
  'activity_sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authSessionId: uuid('auth_session_id'),
    userAgent: text('user_agent'),
    /** As sent by the client (the spec sends null). */
    ipAddress: text('ip_address'),
    /** The address the server saw. */
    serverIpAddress: text('server_ip_address'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('activity_sessions_user_idx').on(t.userId),
    index('activity_sessions_open_idx')
      .on(t.lastActivityAt)
      .where(sql`${t.endedAt} is null`),
  ],
);

/**
 * A user's live invitation (issue 25): the mailed link lets them choose their own password. One per
 * user: sending again replaces it (the old link stops working); accepting it, an Admin setting a
 * password, or deactivating the user deletes it. Only the SHA-256 of the link's token is kept.
 */
export const userInvitations = pgTable('user_invitations', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Server-wide settings that must be shared by every instance (e.g. the auth secret). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
