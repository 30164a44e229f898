import { and, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AnnouncementStatus, ListAnnouncementsQuery } from '../../../common/contracts/announcements';
import type { Group } from '../../../common/permissions';
import { queryRows, type Executor } from '../../db/client';
import { users } from '../../db/schema/auth';
import { announcementReads, announcements } from '../../db/schema/communication';
import { factories, profiles } from '../../db/schema/core';
import { attachments } from '../../db/schema/files';
import {
  afterCursor,
  containsPattern,
  countCapped,
  cursorRowValue,
  orderBy,
  whereAll,
  type Cursor,
  type SortSpec,
} from '../../http/list';

type AnnouncementFilters = Omit<ListAnnouncementsQuery, 'limit' | 'cursor'>;
export type AnnouncementValues = typeof announcements.$inferInsert;
export type AnnouncementTableRow = typeof announcements.$inferSelect;

/** Whom a reader is: their groups and factory (null: none, so factory-addressed ones never reach them). */
export interface Reader {
  userId: string;
  groups: readonly Group[];
  factoryId: string | null;
}

// ---------------------------------------------------------------------------------------------
// Rules as SQL

/** Published and not expired, now. */
const published = sql`(${announcements.publishAt} <= now() and (${announcements.expiresAt} is null or ${announcements.expiresAt} > now()))`;

const statusSql = sql<AnnouncementStatus>`(case when ${announcements.publishAt} > now() then 'scheduled'
  when ${announcements.expiresAt} is not null and ${announcements.expiresAt} <= now() then 'expired'
  else 'live' end)`;

function statusWhere(status: AnnouncementStatus): SQL {
  switch (status) {
    case 'scheduled':
      return sql`${announcements.publishAt} > now()`;
    case 'expired':
      return sql`(${announcements.expiresAt} is not null and ${announcements.expiresAt} <= now())`;
    case 'live':
      return published;
  }
}

function groupArray(groups: readonly Group[]): SQL {
  if (groups.length === 0) return sql`'{}'::user_group[]`;
  return sql`array[${sql.join(
    groups.map((g) => sql`${g}`),
    sql`, `,
  )}]::user_group[]`;
}

/**
 * Addressed to the reader: no groups or one of theirs, and no factories or theirs (both must
 * match when both are set).
 */
function addressedTo(reader: Reader): SQL {
  const factory = reader.factoryId
    ? sql`${reader.factoryId}::uuid = any(${announcements.audienceFactoryIds})`
    : sql`false`;
  return sql`((cardinality(${announcements.audienceGroups}) = 0 or ${announcements.audienceGroups} && ${groupArray(reader.groups)})
    and (cardinality(${announcements.audienceFactoryIds}) = 0 or ${factory}))`;
}

/** Addressed to exactly this one factory (what a factory-scoped manager sees and edits). */
export function onlyFactory(factoryId: string): SQL {
  return sql`${announcements.audienceFactoryIds} = array[${factoryId}::uuid]`;
}

// ---------------------------------------------------------------------------------------------
// Management

const creator = alias(users, 'creator');
const creatorProfile = alias(profiles, 'creator_profile');

const columns = {
  id: announcements.id,
  title: announcements.title,
  body: announcements.body,
  audienceGroups: announcements.audienceGroups,
  audienceFactories: sql<
    { id: string; name: string; code: string }[]
  >`coalesce((select json_agg(json_build_object('id', f.id, 'name', f.name, 'code', f.code) order by f.name)
      from ${factories} f where f.id = any(${announcements.audienceFactoryIds})), '[]'::json)`,
  pinned: announcements.pinned,
  publishAt: announcements.publishAt,
  expiresAt: announcements.expiresAt,
  status: statusSql,
  createdAt: announcements.createdAt,
  updatedAt: announcements.updatedAt,
  createdById: creator.id,
  createdByName: sql<string | null>`coalesce(${creatorProfile.name}, ${creator.name})`,
  createdByEmail: creator.email,
};

