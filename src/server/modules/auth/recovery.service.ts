/**
 * Password recovery (spec PASSWORD_RECOVERY). Asking for a link answers the same whether or not the
 * address has an account; for an active account it stores a single-use link valid 60 minutes and
 * queues its mail in one transaction. Setting the new password goes through better-auth's
 * resetPassword, which consumes the link once (race-safe) and ends every session of the user.
 *
 * better-auth's own /request-password-reset is not used: it refuses addresses without a dot in the
 * domain (admin@localhost, decision 0001), cannot queue the mail in the link's transaction, and
 * knows nothing of deactivated accounts. The link's row is the one it would write (identifier
 * `reset-password:<token>`, stored hashed as auth.ts configures), so its resetPassword reads it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { isAPIError } from 'better-auth/api';
import { sql } from 'drizzle-orm';
import {
  RECOVERY_LINK_INVALID,
  RECOVERY_LINK_MINUTES,
  RECOVERY_SENT_MESSAGE,
  type RecoverPassword,
  type RequestRecovery,
} from '../../../common/contracts/recovery';
import type { Auth } from '../../auth/auth';
import type { Database } from '../../db/client';
import { AppError, errors } from '../../http/errors';
import { publishLive } from '../../live/publish-live';
import { countAuditSince, insertAudit } from '../audit/audit.repository';
import { insertMail } from '../mail/mail.repository';
import type { Mailer } from '../mail/mail.service';
import { deleteInvitation } from '../users/invitations.repository';
import { endUserActivitySessions, findSignInState } from '../users/users.repository';
import { refuseWeakPassword } from '../../auth/password-rules';
import {
  countAuditFromAddressSince,
  findRecoveryLinkUser,
  findSessionIds,
  insertRecoveryLink,
} from './recovery.repository';

export const RECOVERY_AUDIT_ACTIONS = {
  /** Every request, known address or not (the limits count them). */
  requested: 'password_recovery_requested',
  /** A new password set through a link. */
  recovered: 'password_recovery',
} as const;

/** Requests per client address in 15 minutes, and per email address in an hour. */
export const RECOVERY_LIMITS = {
  perAddress: 10,
  perAddressWindowMs: 15 * 60_000,
  perEmail: 3,
  perEmailWindowMs: 60 * 60_000,
};

/** better-auth's identifier of a reset link. */
const identifierOf = (token: string) => `reset-password:${token}`;

/** How better-auth stores a hashed identifier (verification.storeIdentifier 'hashed'): SHA-256, base64url. */
export function storedIdentifierOf(token: string): string {
  return createHash('sha256').update(identifierOf(token)).digest('base64url');
}

export interface RequestContext {
  ipAddress: string;
  userAgent: string | null;
}

function recoveryMail(link: string) {
  return {
    subject: 'Choose a new password for the Stove Back Office',
    body: [
      'Hello,',
      '',
      'Someone, we hope you, asked to reset the password of your Stove Back Office account.',
      `Open this link to choose a new password. It works once, within ${RECOVERY_LINK_MINUTES} minutes:`,
      '',
      link,
      '',
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ].join('\n'),
  };
}

export async function requestRecovery(
  db: Database,
  mail: Mailer,
  publicUrl: string,
  input: RequestRecovery,
  context: RequestContext,
): Promise<string> {
  const now = Date.now();
  const queued = await db.transaction(async (tx) => {
    // Requests of one email are counted one after the other.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`password_recovery:${input.email}`}))`);
    const fromAddress = await countAuditFromAddressSince(
      tx,
      RECOVERY_AUDIT_ACTIONS.requested,
      context.ipAddress,
      new Date(now - RECOVERY_LIMITS.perAddressWindowMs),
    );
    if (fromAddress >= RECOVERY_LIMITS.perAddress) {
      throw errors.rateLimited(
        'Too many password recovery requests from this address. Please wait 15 minutes and try again.',
      );
    }
    const forEmail = await countAuditSince(
      tx,
      RECOVERY_AUDIT_ACTIONS.requested,
      input.email,
      new Date(now - RECOVERY_LIMITS.perEmailWindowMs),
    );
    if (forEmail >= RECOVERY_LIMITS.perEmail) {
      throw errors.rateLimited(
        'A recovery link was asked for this email several times in the last hour. Please check your mail, or wait an hour and try again.',
      );
    }
    await insertAudit(tx, {
      actorId: null,
      action: RECOVERY_AUDIT_ACTIONS.requested,
      recordType: 'sign_in',
      recordId: input.email,
      ...context,
    });
    const account = await findSignInState(tx, input.email);
    // Nothing for an unknown or deactivated account, and the same answer.
    if (!account?.active) return false;
    const token = randomBytes(32).toString('base64url');
    await insertRecoveryLink(tx, {
      storedIdentifier: storedIdentifierOf(token),
      userId: account.userId,
      expiresAt: new Date(now + RECOVERY_LINK_MINUTES * 60_000),
    });
    await insertMail(tx, { to: input.email, ...recoveryMail(`${publicUrl}/recover?token=${token}`) });
    return true;
  });
  if (queued) mail.wake();
  return RECOVERY_SENT_MESSAGE;
}

export async function recoverPassword(
  db: Database,
  auth: Auth,
  input: RecoverPassword,
  context: RequestContext,
): Promise<void> {
  const invalid = () =>
    new AppError(400, 'INVALID_TOKEN', RECOVERY_LINK_INVALID, { fieldErrors: { token: [RECOVERY_LINK_INVALID] } });
  const account = await findRecoveryLinkUser(db, storedIdentifierOf(input.token));
  if (!account) throw invalid();
  if (!account.active) {
    throw new AppError(403, 'ACCOUNT_DEACTIVATED', 'This account is deactivated. Please contact your administrator.');
  }
  refuseWeakPassword(input.newPassword, account.email, 'newPassword');
  const sessionIds = await findSessionIds(db, account.userId);
  try {
    await auth.api.resetPassword({ body: { token: input.token, newPassword: input.newPassword } });
  } catch (error) {
    if (isAPIError(error) && error.status === 'BAD_REQUEST') {
      if (error.body?.code === 'INVALID_TOKEN') throw invalid();
      const message = error.body?.message ?? 'The new password was refused.';
      throw errors.validation(message, { newPassword: [message] });
    }
    throw error;
  }
  await db.transaction(async (tx) => {
    await endUserActivitySessions(tx, account.userId, new Date());
    // An invited user who chose a password this way has no use for the invitation's link any more.
    await deleteInvitation(tx, account.userId);
    await insertAudit(tx, {
      actorId: account.userId,
      action: RECOVERY_AUDIT_ACTIONS.recovered,
      recordType: 'user',
      recordId: account.userId,
      after: { sessionsEnded: sessionIds.length },
      ...context,
    });
    // Browsers still showing the app are told at once that they are signed out.
    for (const sessionId of sessionIds)
      await publishLive(tx, { kind: 'signed-out', userId: account.userId, sessionId });
  });
}
