/** Notification preferences, who may receive each mail, what is low, and the digest's days. */
import { sql } from 'drizzle-orm';
import {
  NOTIFICATION_DEFAULTS,
  type NotificationKind,
  type NotificationPreferences,
} from '../../../common/contracts/notifications';
import { ACTOR_COLUMNS, ACTOR_JOINS, type ActorRow } from '../../auth/actor.repository';
import { queryRows, type Executor } from '../../db/client';
import { notificationPreferences } from '../../db/schema/communication';

export async function findPreferences(db: Executor, userId: string): Promise<NotificationPreferences> {
  const [row] = await queryRows<NotificationPreferences>(
    db,
    sql`select incoming_transfers as "incomingTransfers", transfer_outcomes as "transferOutcomes",
               low_stock_digest as "lowStockDigest", announcements
          from notification_preferences where user_id = ${userId}`,
  );
  return row ?? NOTIFICATION_DEFAULTS;
}

export async function savePreferences(db: Executor, userId: string, prefs: NotificationPreferences): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values({ userId, ...prefs })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...prefs, updatedAt: sql`now()` } });
}

const COLUMN: Record<NotificationKind, string> = {
  incomingTransfers: 'incoming_transfers',
  transferOutcomes: 'transfer_outcomes',
  lowStockDigest: 'low_stock_digest',
  announcements: 'announcements',
};

/** A user who may get a mail: who they are as an actor (groups, factory), and their address. */
export interface RecipientRow extends ActorRow {
  userId: string;
  email: string;
}

/**
 * The active users with an email address who want this kind of mail (their choice, else the
 * default); `userIds` narrows them to some users. Whether each may see the record is the caller's
 * rule (permissions and factory scope).
 */
export function listRecipients(
  db: Executor,
  kind: NotificationKind,
  userIds?: readonly string[],
): Promise<RecipientRow[]> {
  const wants = sql`coalesce(np.${sql.raw(COLUMN[kind])}, ${NOTIFICATION_DEFAULTS[kind]})`;
  const only =
    userIds === undefined
      ? sql``
      : userIds.length === 0
        ? sql`and false`
        : sql`and u.id in (${sql.join(
            userIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`;
  return queryRows<RecipientRow>(
    db,
    sql`select u.id as "userId", u.email, ${ACTOR_COLUMNS}
          from users u
          ${ACTOR_JOINS}
          left join notification_preferences np on np.user_id = u.id
         where coalesce(p.active, false) and btrim(u.email) <> '' and ${wants} ${only}
         order by u.email`,
  );
}

export interface LowStockRow {
  factoryId: string;
  factoryName: string;
  item: string;
  quantity: number;
  reorderLevel: number;
  unit: string;
}

/** Each active steel category's balance below its reorder level, per factory. */
export function listLowSteel(db: Executor): Promise<LowStockRow[]> {
  return queryRows<LowStockRow>(
    db,
    sql`select f.id as "factoryId", f.name as "factoryName",
               c.name || coalesce(' (' || c.grade || ')', '') as item,
               s.quantity::float8 as quantity, c.reorder_level::float8 as "reorderLevel", c.unit::text as unit
          from steel_stock s
          join steel_categories c on c.id = s.category_id
          join factories f on f.id = s.factory_id
         where c.active and s.quantity < c.reorder_level
         order by f.name, c.name`,
  );
}

/** Each active inventory item's balance below its reorder level, per factory. */
export function listLowInventory(db: Executor): Promise<LowStockRow[]> {
  return queryRows<LowStockRow>(
    db,
    sql`select f.id as "factoryId", f.name as "factoryName", i.name as item,
               s.quantity::float8 as quantity, i.reorder_level::float8 as "reorderLevel", u.symbol as unit
          from inventory_stock s
          join inventory_items i on i.id = s.item_id
          join inventory_units u on u.id = i.unit_id
          join factories f on f.id = s.factory_id
         where i.active and s.quantity < i.reorder_level
         order by f.name, i.name`,
  );
}

/**
 * Claims the digest of a day (the company's calendar): true for the one transaction whose insert
 * wrote the row; a concurrent one waits for it and then finds the row (false).
 */
export async function claimDigestDay(db: Executor, day: string): Promise<boolean> {
  const rows = await queryRows<{ day: string }>(
    db,
    sql`insert into notification_digest_days (day) values (${day}::date) on conflict (day) do nothing returning day`,
  );
  return rows.length === 1;
}

export async function recordDigestMails(db: Executor, day: string, mails: number): Promise<void> {
  await db.execute(sql`update notification_digest_days set mails = ${mails} where day = ${day}::date`);
}

/** The company's time zone (app_settings 'time_zone'; UTC before any is set). */
export async function companyTimeZone(db: Executor): Promise<string> {
  const [row] = await queryRows<{ zone: string }>(
    db,
    sql`select coalesce((select value from app_settings where key = 'time_zone'), 'UTC') as zone`,
  );
  return row?.zone ?? 'UTC';
}

export interface DueAnnouncement {
  id: string;
  title: string;
  body: string;
  audienceGroups: string[];
  audienceFactoryIds: string[];
  createdBy: string | null;
  author: string | null;
}

/**
 * Marks as mailed the published, unexpired announcements not mailed yet (one, with `id`) and
 * returns them: the one statement that claims them, so each is mailed once whichever instance runs.
 */
export function claimDueAnnouncements(db: Executor, id?: string): Promise<DueAnnouncement[]> {
  return queryRows<DueAnnouncement>(
    db,
    sql`update announcements a set mailed_at = now()
         where a.mailed_at is null and a.publish_at <= now() and (a.expires_at is null or a.expires_at > now())
           ${id ? sql`and a.id = ${id}` : sql``}
        returning a.id, a.title, a.body, a.audience_groups::text[] as "audienceGroups",
                  a.audience_factory_ids::text[] as "audienceFactoryIds", a.created_by as "createdBy",
                  (select coalesce(p.name, u.email) from users u left join profiles p on p.id = u.id
                    where u.id = a.created_by) as author`,
  );
}
