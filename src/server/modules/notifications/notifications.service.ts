/**
 * Notifications by mail (issue 25). Each user chooses on My account which mails reach them; a
 * user without an email address, or deactivated, gets none. Every mail is queued in the mail
 * outbox in the same transaction as the change that causes it (one multi-row insert), so a
 * rolled-back change mails nothing and a failed send never fails the change (the mail worker
 * retries it).
 *
 * - Incoming stove transfer: to the users of the destination factory who may confirm it there
 *   (stove-id-management, the confirm endpoint's permission and scope), not the sender.
 *   Kit (CKD) transfers take effect at once (DOMAIN.md), so nothing waits and nothing is mailed.
 * - Transfer outcome (confirmed, partly confirmed, rejected): to the user who sent it, unless they
 *   decided it themselves.
 * - Announcements: to the users they are addressed to, once they are published (at once, or by the
 *   minute job for scheduled ones), not the author.
 * - Low-stock digest: once a day at NOTIFICATION_DIGEST_HOUR in the company's time zone, to each
 *   user who asked, listing steel (with steel-management) and inventory (with
 *   inventory-management) below reorder level in their factories (a global user's: all). Nothing
 *   is sent to a user with nothing low.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { NotificationPreferences } from '../../../common/contracts/notifications';
import type { StoveTransfer } from '../../../common/contracts/stove-ids';
import { isGroup, type Permission } from '../../../common/permissions';
import { dayInZone, timeInZone } from '../../../common/time-zones';
import { actorOf, type Actor } from '../../auth/actor';
import type { Database, Executor } from '../../db/client';
import { insertAudit } from '../audit/audit.repository';
import { insertMails, type MailMessage } from '../mail/mail.repository';
import type { Mailer } from '../mail/mail.service';
import {
  announcementMail,
  incomingTransferMail,
  lowStockDigestMail,
  transferOutcomeMail,
  type LowStockLine,
  type TransferOutcome,
} from './notification-mails';
import {
  claimDigestDay,
  claimDueAnnouncements,
  companyTimeZone,
  findPreferences,
  listLowInventory,
  listLowSteel,
  listRecipients,
  recordDigestMails,
  savePreferences,
  type LowStockRow,
  type RecipientRow,
} from './notifications.repository';

/** What a mail needs beyond the change: where the application is (links). */
export interface Mailing {
  publicUrl: string;
}

/** What routes whose changes mail get: the links' base, and the worker to wake after commit. */
export interface MailingRoutes extends Mailing {
  mail: Mailer;
}

// ---------------------------------------------------------------------------------------------
// Preferences (GET/PUT /api/me/notifications)

export function getNotificationPreferences(db: Database, actor: Actor): Promise<NotificationPreferences> {
  return findPreferences(db, actor.userId);
}

export async function setNotificationPreferences(
  db: Database,
  actor: Actor,
  prefs: NotificationPreferences,
): Promise<NotificationPreferences> {
  return db.transaction(async (tx) => {
    const before = await findPreferences(tx, actor.userId);
    await savePreferences(tx, actor.userId, prefs);
    await insertAudit(tx, {
      actorId: actor.userId,
      action: 'update',
      recordType: 'notification_preferences',
      recordId: actor.userId,
      before,
      after: prefs,
    });
    return prefs;
  });
}

// ---------------------------------------------------------------------------------------------
// Who may receive a mail

/** A recipient as the guard would see them (permissions with the spec's overrides, scope). */
function asActor(row: RecipientRow): Actor | null {
  return actorOf({
    user: { id: row.userId, email: row.email },
    session: { id: 'notification', lastActiveAt: new Date(), expiresAt: new Date() },
    actor: row,
  });
}

const displayName = (p: { name: string | null; email: string } | null) => p?.name ?? p?.email ?? 'Someone';

// ---------------------------------------------------------------------------------------------
// Stove transfers

/** Queues "waiting for your confirmation" to who may confirm `transfer` at its destination (send). */
export async function queueIncomingTransferMails(
  tx: Executor,
  mailing: Mailing,
  transfer: StoveTransfer,
  sender: Actor,
): Promise<number> {
  const rows = await listRecipients(tx, 'incomingTransfers');
  const mails: MailMessage[] = [];
  for (const row of rows) {
    const who = asActor(row);
    if (!who || who.userId === sender.userId) continue;
    // The confirm endpoint's rule (stove-id-management, and the destination in scope), for the
    // users whose own factory is the destination.
    if (!who.permissions.has('stove-id-management') || who.factory?.id !== transfer.to.id) continue;
    mails.push({
      to: row.email,
      ...incomingTransferMail(mailing.publicUrl, row.name, transfer, displayName(transfer.createdBy)),
    });
  }
  return insertMails(tx, mails);
}

