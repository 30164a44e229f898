/**
 * Running the application: its mail queue, its backups (docs/deploy.md "Backups and restore") and the schedule of
 * jobs that must run once across every instance sharing the database.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { BACKUP_STATUSES, BACKUP_TRIGGERS } from '../../../common/contracts/backups';
import { MAIL_STATUSES } from '../../../common/contracts/mail';
import { users } from './auth';

export const backupTriggerEnum = pgEnum('backup_trigger', BACKUP_TRIGGERS);
export const backupStatusEnum = pgEnum('backup_status', BACKUP_STATUSES);

/**
 * One backup: running, made (its file in the backup folder) or failed (with the reason). At most
 * one runs at a time across all instances (the partial unique index); a running one whose instance
 * stopped beating its heart is marked failed by the next that looks.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trigger: backupTriggerEnum('trigger').notNull(),
    status: backupStatusEnum('status').notNull().default('running'),
    /** The file's name in the backup folder, e.g. backup-2026-11-26T19-20-00Z.sql.gz. */
    fileName: text('file_name').notNull().unique(),
    /** 'pglite' or 'postgres': the engine that was backed up. */
    engine: text('engine').notNull(),
    /** How many migrations the database had applied: its schema version. */
    schemaVersion: bigint('schema_version', { mode: 'number' }).notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    /** 0 to 1, written by the running instance about once a second. */
    progress: real('progress').notNull().default(0),
    /** What the running backup is doing, in words (e.g. 'Copying stove_ids'). */
    step: text('step'),
    error: text('error'),
    /** The instance that runs or ran it (host name and process id). */
    instance: text('instance').notNull(),
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('backup_runs_one_running')
      .on(t.status)
      .where(sql`status = 'running'`),
    index('backup_runs_started_at').on(t.startedAt),
  ],
);

/**
 * Jobs on a schedule (the automatic backup): the instance that moves next_run_at forward, in one
 * UPDATE whose condition is next_run_at ≤ now(), runs the job; the others see it moved.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
});

export const mailStatusEnum = pgEnum('mail_status', MAIL_STATUSES);

/**
 * Mail to send, written in the same transaction as the change that causes it (a rolled-back change
 * sends nothing), sent by the mail worker after commit (modules/mail). A worker claims due mails
 * with FOR UPDATE SKIP LOCKED and marks them 'sending' until locked_until, so two instances never
 * claim the same one; a failed try puts it back as 'queued' with next_attempt_at later, and after
 * the last try it is 'failed'. Sent and failed mails beyond the newest OUTBOX_SIZE are deleted.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    /** The plain-text body. */
    body: text('body').notNull(),
    /** The same mail as HTML (sent as its second part); null: plain text only. */
    html: text('html'),
    status: mailStatusEnum('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While 'sending': when the claim lapses (an instance that stopped mid-send), so another may try. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('mail_outbox_attempts_not_negative', sql`${t.attempts} >= 0`),
    index('mail_outbox_due')
      .on(t.nextAttemptAt)
      .where(sql`status in ('queued', 'sending')`),
    index('mail_outbox_created_at').on(t.createdAt),
  ],
);
