/**
 * Announcements (DOMAIN.md §4): managers (announcement-management) create, edit, pin, schedule and
 * expire them, every change audited and told to open pages (publishLive); every signed-in user
 * reads the ones addressed to them and marks them read.
 *
 * Scope: a global manager manages every announcement; a factory-scoped one (the permission can be
 * granted to any group) addresses only their own factory and sees and edits only the
 * announcements addressed to exactly that factory.
 */
import type { z } from 'zod';
import {
  MY_ANNOUNCEMENTS_LIMIT,
  type Announcement,
  type createAnnouncementSchema,
  type ListAnnouncementsQuery,
  type MyAnnouncements,
  type UnreadAnnouncements,
  type updateAnnouncementSchema,
} from '../../../common/contracts/announcements';
import { personRef } from '../../../common/contracts/fields';
import type { ListResponse } from '../../../common/contracts/list';
import type { Actor } from '../../auth/actor';
import { NO_FACTORY } from '../../auth/scope';
import type { Database, Executor } from '../../db/client';
import { errors } from '../../http/errors';
import { decodeCursor, toPage } from '../../http/list';
import { publishLive } from '../../live/publish-live';
import { insertAudit } from '../audit/audit.repository';
import { changeAudited } from '../audit/audited-change';
import { queueAnnouncementMails, type Mailing } from '../notifications/notifications.service';
import {
  ANNOUNCEMENT_SORTS,
  countAnnouncements,
  countMyUnread,
  databaseNow,
  statementTime,
  expireAnnouncementRow,
  findAnnouncementRow,
  findFactoryStates,
  insertAnnouncement,
  listAnnouncementRows,
  listMyAnnouncementRows,
  lockAnnouncement,
  markAllRead,
  markRead,
  reachesReader,
  updateAnnouncementRow,
  type AnnouncementRow,
  type AnnouncementTableRow,
  type AnnouncementValues,
  type Reader,
} from './announcements.repository';

type CreateInput = z.output<typeof createAnnouncementSchema>;
type UpdateInput = z.output<typeof updateAnnouncementSchema>;

const RECORD_TYPE = 'announcement';
const NOT_FOUND = 'No such announcement (or it is not one you manage).';

// ---------------------------------------------------------------------------------------------
// Presenting

