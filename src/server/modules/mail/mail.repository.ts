/** The mail queue (table mail_outbox): queue, claim, settle, list and trim. */
import { desc, eq, sql } from 'drizzle-orm';
import { OUTBOX_SIZE } from '../../../common/contracts/mail';
import { queryRows, type Executor } from '../../db/client';
import { mailOutbox } from '../../db/schema/operations';

export type MailRow = typeof mailOutbox.$inferSelect;

export interface MailMessage {
  to: string;
  subject: string;
  /** The plain-text body. */
  body: string;
  /** The same mail as HTML, sent beside the plain text; without it the mail is plain text only. */
  html?: string;
}

/** Queues a mail: call it with the transaction of the change that causes the mail. */
export async function insertMail(db: Executor, message: MailMessage): Promise<string> {
  const [row] = await db.insert(mailOutbox).values(message).returning({ id: mailOutbox.id });
  if (!row) throw new Error('the mail was not queued');
  return row.id;
}

/** Queues many mails in one multi-row insert (the transaction of the change); none when empty. */
export async function insertMails(db: Executor, messages: readonly MailMessage[]): Promise<number> {
  if (messages.length === 0) return 0;
  await db.insert(mailOutbox).values(messages.map((m) => ({ ...m, html: m.html ?? null })));
  return messages.length;
}

/** A claimed mail: what to send and how many tries it has had, this one included. */
export interface ClaimedMail {
  id: string;
  to: string;
  subject: string;
  body: string;
  html: string | null;
  attempts: number;
}

/**
 * Claims up to `limit` due mails for this worker in one statement: queued ones whose time has
 * come, and 'sending' ones whose claim lapsed (their instance stopped mid-send). Rows another
 * worker is claiming are skipped (FOR UPDATE SKIP LOCKED), so each mail is claimed by one worker;
 * a claim lasts `claimMs`.
 */
export async function claimDueMails(db: Executor, limit: number, claimMs: number): Promise<ClaimedMail[]> {
  return queryRows<ClaimedMail>(
    db,
    sql`update mail_outbox
        set status = 'sending',
            attempts = attempts + 1,
            locked_until = now() + ${`${claimMs} milliseconds`}::interval
        where id in (
          select id from mail_outbox
          where (status = 'queued' and next_attempt_at <= now())
             or (status = 'sending' and locked_until <= now())
          order by next_attempt_at, created_at
          limit ${limit}
          for update skip locked
        )
        returning id, "to", subject, body, html, attempts`,
  );
}

export async function markMailSent(db: Executor, id: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null, lastError: null })
    .where(eq(mailOutbox.id, id));
}

/** A failed try: queued again after `retryInMs`, or 'failed' for good when null. */
export async function markMailFailed(db: Executor, id: string, error: string, retryInMs: number | null): Promise<void> {
  await db
    .update(mailOutbox)
    .set(
      retryInMs === null
        ? { status: 'failed', lockedUntil: null, lastError: error }
        : {
            status: 'queued',
            lockedUntil: null,
            lastError: error,
            nextAttemptAt: sql`now() + ${`${retryInMs} milliseconds`}::interval`,
          },
    )
    .where(eq(mailOutbox.id, id));
}

/** The Outbox: the newest OUTBOX_SIZE mails. */
export async function listOutbox(db: Executor): Promise<MailRow[]> {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(OUTBOX_SIZE);
}

/** Deletes sent and failed mails older than the newest OUTBOX_SIZE (mail still to send stays). */
export async function trimOutbox(db: Executor): Promise<void> {
  await db.execute(sql`delete from mail_outbox
    where status in ('sent', 'failed')
      and created_at < (
        select created_at from mail_outbox order by created_at desc offset ${OUTBOX_SIZE - 1} limit 1
      )`);
}