export interface AnnouncementRow {
  id: string;
  title: string;
  body: string;
  audienceGroups: Group[];
  audienceFactories: { id: string; name: string; code: string }[];
  pinned: boolean;
  publishAt: Date;
  expiresAt: Date | null;
  status: AnnouncementStatus;
  createdAt: Date;
  updatedAt: Date;
  createdById: string | null;
  createdByName: string | null;
  createdByEmail: string | null;
}

export const ANNOUNCEMENT_SORTS: Record<ListAnnouncementsQuery['sort'], SortSpec<AnnouncementRow>> = {
  publishAt: { column: announcements.publishAt, value: (r) => r.publishAt.toISOString() },
  title: { column: announcements.title, value: (r) => r.title },
  createdAt: { column: announcements.createdAt, value: (r) => r.createdAt.toISOString() },
};

function selectAnnouncements(db: Executor) {
  return db
    .select(columns)
    .from(announcements)
    .leftJoin(creator, eq(creator.id, announcements.createdBy))
    .leftJoin(creatorProfile, eq(creatorProfile.id, announcements.createdBy));
}

function filtersWhere(f: AnnouncementFilters, scopeFactoryId: string | undefined): SQL | undefined {
  const pattern = f.q ? containsPattern(f.q) : null;
  return whereAll(
    pattern ? or(ilike(announcements.title, pattern), ilike(announcements.body, pattern)) : undefined,
    f.status ? statusWhere(f.status) : undefined,
    f.pinned === undefined ? undefined : eq(announcements.pinned, f.pinned),
    scopeFactoryId ? onlyFactory(scopeFactoryId) : undefined,
  );
}

/** `scopeFactoryId`: only the announcements addressed to exactly that factory (factory-scoped managers). */
export async function listAnnouncementRows(
  db: Executor,
  f: AnnouncementFilters,
  scopeFactoryId: string | undefined,
  cursor: Cursor | null,
  limit: number,
): Promise<AnnouncementRow[]> {
  const sort = ANNOUNCEMENT_SORTS[f.sort].column;
  const exact =
    f.sort === 'title' ? undefined : cursorRowValue(announcements, announcements[f.sort], announcements.id, cursor);
  return selectAnnouncements(db)
    .where(whereAll(filtersWhere(f, scopeFactoryId), afterCursor(sort, announcements.id, f.dir, cursor, exact)))
    .orderBy(...orderBy(sort, announcements.id, f.dir))
    .limit(limit);
}

export function countAnnouncements(db: Executor, f: AnnouncementFilters, scopeFactoryId: string | undefined) {
  return countCapped(db, sql`${announcements}`, filtersWhere(f, scopeFactoryId));
}

export async function findAnnouncementRow(db: Executor, id: string): Promise<AnnouncementRow | null> {
  const [row] = await selectAnnouncements(db).where(eq(announcements.id, id));
  return row ?? null;
}

/** Locks the row for the rest of the transaction. */
export async function lockAnnouncement(db: Executor, id: string): Promise<AnnouncementTableRow | null> {
  const [row] = await db.select().from(announcements).where(eq(announcements.id, id)).for('update');
  return row ?? null;
}

export async function insertAnnouncement(db: Executor, values: AnnouncementValues): Promise<string> {
  const [row] = await db.insert(announcements).values(values).returning({ id: announcements.id });
  if (!row) throw new Error('insert into announcements returned no row');
  return row.id;
}

export async function updateAnnouncementRow(
  db: Executor,
  id: string,
  values: Partial<AnnouncementValues>,
): Promise<AnnouncementTableRow> {
  const [row] = await db
    .update(announcements)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(announcements.id, id))
    .returning();
  if (!row) throw new Error('update of announcements returned no row');
  return row;
}

/**
 * Expires now. A scheduled one (never published) gets its publish time moved to just before, so
 * the expiry stays after it.
 */
export async function expireAnnouncementRow(db: Executor, id: string, actorId: string): Promise<AnnouncementTableRow> {
  const [row] = await db
    .update(announcements)
    .set({
      expiresAt: sql`now()`,
      publishAt: sql`least(${announcements.publishAt}, now() - interval '1 second')`,
      updatedAt: new Date(),
      updatedBy: actorId,
    })
    .where(eq(announcements.id, id))
    .returning();
  if (!row) throw new Error('update of announcements returned no row');
  return row;
}