export function presentAnnouncement(row: AnnouncementRow): Announcement {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    audienceGroups: row.audienceGroups,
    audienceFactories: row.audienceFactories,
    pinned: row.pinned,
    publishAt: row.publishAt.toISOString(),
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    createdBy: personRef(row.createdById, row.createdByName, row.createdByEmail),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of an announcement. */
function audited(row: AnnouncementTableRow) {
  return {
    title: row.title,
    body: row.body,
    audienceGroups: row.audienceGroups,
    audienceFactoryIds: row.audienceFactoryIds,
    pinned: row.pinned,
    publishAt: row.publishAt.toISOString(),
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
  };
}

async function readAnnouncement(db: Executor, id: string): Promise<Announcement> {
  const row = await findAnnouncementRow(db, id);
  if (!row) throw new Error(`announcement ${id} vanished`);
  return presentAnnouncement(row);
}

/**
 * Tells open pages of the announcement's audience. `before`: the announcement before an edit; it
 * is fresh news when it was not yet public and now is.
 */
function announce(tx: Executor, row: AnnouncementTableRow, actorId: string, before?: AnnouncementTableRow) {
  const now = Date.now();
  const isPublic = (r: AnnouncementTableRow) =>
    r.publishAt.getTime() <= now && (r.expiresAt === null || r.expiresAt.getTime() > now);
  return publishLive(tx, {
    kind: 'announcement',
    announcementId: row.id,
    title: row.title,
    audienceGroups: row.audienceGroups,
    audienceFactoryIds: row.audienceFactoryIds,
    publishAt: row.publishAt.toISOString(),
    fresh: isPublic(row) && (before === undefined || !isPublic(before)),
    actorId,
  });
}

// ---------------------------------------------------------------------------------------------
// Scope

/** The factory a factory-scoped manager is limited to (NO_FACTORY without one); undefined for a global one. */
function managedFactory(actor: Actor): string | undefined {
  return actor.isGlobal ? undefined : (actor.factory?.id ?? NO_FACTORY);
}

function manages(actor: Actor, audienceFactoryIds: readonly string[]): boolean {
  const own = managedFactory(actor);
  return own === undefined || (audienceFactoryIds.length === 1 && audienceFactoryIds[0] === own);
}

/**
 * The factories a manager may address: a factory-scoped one exactly their own (the default when
 * none is named); 403 for anything else.
 */
function addressableFactories(actor: Actor, requested: readonly string[] | undefined): string[] | undefined {
  if (actor.isGlobal) return requested ? [...requested] : undefined;
  const own = actor.factory;
  if (!own) throw errors.forbidden('Your account has no factory: ask an administrator to assign one.');
  if (requested === undefined || requested.length === 0) return [own.id];
  if (requested.length === 1 && requested[0] === own.id) return [own.id];
  throw errors.forbidden(`You can only address announcements to your own factory (${own.name}).`);
}

/** 400 for an unknown factory, or an inactive one not already addressed. */
async function assertFactoriesAddressable(db: Executor, ids: readonly string[], already: readonly string[] = []) {
  if (ids.length === 0) return;
  const found = new Map((await findFactoryStates(db, ids)).map((f) => [f.id, f]));
  const problems: string[] = [];
  for (const id of ids) {
    const f = found.get(id);
    if (!f) problems.push(`Unknown factory ${id}.`);
    else if (!f.active && !already.includes(id)) problems.push(`${f.name} is deactivated.`);
  }
  if (problems.length > 0) {
    throw errors.validation(problems[0] ?? 'Invalid factories.', { audienceFactoryIds: problems });
  }
}

function assertExpiryAfterPublish(publishAt: Date, expiresAt: Date | null) {
  if (expiresAt && expiresAt.getTime() <= publishAt.getTime()) {
    throw errors.validation('The expiry must be after the publish time.', {
      expiresAt: ['The expiry must be after the publish time'],
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Management

export async function listAnnouncements(
  db: Database,
  actor: Actor,
  query: ListAnnouncementsQuery,
): Promise<ListResponse<Announcement>> {
  const scope = managedFactory(actor);
  const sort = ANNOUNCEMENT_SORTS[query.sort];
  const [rows, count] = await Promise.all([
    listAnnouncementRows(db, query, scope, decodeCursor(query.cursor), query.limit + 1),
    countAnnouncements(db, query, scope),
  ]);
  const page = toPage(rows, query.limit, sort.value);
  return { items: page.items.map(presentAnnouncement), nextCursor: page.nextCursor, ...count };
}

export async function getAnnouncement(db: Database, actor: Actor, id: string): Promise<Announcement> {
  const row = await findAnnouncementRow(db, id);
  if (
    !row ||
    !manages(
      actor,
      row.audienceFactories.map((f) => f.id),
    )
  )
    throw errors.notFound(NOT_FOUND);
  return presentAnnouncement(row);
}

/**
 * How the actor reaches an announcement: `manage` (they hold announcement-management and manage
 * it), `read` (it reaches them now: published, unexpired, addressed to them); 404 otherwise.
 */
export async function announcementAccess(db: Database, actor: Actor, id: string): Promise<'manage' | 'read'> {
  if (actor.permissions.has('announcement-management')) {
    const row = await findAnnouncementRow(db, id);
    if (
      row &&
      manages(
        actor,
        row.audienceFactories.map((f) => f.id),
      )
    )
      return 'manage';
  }
  if (await reachesReader(db, readerOf(actor), id)) return 'read';
  throw errors.notFound('No such announcement for you (or it is not published).');
}

export async function createAnnouncement(
  db: Database,
  actor: Actor,
  input: CreateInput,
  mailing?: Mailing,
): Promise<Announcement> {
  const factoryIds = addressableFactories(actor, input.audienceFactoryIds) ?? [];
  return db.transaction(async (tx) => {
    await assertFactoriesAddressable(tx, factoryIds);
    const publishAt = input.publishAt ? new Date(input.publishAt) : await databaseNow(tx);
    const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
    assertExpiryAfterPublish(publishAt, expiresAt);
    if (expiresAt && expiresAt.getTime() <= (await databaseNow(tx)).getTime()) {
      throw errors.validation('The expiry must be in the future.', { expiresAt: ['The expiry must be in the future'] });
    }
    const values: AnnouncementValues = {
      title: input.title,
      body: input.body,
      audienceGroups: input.audienceGroups,
      audienceFactoryIds: factoryIds,
      pinned: input.pinned,
      publishAt,
      expiresAt,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    };
    const id = await insertAnnouncement(tx, values);
    const row = await lockAnnouncement(tx, id);
    if (!row) throw new Error(`announcement ${id} vanished`);
    await insertAudit(tx, {
      actorId: actor.userId,
      action: 'create',
      recordType: RECORD_TYPE,
      recordId: id,
      after: audited(row),
    });
    await announce(tx, row, actor.userId);
    // Published now: mailed to its readers who chose it (a scheduled one by the minute job).
    if (mailing) await queueAnnouncementMails(tx, mailing, id);
    return readAnnouncement(tx, id);
  });
}

/** Locks an announcement the actor manages (404 otherwise, as if it did not exist). */
function lockManaged(actor: Actor) {
  return async (tx: Executor, id: string) => {
    const row = await lockAnnouncement(tx, id);
    return row && manages(actor, row.audienceFactoryIds) ? row : null;
  };
}

export async function updateAnnouncement(
  db: Database,
  actor: Actor,
  id: string,
  input: UpdateInput,
  mailing?: Mailing,
): Promise<Announcement> {
  const factoryIds =
    input.audienceFactoryIds === undefined ? undefined : addressableFactories(actor, input.audienceFactoryIds);
  const row = await changeAudited(db, {
    actorId: actor.userId,
    recordType: RECORD_TYPE,
    id,
    action: 'update',
    notFound: NOT_FOUND,
    lock: lockManaged(actor),
    apply: async (tx, current) => {
      if (factoryIds) await assertFactoriesAddressable(tx, factoryIds, current.audienceFactoryIds);
      const publishAt = input.publishAt ? new Date(input.publishAt) : current.publishAt;
      const expiresAt =
        input.expiresAt === undefined ? current.expiresAt : input.expiresAt ? new Date(input.expiresAt) : null;
      assertExpiryAfterPublish(publishAt, expiresAt);
      const updated = await updateAnnouncementRow(tx, id, {
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.body !== undefined ? { body: input.body } : {}),
        ...(input.audienceGroups !== undefined ? { audienceGroups: input.audienceGroups } : {}),
        ...(factoryIds !== undefined ? { audienceFactoryIds: factoryIds } : {}),
        ...(input.pinned !== undefined ? { pinned: input.pinned } : {}),
        publishAt,
        expiresAt,
        updatedBy: actor.userId,
      });
      await announce(tx, updated, actor.userId, current);
      // A scheduled one moved to now is published: mailed once, as a new one.
      if (mailing) await queueAnnouncementMails(tx, mailing, id);
      return updated;
    },
    audited,
  });
  return readAnnouncement(db, row.id);
}

/** Expires now; 409 when already expired. */
export async function expireAnnouncement(db: Database, actor: Actor, id: string): Promise<Announcement> {
  const row = await changeAudited(db, {
    actorId: actor.userId,
    recordType: RECORD_TYPE,
    id,
    action: 'expire',
    notFound: NOT_FOUND,
    lock: lockManaged(actor),
    apply: async (tx, current) => {
      const now = await statementTime(tx);
      if (current.expiresAt && current.expiresAt.getTime() <= now.getTime()) {
        throw errors.conflict('This announcement has already expired.');
      }
      const updated = await expireAnnouncementRow(tx, id, actor.userId);
      await announce(tx, updated, actor.userId, current);
      return updated;
    },
    audited,
  });
  return readAnnouncement(db, row.id);
}

// ---------------------------------------------------------------------------------------------
// Reading

function readerOf(actor: Actor): Reader {
  return { userId: actor.userId, groups: actor.groups, factoryId: actor.factory?.id ?? null };
}

export async function myAnnouncements(db: Database, actor: Actor): Promise<MyAnnouncements> {
  const reader = readerOf(actor);
  const [rows, unread] = await Promise.all([
    listMyAnnouncementRows(db, reader, MY_ANNOUNCEMENTS_LIMIT),
    countMyUnread(db, reader),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      title: r.title,
      body: r.body,
      pinned: r.pinned,
      publishAt: r.publishAt.toISOString(),
      expiresAt: r.expiresAt ? r.expiresAt.toISOString() : null,
      author: r.author,
      read: r.read,
      files: Number(r.files),
    })),
    unread,
  };
}

export async function myUnreadCount(db: Database, actor: Actor): Promise<UnreadAnnouncements> {
  return { unread: await countMyUnread(db, readerOf(actor)) };
}

/** Idempotent; 404 when the announcement does not reach the user now. */
export async function markAnnouncementRead(db: Database, actor: Actor, id: string): Promise<UnreadAnnouncements> {
  const reader = readerOf(actor);
  return db.transaction(async (tx) => {
    if (!(await reachesReader(tx, reader, id))) {
      throw errors.notFound('No such announcement for you (or it is not published).');
    }
    await markRead(tx, actor.userId, id);
    return { unread: await countMyUnread(tx, reader) };
  });
}

export async function markAllAnnouncementsRead(db: Database, actor: Actor): Promise<UnreadAnnouncements> {
  const reader = readerOf(actor);
  return db.transaction(async (tx) => {
    await markAllRead(tx, reader);
    return { unread: await countMyUnread(tx, reader) };
  });
}
