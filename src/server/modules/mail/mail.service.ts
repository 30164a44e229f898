/**
 * The mail worker: sends the queued mails (mail.repository.ts) after the changes that queued them
 * commit, through the SMTP server of SMTP_URL, or, without one (the demo), into the server log only
 * (the Admins' Outbox lists them either way). A failed try is tried again later, waiting longer each
 * time; it never fails the action that queued the mail. Each instance runs one worker: when woken
 * after a commit, and every POLL_MS for retries and mail queued by other instances.
 */
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import type { MailDelivery, OutboxMail } from '../../../common/contracts/mail';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import {
  claimDueMails,
  listOutbox,
  markMailFailed,
  markMailSent,
  trimOutbox,
  type ClaimedMail,
  type MailRow,
} from './mail.repository';

/** Tries of one mail before it is given up ('failed'). */
export const MAIL_MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60_000;
/** Mails claimed at a time. */
const BATCH = 10;
/** How long a claim lasts: longer than a send can take (the SMTP timeouts below). */
const CLAIM_MS = 5 * 60_000;
/** How often each instance looks for due mail without being woken. */
const POLL_MS = 10_000;

/**
 * How long to wait after the n-th failed try (n from 1): 30 s, then twice as long each time, at most
 * an hour; null after the last try (MAIL_MAX_ATTEMPTS).
 */
export function retryDelayMs(attempts: number): number | null {
  if (attempts >= MAIL_MAX_ATTEMPTS) return null;
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

export interface MailSettings {
  /** smtp:// or smtps://; undefined: mail goes to the server log only. */
  smtpUrl: string | undefined;
  /** The From address. */
  from: string;
}

export function mailSettings(config: Config): MailSettings {
  return { smtpUrl: config.smtpUrl, from: config.mailFrom };
}

/** What the worker needs of a nodemailer transport. */
interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string; html?: string }): Promise<unknown>;
  close(): void;
}

export class Mailer {
  readonly delivery: MailDelivery;
  private readonly transport: MailTransport | null;
  private readonly timer: NodeJS.Timeout;
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly settings: MailSettings,
    private readonly log: FastifyBaseLogger,
  ) {
    this.delivery = settings.smtpUrl ? 'smtp' : 'log';
    this.transport = settings.smtpUrl
      ? createTransport({
          url: settings.smtpUrl,
          connectionTimeout: 30_000,
          greetingTimeout: 30_000,
          socketTimeout: 60_000,
        })
      : null;
    this.timer = setInterval(() => this.wake(), POLL_MS);
    this.timer.unref();
  }

  /** Sends what is due soon (call it after the transaction that queued a mail commits). */
  wake(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.sendDue()
      .catch((error: unknown) => this.log.error({ err: error }, 'the mail worker stopped; it tries again shortly'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Sends every mail due now and waits until done (tests; shutting down). */
  async drain(): Promise<void> {
    this.wake();
    while (this.running) await this.running;
  }

  /** The Outbox: the newest mails, whatever their state. */
  async outbox(): Promise<{ delivery: MailDelivery; items: OutboxMail[] }> {
    return { delivery: this.delivery, items: (await listOutbox(this.db)).map(presentMail) };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    while (this.running) await this.running;
    this.transport?.close();
  }

  private async sendDue(): Promise<void> {
    let settledAny = false;
    while (!this.closed) {
      const claimed = await claimDueMails(this.db, BATCH, CLAIM_MS);
      if (claimed.length === 0) break;
      for (const mail of claimed) await this.sendOne(mail);
      settledAny = true;
    }
    if (settledAny) await trimOutbox(this.db);
  }

  private async sendOne(mail: ClaimedMail): Promise<void> {
    try {
      if (this.transport) {
        await this.transport.sendMail({
          from: this.settings.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.body,
          ...(mail.html ? { html: mail.html } : {}),
        });
      } else {
        this.log.info(
          { mail: { to: mail.to, subject: mail.subject, body: mail.body } },
          'mail not sent (no SMTP_URL): kept in the Outbox',
        );
      }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const retryIn = retryDelayMs(mail.attempts);
      this.log.warn(
        { mailId: mail.id, attempts: mail.attempts, reason },
        retryIn === null ? 'a mail could not be sent and was given up' : 'a mail could not be sent; it is tried again',
      );
      await markMailFailed(this.db, mail.id, reason, retryIn);
      return;
    }
    await markMailSent(this.db, mail.id);
  }
}

function presentMail(row: MailRow): OutboxMail {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    body: row.body,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    queuedAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}
