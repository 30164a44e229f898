import { and, count, desc, eq, ilike, isNull, max, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ListUsersQuery } from '../../../common/contracts/users';
import type { Group } from '../../../common/permissions';
import type { Executor } from '../../db/client';
import { accounts, sessions, users } from '../../db/schema/auth';
import { activitySessions, factories, profiles, userGroups, userInvitations } from '../../db/schema/core';
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

/** The user's email, or null for an unknown id. */
export async function findUserEmail(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

export async function findUserIdByEmail(db: Executor, email: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? null;
}

export async function countUsers(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

export interface NewUser {
  email: string;
  name: string;
  /** null for an invited user: they choose it through the invitation's link. */
  passwordHash: string | null;
  groups: Group[];
  factoryId: string | null;
  createdBy: string | null;
}

/** The user, the credential account better-auth signs in with, the profile and the groups. */
export async function insertUser(db: Executor, input: NewUser): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({ email: input.email, name: input.name, emailVerified: true })
    .returning({ id: users.id });
  if (!user) throw new Error('insert into users returned no row');
  if (input.passwordHash !== null) {
    await db.insert(accounts).values({
      userId: user.id,
      accountId: user.id,
      providerId: 'credential',
      password: input.passwordHash,
    });
  }
  await db.insert(profiles).values({
    id: user.id,
    name: input.name,
    factoryId: input.factoryId,
    createdBy: input.createdBy,
    updatedBy: input.createdBy,
  });
  await db.insert(userGroups).values(input.groups.map((group) => ({ userId: user.id, group })));
  return user.id;
}

/** What sign-in needs to refuse a deactivated account: active flag and password hash. */
export async function findSignInState(
  db: Executor,
  email: string,
): Promise<{ userId: string; active: boolean; passwordHash: string | null } | null> {
  const [row] = await db
    .select({ userId: users.id, active: profiles.active, passwordHash: accounts.password })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, 'credential')))
    .where(eq(users.email, email));
  return row ?? null;
}

// ---------------------------------------------------------------------------
// User Management: list, detail, changes, sessions, who is online
// ---------------------------------------------------------------------------

/** The name lists show and sort by: the profile's, else the account's (never null). */
const displayName = sql<string>`coalesce(${profiles.name}, ${users.name})`;

function userColumns(onlineSince: Date) {
  return {
    id: users.id,
    email: users.email,
    name: displayName,
    twoFactorEnabled: users.twoFactorEnabled,
    createdAt: users.createdAt,
    active: profiles.active,
    factoryId: factories.id,
    factoryCode: factories.code,
    factoryName: factories.name,
    groups: sql<
      string[]
    >`coalesce((select json_agg(ug.group_name order by ug.group_name) from ${userGroups} ug where ug.user_id = ${users.id}), '[]'::json)`,
    lastActivityAt:
      sql<Date | null>`(select max(a.last_activity_at) from ${activitySessions} a where a.user_id = ${users.id})`.mapWith(
        activitySessions.lastActivityAt,
      ),
    online: sql<boolean>`exists (select 1 from ${activitySessions} a where a.user_id = ${users.id} and a.ended_at is null and a.last_activity_at > ${onlineSince.toISOString()}::timestamptz)`,
    passwordSet: sql<boolean>`exists (select 1 from ${accounts} c where c.user_id = ${users.id} and c.provider_id = 'credential' and c.password is not null)`,
    invitationExpiresAt: userInvitations.expiresAt,
  };
}

export interface UserRow {
  id: string;
  email: string;
  name: string;
  twoFactorEnabled: boolean;
  createdAt: Date;
  active: boolean;
  factoryId: string | null;
  factoryCode: string | null;
  factoryName: string | null;
  groups: string[];
  lastActivityAt: Date | null;
  online: boolean;
  passwordSet: boolean;
  invitationExpiresAt: Date | null;
}

type UserFilters = Omit<ListUsersQuery, 'limit' | 'cursor'>;

export const USER_SORTS: Record<ListUsersQuery['sort'], SortSpec<UserRow>> = {
  name: { column: displayName, value: (r) => r.name },
  email: { column: users.email, value: (r) => r.email },
  createdAt: { column: users.createdAt, value: (r) => r.createdAt.toISOString() },
};

function userFiltersWhere(f: UserFilters): SQL | undefined {
  const pattern = f.q ? containsPattern(f.q) : null;
  return whereAll(
    pattern ? or(ilike(users.email, pattern), ilike(users.name, pattern), ilike(profiles.name, pattern)) : undefined,
    f.group
      ? sql`exists (select 1 from ${userGroups} ug where ug.user_id = ${users.id} and ug.group_name = ${f.group})`
      : undefined,
    f.factoryId ? eq(profiles.factoryId, f.factoryId) : undefined,
    f.active === undefined ? undefined : eq(profiles.active, f.active),
  );
}

function selectUsers(db: Executor, onlineSince: Date) {
  return db
    .select(userColumns(onlineSince))
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(factories, eq(factories.id, profiles.factoryId))
    .leftJoin(userInvitations, eq(userInvitations.userId, users.id));
}

export function listUserRows(
  db: Executor,
  f: UserFilters,
  cursor: Cursor | null,
  limit: number,
  onlineSince: Date,
): Promise<UserRow[]> {
  const sort = USER_SORTS[f.sort].column;
  return selectUsers(db, onlineSince)
    .where(
      whereAll(
        userFiltersWhere(f),
        afterCursor(
          sort,
          users.id,
          f.dir,
          cursor,
          f.sort === 'createdAt' ? cursorRowValue(users, users.createdAt, users.id, cursor) : undefined,
        ),
      ),
    )
    .orderBy(...orderBy(sort, users.id, f.dir))
    .limit(limit);
}