/** Queues the outcome of a decided transfer to its sender (confirm, partial confirm, reject). */
export async function queueTransferOutcomeMail(
  tx: Executor,
  mailing: Mailing,
  transfer: StoveTransfer,
  decider: Actor,
): Promise<number> {
  const outcome = transfer.status as TransferOutcome;
  if (!['confirmed', 'partially_confirmed', 'rejected'].includes(outcome)) return 0;
  const senderId = transfer.createdBy?.id;
  if (!senderId || senderId === decider.userId) return 0;
  const [row] = await listRecipients(tx, 'transferOutcomes', [senderId]);
  if (!row || !asActor(row)) return 0;
  return insertMails(tx, [
    {
      to: row.email,
      ...transferOutcomeMail(
        mailing.publicUrl,
        row.name,
        transfer,
        outcome,
        displayName(transfer.decidedBy ?? { name: decider.name, email: decider.email }),
      ),
    },
  ]);
}

// ---------------------------------------------------------------------------------------------
// Announcements

/**
 * Claims the published announcements not mailed yet (only `id` when given: the one just created
 * or edited) and queues each to the users it is addressed to who asked for announcements.
 */
export async function queueAnnouncementMails(tx: Executor, mailing: Mailing, id?: string): Promise<number> {
  const due = await claimDueAnnouncements(tx, id);
  if (due.length === 0) return 0;
  const rows = await listRecipients(tx, 'announcements');
  const mails: MailMessage[] = [];
  for (const a of due) {
    for (const row of rows) {
      if (row.userId === a.createdBy) continue;
      const groups = row.groups.filter(isGroup);
      const byGroup = a.audienceGroups.length === 0 || a.audienceGroups.some((g) => groups.some((mine) => mine === g));
      const byFactory =
        a.audienceFactoryIds.length === 0 || (row.factory !== null && a.audienceFactoryIds.includes(row.factory.id));
      if (!byGroup || !byFactory) continue;
      mails.push({
        to: row.email,
        ...announcementMail(mailing.publicUrl, row.name, {
          title: a.title,
          body: a.body,
          author: a.author ?? 'The office',
        }),
      });
    }
  }
  return insertMails(tx, mails);
}

// ---------------------------------------------------------------------------------------------
// The daily low-stock digest

function linesFor(rows: LowStockRow[], who: Actor, permission: Permission): LowStockLine[] {
  if (!who.permissions.has(permission)) return [];
  return rows
    .filter((r) => who.isGlobal || r.factoryId === who.factory?.id)
    .map((r) => ({
      factory: r.factoryName,
      item: r.item,
      quantity: r.quantity,
      reorderLevel: r.reorderLevel,
      unit: r.unit,
    }));
}

/**
 * Queues the digest of the company's day `now` falls on, once `hour` has come there; at most once a
 * day across every instance (the day's row, claimed in the transaction that queues the mails).
 * Answers the mails queued, or null when it is not yet time or the day's digest was already queued.
 */
export async function runLowStockDigest(
  db: Database,
  mailing: Mailing,
  hour: number,
  now: Date = new Date(),
): Promise<number | null> {
  const zone = await companyTimeZone(db);
  if (Number(timeInZone(now, zone).slice(0, 2)) < hour) return null;
  const day = dayInZone(now, zone);
  return db.transaction(async (tx) => {
    if (!(await claimDigestDay(tx, day))) return null;
    const [recipients, steel, inventory] = [
      await listRecipients(tx, 'lowStockDigest'),
      await listLowSteel(tx),
      await listLowInventory(tx),
    ];
    const mails: MailMessage[] = [];
    for (const row of recipients) {
      const who = asActor(row);
      if (!who) continue;
      const mine = {
        steel: linesFor(steel, who, 'steel-management'),
        inventory: linesFor(inventory, who, 'inventory-management'),
      };
      if (mine.steel.length + mine.inventory.length === 0) continue;
      mails.push({
        to: row.email,
        ...lowStockDigestMail(mailing.publicUrl, row.name, day, mine.steel, mine.inventory),
      });
    }
    const queued = await insertMails(tx, mails);
    await recordDigestMails(tx, day, queued);
    return queued;
  });
}

// ---------------------------------------------------------------------------------------------
// The minute job

/** How often each instance looks for a due digest and newly published announcements. */
const TICK_MS = 60_000;

export interface NotificationSettings extends Mailing {
  /** The hour (0-23, the company's time zone) the digest goes out. */
  digestHour: number;
}

/** Runs the digest and the scheduled announcements' mails each minute on every instance (each once). */
export class NotificationJobs {
  private readonly timer: NodeJS.Timeout;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    private readonly mail: Mailer,
    private readonly settings: NotificationSettings,
    private readonly log: FastifyBaseLogger,
  ) {
    this.timer = setInterval(() => void this.tick(), TICK_MS);
    this.timer.unref();
  }

  /** One round: the digest when due, the announcements whose time came; wakes the mailer. */
  async tick(now: Date = new Date()): Promise<void> {
    if (this.running) return this.running;
    this.running = (async () => {
      try {
        const digest = await runLowStockDigest(this.db, this.settings, this.settings.digestHour, now);
        const announced = await this.db.transaction((tx) => queueAnnouncementMails(tx, this.settings));
        if (digest) this.log.info({ mails: digest }, 'the daily low-stock digest was queued');
        if ((digest ?? 0) + announced > 0) this.mail.wake();
      } catch (error) {
        this.log.error({ err: error }, 'the notification job failed; it tries again in a minute');
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    if (this.running) await this.running;
  }
}
