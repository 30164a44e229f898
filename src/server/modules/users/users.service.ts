import type { ListResponse } from '../../../common/contracts/list';
import {
  ONLINE_WINDOW_MS,
  type CreateUser,
  type ListUsersQuery,
  type OnlineUser,
  type UpdateUser,
  type User,
  type UserSession,
} from '../../../common/contracts/users';
import { isGroup } from '../../../common/permissions';
import type { Actor } from '../../auth/actor';
import { hashPassword } from '../../auth/password';
import { refuseWeakPassword } from '../../auth/password-rules';
import type { Database, Executor } from '../../db/client';
import { errors } from '../../http/errors';
import { allPages, decodeCursor, toPage } from '../../http/list';
import { publishLive } from '../../live/publish-live';
import { insertAudit } from '../audit/audit.repository';
import { assertActiveChanges, changeAudited } from '../audit/audited-change';
import { findFactoryById } from '../factories/factories.repository';
import type { MailingRoutes } from '../notifications/notifications.service';
import { deleteInvitation } from './invitations.repository';
import { queueInvitation } from './invitations.service';
import {
  countActiveAdmins,
  countUserRows,
  deleteUserSession,
  deleteUserSessions,
  endUserActivitySessions,
  findOtherUserIdByEmail,
  findUserEmail,
  findUserIdByEmail,
  findUserRow,
  insertUser,
  listOnlineUserRows,
  listUserRows,
  listUserSessionRows,
  lockAdminChanges,
  lockUserProfile,
  replaceUserGroups,
  setCredentialPassword,
  updateUserAccount,
  updateUserProfile,
  USER_SORTS,
  type UserRow,
} from './users.repository';

export interface CreatedUser {
  id: string;
  email: string;
  name: string;
  groups: CreateUser['groups'];
  factoryId: string | null;
  invitationExpiresAt: string | null;
}

/**
 * A new user who signs in with the given password or, with `invite`, who is mailed a link to choose
 * their own (`mailing` then says where the app is and wakes the mail worker after commit).
 */
export async function createUser(
  db: Database,
  actor: Actor | null,
  input: CreateUser,
  mailing?: MailingRoutes,
): Promise<CreatedUser> {
  const groups = [...new Set(input.groups)];
  const factoryId = input.factoryId ?? null;
  if (input.invite && !mailing) throw new Error('an invitation needs the mailing settings');
  if (input.password !== undefined) refuseWeakPassword(input.password, input.email, 'password');
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
  const created = await db.transaction(async (tx) => {
    if (await findUserIdByEmail(tx, input.email)) {
      throw errors.conflict('A user with this email already exists.', { email: ['This email is already in use.'] });
    }
    if (factoryId) {
      const factory = await findFactoryById(tx, factoryId);
      if (!factory) throw errors.validation('The chosen factory does not exist.', { factoryId: ['Unknown factory.'] });
      if (!factory.active) {
        throw errors.validation('The chosen factory is deactivated.', { factoryId: ['This factory is deactivated.'] });
      }
    }
    const id = await insertUser(tx, {
      email: input.email,
      name: input.name,
      passwordHash,
      groups,
      factoryId,
      createdBy: actor?.userId ?? null,
    });
    const user = { id, email: input.email, name: input.name, groups, factoryId };
    await insertAudit(tx, {
      actorId: actor?.userId ?? null,
      action: 'create',
      recordType: 'user',
      recordId: id,
      after: user,
    });
    const expiresAt = mailing && input.invite ? await queueInvitation(tx, actor, mailing.publicUrl, user, false) : null;
    return { ...user, invitationExpiresAt: expiresAt?.toISOString() ?? null };
  });
  if (created.invitationExpiresAt) mailing?.mail.wake();
  return created;
}

// ---------------------------------------------------------------------------
// User Management
// ---------------------------------------------------------------------------

function onlineSince(now = Date.now()): Date {
  return new Date(now - ONLINE_WINDOW_MS);
}

function presentFactory(row: { factoryId: string | null; factoryCode: string | null; factoryName: string | null }) {
  return row.factoryId && row.factoryCode && row.factoryName
    ? { id: row.factoryId, code: row.factoryCode, name: row.factoryName }
    : null;
}

export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    groups: row.groups.filter(isGroup),
    factory: presentFactory(row),
    active: row.active,
    twoFactorEnabled: row.twoFactorEnabled,
    createdAt: row.createdAt.toISOString(),
    lastActivityAt: row.lastActivityAt?.toISOString() ?? null,
    online: row.online,
    passwordSet: row.passwordSet,
    invitationExpiresAt: row.invitationExpiresAt?.toISOString() ?? null,
  };
}

