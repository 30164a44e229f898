import { isAPIError } from 'better-auth/api';
import {
  ACCOUNT_AUDIT_ACTIONS,
  type Account,
  type ChangeMyPassword,
  type UpdateMyProfile,
} from '../../../common/contracts/account';
import type { Actor } from '../../auth/actor';
import type { Auth } from '../../auth/auth';
import { findOtherSessionIds } from '../../auth/sessions.repository';
import type { Database } from '../../db/client';
import { publishLive } from '../../live/publish-live';
import { errors } from '../../http/errors';
import { countAuditSince, insertAudit } from '../audit/audit.repository';
import { refuseWeakPassword } from '../../auth/password-rules';
import { findAccountRow, updateOwnName } from './me.repository';

/** Wrong current passwords allowed per user in this window before the form is refused for a while. */
const PASSWORD_FAILURE_WINDOW_MS = 15 * 60 * 1000;
const PASSWORD_FAILURES_ALLOWED = 10;

export interface RequestContext {
  ipAddress: string;
  userAgent: string | null;
}

export async function getAccount(db: Database, actor: Actor): Promise<Account> {
  const row = await findAccountRow(db, actor.userId);
  if (!row) throw errors.unauthenticated();
  return row;
}

export async function updateMyProfile(
  db: Database,
  actor: Actor,
  input: UpdateMyProfile,
  context: RequestContext,
): Promise<Account> {
  return db.transaction(async (tx) => {
    const before = await findAccountRow(tx, actor.userId, true);
    if (!before) throw errors.unauthenticated();
    await updateOwnName(tx, actor.userId, input.name);
    await insertAudit(tx, {
      actorId: actor.userId,
      action: ACCOUNT_AUDIT_ACTIONS.profileUpdate,
      recordType: 'profile',
      recordId: actor.userId,
      before: { name: before.name },
      after: { name: input.name },
      ...context,
    });
    return { ...before, name: input.name };
  });
}

/**
 * Checks the current password and sets the new one through better-auth, which ends every other
 * session of the user and issues this browser a new session cookie (returned as Set-Cookie values).
 */
export async function changeMyPassword(
  db: Database,
  auth: Auth,
  actor: Actor,
  input: ChangeMyPassword,
  headers: Headers,
  context: RequestContext,
): Promise<string[]> {
  const since = new Date(Date.now() - PASSWORD_FAILURE_WINDOW_MS);
  const failures = await countAuditSince(db, ACCOUNT_AUDIT_ACTIONS.passwordChangeFailed, actor.userId, since);
  if (failures >= PASSWORD_FAILURES_ALLOWED) {
    throw errors.rateLimited('Too many wrong current passwords. Please wait 15 minutes and try again.');
  }
  refuseWeakPassword(input.newPassword, actor.email, 'newPassword');
  // The other browsers' sessions end with the change: their live streams are told at once.
  const others = await findOtherSessionIds(db, actor.userId, actor.sessionId);
  let cookies: string[];
  try {
    const result = await auth.api.changePassword({
      headers,
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      returnHeaders: true,
    });
    cookies = result.headers.getSetCookie();
  } catch (error) {
    if (isAPIError(error) && error.body?.code === 'INVALID_PASSWORD') {
      await insertAudit(db, {
        actorId: actor.userId,
        action: ACCOUNT_AUDIT_ACTIONS.passwordChangeFailed,
        recordType: 'user',
        recordId: actor.userId,
        ...context,
      });
      throw errors.validation('The current password is not correct.', {
        currentPassword: ['The current password is not correct.'],
      });
    }
    if (isAPIError(error) && error.status === 'BAD_REQUEST') {
      const message = error.body?.message ?? 'The new password was refused.';
      throw errors.validation(message, { newPassword: [message] });
    }
    throw error;
  }
  await insertAudit(db, {
    actorId: actor.userId,
    action: ACCOUNT_AUDIT_ACTIONS.passwordChange,
    recordType: 'user',
    recordId: actor.userId,
    after: { otherSessionsEnded: true },
    ...context,
  });
  await db.transaction(async (tx) => {
    for (const sessionId of others) await publishLive(tx, { kind: 'signed-out', userId: actor.userId, sessionId });
  });
  return cookies;
}
