/**
 * Tables owned by better-auth (core schema + database rate limiting), with the
 * field names it expects and snake_case columns. `sessions.last_active_at` is
 * ours: the server-side inactivity timeout (spec section 4) reads it.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  /** better-auth's username sign-in looks users up here; always the email (see auth/auth.ts). */
  username: text('username')
    .unique()
    .generatedAlwaysAs(sql`email`),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  /** better-auth two-factor plugin: TOTP enabled and verified. */
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  ...timestamps,
});

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    token: text('token').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    ...timestamps,
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_last_active_idx').on(t.lastActiveAt)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

export const rateLimits = pgTable('rate_limits', {
  id: uuid('id').primaryKey().defaultRandom(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/** better-auth two-factor plugin: the TOTP secret and backup codes (encrypted by better-auth). */
export const twoFactors = pgTable(
  'two_factors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Ours: the last TOTP code offered at a sign-in and when, so a code signs in once (issue 21). */
    lastSignInCode: text('last_sign_in_code'),
    lastSignInCodeAt: timestamp('last_sign_in_code_at', { withTimezone: true }),
  },
  (t) => [index('two_factors_user_id_idx').on(t.userId), index('two_factors_secret_idx').on(t.secret)],
);

/**
 * Ours: every sign-in attempt, for the limits on guessing (decision 0012). A row is written, under
 * an advisory lock of its address and its account, before the password or code is checked
 * (`pending`), so racing guesses count each other; it then becomes `failed`, `passed` (a right
 * password waiting for its second factor, or a deactivated account's) or `signed_in`. A browser
 * (`device`, from its signed device cookie) where an account signed in is trusted for that account.
 */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The email as typed, lower-cased: unknown addresses are counted the same way. */
    account: text('account').notNull(),
    address: text('address').notNull(),
    device: text('device'),
    step: text('step', { enum: ['password', 'code'] }).notNull(),
    outcome: text('outcome', { enum: ['pending', 'failed', 'passed', 'signed_in'] })
      .notNull()
      .default('pending'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sign_in_attempts_account_at_idx').on(t.account, t.at),
    index('sign_in_attempts_address_at_idx').on(t.address, t.at),
    index('sign_in_attempts_device_account_idx').on(t.device, t.account),
  ],
);