/** What the audit log keeps of a user: never a password or its hash. */
function auditedUser(row: UserRow) {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    groups: row.groups,
    factoryId: row.factoryId,
    active: row.active,
    invitationExpiresAt: row.invitationExpiresAt?.toISOString() ?? null,
  };
}

export async function listUsers(db: Database, query: ListUsersQuery): Promise<ListResponse<User>> {
  const sort = USER_SORTS[query.sort];
  const [rows, count] = await Promise.all([
    listUserRows(db, query, decodeCursor(query.cursor), query.limit + 1, onlineSince()),
    countUserRows(db, query),
  ]);
  const page = toPage(rows, query.limit, sort.value);
  return { items: page.items.map(presentUser), nextCursor: page.nextCursor, ...count };
}

export async function* exportUsers(db: Database, query: Omit<ListUsersQuery, 'limit' | 'cursor'>) {
  const sort = USER_SORTS[query.sort];
  const since = onlineSince();
  for await (const page of allPages((cursor, limit) => listUserRows(db, query, cursor, limit, since), sort.value)) {
    yield page.map(presentUser);
  }
}

export async function getUser(db: Executor, id: string): Promise<User> {
  const row = await findUserRow(db, id, onlineSince());
  if (!row) throw errors.notFound('No user with this id.');
  return presentUser(row);
}

const LAST_ADMIN = 'This is the last active Admin. Make another user an Admin first.';

/**
 * Applies a change to one user in a transaction: the user's profile row is locked and, when the change
 * can reduce the number of active Admins, so is every such change (lockAdminChanges). Audits before/after.
 */
async function changeUser(
  db: Database,
  actor: Actor,
  id: string,
  action: string,
  options: { affectsAdmins: boolean },
  change: (current: UserRow, tx: Executor) => Promise<void>,
): Promise<User> {
  const since = onlineSince();
  const row = await changeAudited(db, {
    actorId: actor.userId,
    recordType: 'user',
    id,
    action,
    notFound: 'No user with this id.',
    lock: async (tx) => {
      if (options.affectsAdmins) await lockAdminChanges(tx);
      return (await lockUserProfile(tx, id)) ? findUserRow(tx, id, since) : null;
    },
    apply: async (tx, current) => {
      await change(current, tx);
      const updated = await findUserRow(tx, id, since);
      if (!updated) throw new Error('user vanished during its change');
      return updated;
    },
    audited: auditedUser,
  });
  return presentUser(row);
}

/** The user is an active Admin who is the only one left. */
async function isLastActiveAdmin(tx: Executor, user: UserRow): Promise<boolean> {
  return user.active && user.groups.includes('Admin') && (await countActiveAdmins(tx)) <= 1;
}

export function updateUser(db: Database, actor: Actor, id: string, input: UpdateUser): Promise<User> {
  const groups = input.groups ? [...new Set(input.groups)] : undefined;
  const dropsAdmin = groups !== undefined && !groups.includes('Admin');
  return changeUser(db, actor, id, 'update', { affectsAdmins: dropsAdmin }, async (current, tx) => {
    if (dropsAdmin && current.groups.includes('Admin')) {
      if (id === actor.userId) {
        throw errors.conflict('You cannot remove your own Admin group.', {
          groups: ['You cannot remove your own Admin group.'],
        });
      }
      if (await isLastActiveAdmin(tx, current)) throw errors.conflict(LAST_ADMIN, { groups: [LAST_ADMIN] });
    }
    if (input.email !== undefined && input.email !== current.email) {
      if (await findOtherUserIdByEmail(tx, input.email, id)) {
        throw errors.conflict('A user with this email already exists.', { email: ['This email is already in use.'] });
      }
    }
    if (input.factoryId && input.factoryId !== current.factoryId) {
      const factory = await findFactoryById(tx, input.factoryId);
      if (!factory) throw errors.validation('The chosen factory does not exist.', { factoryId: ['Unknown factory.'] });
      if (!factory.active) {
        throw errors.validation('The chosen factory is deactivated.', { factoryId: ['This factory is deactivated.'] });
      }
    }
    const account = {
      ...(input.email !== undefined ? { email: input.email } : {}),
      ...(input.name !== undefined ? { name: input.name } : {}),
    };
    if (Object.keys(account).length > 0) await updateUserAccount(tx, id, account);
    await updateUserProfile(tx, id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.factoryId !== undefined ? { factoryId: input.factoryId } : {}),
      updatedBy: actor.userId,
    });
    if (groups) await replaceUserGroups(tx, id, groups);
  });
}