/** The database's clock (the transaction's start): the rules compare with it. */
export async function databaseNow(db: Executor): Promise<Date> {
  const [row] = await queryRows<{ now: string | Date }>(db, sql`select now() as now`);
  return new Date(row?.now ?? Date.now());
}

/**
 * The database's clock at this statement. What "already expired" compares with: a transaction that
 * waited for the row's lock started before the one that expired it, so by its own now() that
 * expiry (the other's now()) would still be to come, and it would expire the announcement again.
 */
export async function statementTime(db: Executor): Promise<Date> {
  const [row] = await queryRows<{ now: string | Date }>(db, sql`select statement_timestamp() as now`);
  return new Date(row?.now ?? Date.now());
}

export async function findFactoryStates(
  db: Executor,
  ids: readonly string[],
): Promise<{ id: string; name: string; active: boolean }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: factories.id, name: factories.name, active: factories.active })
    .from(factories)
    .where(inArray(factories.id, [...ids]));
}

// ---------------------------------------------------------------------------------------------
// Reading (every signed-in user)

const author = alias(users, 'author');
const authorProfile = alias(profiles, 'author_profile');

export interface MyAnnouncementRow {
  id: string;
  title: string;
  body: string;
  pinned: boolean;
  publishAt: Date;
  expiresAt: Date | null;
  author: string | null;
  read: boolean;
  files: number;
}

/** Published, unexpired announcements addressed to the reader: pinned first, then newest; each with its count of files. */
export async function listMyAnnouncementRows(
  db: Executor,
  reader: Reader,
  limit: number,
): Promise<MyAnnouncementRow[]> {
  return db
    .select({
      id: announcements.id,
      title: announcements.title,
      body: announcements.body,
      pinned: announcements.pinned,
      publishAt: announcements.publishAt,
      expiresAt: announcements.expiresAt,
      author: sql<string | null>`coalesce(${authorProfile.name}, ${author.name})`,
      read: sql<boolean>`(${announcementReads.userId} is not null)`,
      files: sql<number>`(select count(*)::int from ${attachments}
        where ${attachments.recordKind} = 'announcement' and ${attachments.recordId} = ${announcements.id}::text)`,
    })
    .from(announcements)
    .leftJoin(author, eq(author.id, announcements.createdBy))
    .leftJoin(authorProfile, eq(authorProfile.id, announcements.createdBy))
    .leftJoin(
      announcementReads,
      and(eq(announcementReads.announcementId, announcements.id), eq(announcementReads.userId, reader.userId)),
    )
    .where(and(published, addressedTo(reader)))
    .orderBy(sql`${announcements.pinned} desc`, sql`${announcements.publishAt} desc`, sql`${announcements.id} desc`)
    .limit(limit);
}

/** One query: the reader's published, unexpired, unread announcements. */
export async function countMyUnread(db: Executor, reader: Reader): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(announcements)
    .where(
      and(
        published,
        addressedTo(reader),
        sql`not exists (select 1 from ${announcementReads} r where r.announcement_id = ${announcements.id} and r.user_id = ${reader.userId})`,
      ),
    );
  return Number(row?.n ?? 0);
}

/** Whether this announcement reaches the reader now. */
export async function reachesReader(db: Executor, reader: Reader, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: announcements.id })
    .from(announcements)
    .where(and(eq(announcements.id, id), published, addressedTo(reader)));
  return row !== undefined;
}

export async function markRead(db: Executor, userId: string, announcementId: string): Promise<void> {
  await db.insert(announcementReads).values({ userId, announcementId }).onConflictDoNothing();
}

/** Marks every announcement that reaches the reader now as read. */
export async function markAllRead(db: Executor, reader: Reader): Promise<void> {
  await db.execute(
    sql`insert into ${announcementReads} (announcement_id, user_id)
        select ${announcements.id}, ${reader.userId}::uuid from ${announcements}
         where ${published} and ${addressedTo(reader)}
        on conflict do nothing`,
  );
}