export function countUserRows(db: Executor, f: UserFilters) {
  return countCapped(db, sql`${users} inner join ${profiles} on ${profiles.id} = ${users.id}`, userFiltersWhere(f));
}

export async function findUserRow(db: Executor, id: string, onlineSince: Date): Promise<UserRow | null> {
  const [row] = await selectUsers(db, onlineSince).where(eq(users.id, id));
  return row ?? null;
}

/** Locks the user's profile row (active flag, factory) for the rest of the transaction. */
export async function lockUserProfile(db: Executor, id: string): Promise<{ id: string; active: boolean } | null> {
  const [row] = await db
    .select({ id: profiles.id, active: profiles.active })
    .from(profiles)
    .where(eq(profiles.id, id))
    .for('update');
  return row ?? null;
}

/** Any key unique to this rule; the lock serializes every change to who is an active Admin. */
const ADMIN_CHANGE_LOCK_KEY = 724_311_101;

/**
 * Serializes changes that can reduce the number of active Admins. Row locks on the Admins alone would
 * not do: a waiting transaction re-checks its locked rows but not the user_groups rows it joined.
 */
export async function lockAdminChanges(db: Executor): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${ADMIN_CHANGE_LOCK_KEY})`);
}

export async function countActiveAdmins(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userGroups)
    .innerJoin(profiles, eq(profiles.id, userGroups.userId))
    .where(and(eq(userGroups.group, 'Admin'), eq(profiles.active, true)));
  return row?.n ?? 0;
}

export async function updateUserAccount(
  db: Executor,
  id: string,
  values: Partial<{ email: string; name: string }>,
): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
}

export async function updateUserProfile(
  db: Executor,
  id: string,
  values: Partial<
    Pick<typeof profiles.$inferInsert, 'name' | 'phone' | 'jobTitle' | 'factoryId' | 'active' | 'updatedBy'>
  >,
): Promise<void> {
  await db
    .update(profiles)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(profiles.id, id));
}

export async function replaceUserGroups(db: Executor, id: string, groups: Group[]): Promise<void> {
  await db.delete(userGroups).where(eq(userGroups.userId, id));
  if (groups.length > 0) await db.insert(userGroups).values(groups.map((group) => ({ userId: id, group })));
}

/** Sets the password better-auth checks at sign-in (the 'credential' account), creating that account if missing. */
export async function setCredentialPassword(db: Executor, userId: string, passwordHash: string): Promise<void> {
  const updated = await db
    .update(accounts)
    .set({ password: passwordHash, updatedAt: new Date() })
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
    .returning({ id: accounts.id });
  if (updated.length === 0) {
    await db.insert(accounts).values({ userId, accountId: userId, providerId: 'credential', password: passwordHash });
  }
}

/** Signs the user out everywhere; returns how many sessions ended. */
export async function deleteUserSessions(db: Executor, userId: string): Promise<number> {
  const removed = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return removed.length;
}

/** Ends the user's open activity sessions (all, or those of one auth session). */
export async function endUserActivitySessions(
  db: Executor,
  userId: string,
  at: Date,
  authSessionId?: string,
): Promise<void> {
  await db
    .update(activitySessions)
    .set({ endedAt: at })
    .where(
      whereAll(
        eq(activitySessions.userId, userId),
        isNull(activitySessions.endedAt),
        authSessionId ? eq(activitySessions.authSessionId, authSessionId) : undefined,
      ),
    );
}

/**
 * The user's better-auth sessions, newest activity first, with their tabs' last activity. A one-table
 * select renders its columns unqualified, so the subquery names sessions.id by hand.
 */
export function listUserSessionRows(db: Executor, userId: string) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      createdAt: sessions.createdAt,
      lastActiveAt: sessions.lastActiveAt,
      lastActivityAt:
        sql<Date | null>`(select max(a.last_activity_at) from ${activitySessions} a where a.auth_session_id = ${sessions}.id)`.mapWith(
          activitySessions.lastActivityAt,
        ),
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.lastActiveAt), desc(sessions.id));
}

/** Deletes one of the user's sessions; returns what it was, or null when the user has no such session. */
export async function deleteUserSession(db: Executor, userId: string, sessionId: string) {
  const [row] = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
    .returning({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      createdAt: sessions.createdAt,
    });
  return row ?? null;
}

/** Active users with a tab open and pinged since `since`: one row per user, latest activity first. */
export function listOnlineUserRows(db: Executor, since: Date) {
  const lastActivityAt = max(activitySessions.lastActivityAt);
  return db
    .select({
      userId: users.id,
      name: displayName,
      email: users.email,
      factoryId: factories.id,
      factoryCode: factories.code,
      factoryName: factories.name,
      lastActivityAt,
      tabs: count(),
    })
    .from(activitySessions)
    .innerJoin(users, eq(users.id, activitySessions.userId))
    .innerJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(factories, eq(factories.id, profiles.factoryId))
    .where(
      and(
        isNull(activitySessions.endedAt),
        sql`${activitySessions.lastActivityAt} > ${since.toISOString()}::timestamptz`,
        eq(profiles.active, true),
      ),
    )
    .groupBy(users.id, profiles.name, factories.id)
    .orderBy(desc(lastActivityAt), users.id);
}

/** Another user with this email (case as stored: lower-case). */
export async function findOtherUserIdByEmail(db: Executor, email: string, exceptId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, exceptId)));
  return row?.id ?? null;
}