/**
 * Ends every session of the user: the sessions, their activity records, and at once their open live
 * streams (on every instance, after this transaction commits). Returns how many sessions ended.
 */
async function signOutEverywhere(tx: Executor, id: string): Promise<number> {
  const ended = await deleteUserSessions(tx, id);
  await endUserActivitySessions(tx, id, new Date());
  await publishLive(tx, { kind: 'signed-out', userId: id });
  return ended;
}

/** A new password for the user (argon2id); every session of theirs ends. */
export async function setUserPassword(db: Database, actor: Actor, id: string, password: string): Promise<void> {
  const email = await findUserEmail(db, id);
  if (!email) throw errors.notFound('No user with this id.');
  refuseWeakPassword(password, email, 'password');
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    if (!(await lockUserProfile(tx, id))) throw errors.notFound('No user with this id.');
    await setCredentialPassword(tx, id, passwordHash);
    // An invited user's link stops working: the Admin chose their password instead.
    const invitationRevoked = await deleteInvitation(tx, id);
    const sessionsRevoked = await signOutEverywhere(tx, id);
    await updateUserProfile(tx, id, { updatedBy: actor.userId });
    await insertAudit(tx, {
      actorId: actor.userId,
      action: 'set_password',
      recordType: 'user',
      recordId: id,
      before: null,
      after: { passwordChanged: true, sessionsRevoked, invitationRevoked },
    });
  });
}

/** Deactivate: blocks sign-in and signs the user out everywhere. Reactivate: allows sign-in again. */
export function setUserActive(db: Database, actor: Actor, id: string, active: boolean): Promise<User> {
  return changeUser(
    db,
    actor,
    id,
    active ? 'reactivate' : 'deactivate',
    { affectsAdmins: !active },
    async (current, tx) => {
      assertActiveChanges('user', current.active, active);
      if (!active) {
        if (id === actor.userId) throw errors.conflict('You cannot deactivate your own account.');
        if (await isLastActiveAdmin(tx, current)) throw errors.conflict(LAST_ADMIN);
      }
      await updateUserProfile(tx, id, { active, updatedBy: actor.userId });
      if (!active) {
        await signOutEverywhere(tx, id);
        // Their invitation's link stops working; an Admin sends a new one after reactivating them.
        await deleteInvitation(tx, id);
      }
    },
  );
}

export async function listUserSessions(db: Database, actor: Actor, id: string): Promise<UserSession[]> {
  if (!(await findUserRow(db, id, onlineSince()))) throw errors.notFound('No user with this id.');
  const rows = await listUserSessionRows(db, id);
  return rows.map((row) => ({
    id: row.id,
    userAgent: row.userAgent,
    ipAddress: row.ipAddress,
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.lastActiveAt.toISOString(),
    lastActivityAt: row.lastActivityAt?.toISOString() ?? null,
    current: row.id === actor.sessionId,
  }));
}

/** Signs the user out of one browser. */
export async function revokeUserSession(db: Database, actor: Actor, id: string, sessionId: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await lockUserProfile(tx, id))) throw errors.notFound('No user with this id.');
    const removed = await deleteUserSession(tx, id, sessionId);
    if (!removed) throw errors.notFound('This user has no such session (it may have ended already).');
    await endUserActivitySessions(tx, id, new Date(), sessionId);
    await publishLive(tx, { kind: 'signed-out', userId: id, sessionId: removed.id });
    await insertAudit(tx, {
      actorId: actor.userId,
      action: 'revoke_session',
      recordType: 'user',
      recordId: id,
      before: {
        sessionId: removed.id,
        userAgent: removed.userAgent,
        ipAddress: removed.ipAddress,
        createdAt: removed.createdAt.toISOString(),
      },
      after: null,
    });
  });
}

export async function listOnlineUsers(db: Database): Promise<OnlineUser[]> {
  const rows = await listOnlineUserRows(db, onlineSince());
  return rows.map((row) => ({
    userId: row.userId,
    name: row.name,
    email: row.email,
    factory: presentFactory(row),
    lastActivityAt: (row.lastActivityAt ?? new Date()).toISOString(),
    tabs: row.tabs,
  }));
}
