/**
 * Invitations (issue 25): instead of choosing a user's password, an Admin mails them a link to
 * choose their own. The link works once, within 72 hours; sending again replaces it (the old one
 * stops working); deactivating the user, or an Admin setting a password, revokes it. Until the user
 * accepts they have no password, so no password signs them in.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  INVITATION_LINK_HOURS,
  INVITATION_LINK_INVALID,
  type AcceptInvitation,
  type Invitation,
} from '../../../common/contracts/invitations';
import type { Actor } from '../../auth/actor';
import { hashPassword } from '../../auth/password';
import { refuseWeakPassword } from '../../auth/password-rules';
import type { Database, Executor } from '../../db/client';
import { AppError, errors } from '../../http/errors';
import { insertAudit } from '../audit/audit.repository';
import { insertMail } from '../mail/mail.repository';
import type { RequestContext } from '../auth/recovery.service';
import type { MailingRoutes } from '../notifications/notifications.service';
import { deleteInvitation, findLiveInvitation, lockLiveInvitation, replaceInvitation } from './invitations.repository';
import { findUserRow, lockUserProfile, setCredentialPassword } from './users.repository';

export const INVITATION_AUDIT_ACTIONS = {
  /** A new link mailed: with the user's creation, or sent again. */
  sent: 'invitation_sent',
  /** The user chose their password through the link. */
  accepted: 'invitation_accepted',
} as const;

/** Only the SHA-256 of a link's token is stored: a copy of the table does not give the links. */
export function invitationTokenHash(token: string): string {
  return createHash('sha256').update(`invitation:${token}`).digest('base64url');
}

function invitationMail(user: { name: string; email: string }, link: string) {
  return {
    subject: 'You are invited to the Stove Back Office',
    body: [
      `Hello ${user.name},`,
      '',
      'An administrator created an account for you in the Stove Back Office.',
      `You will sign in with this email address: ${user.email}`,
      '',
      `Open this link to choose your password. It works once, within ${INVITATION_LINK_HOURS} hours:`,
      '',
      link,
      '',
      'If the link has expired or does not work, ask your administrator to send you a new invitation.',
    ].join('\n'),
  };
}

/**
 * Stores a new link for the user (replacing any earlier one), queues its mail and audits it, in the
 * caller's transaction. Wake the mail worker after commit. Returns when the link stops working.
 */
export async function queueInvitation(
  tx: Executor,
  actor: Actor | null,
  publicUrl: string,
  user: { id: string; name: string; email: string },
  resent: boolean,
): Promise<Date> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + INVITATION_LINK_HOURS * 3_600_000);
  await replaceInvitation(tx, {
    userId: user.id,
    tokenHash: invitationTokenHash(token),
    sentBy: actor?.userId ?? null,
    expiresAt,
  });
  await insertMail(tx, {
    to: user.email,
    ...invitationMail(user, `${publicUrl}/invitation?token=${encodeURIComponent(token)}`),
  });
  await insertAudit(tx, {
    actorId: actor?.userId ?? null,
    action: INVITATION_AUDIT_ACTIONS.sent,
    recordType: 'user',
    recordId: user.id,
    after: { email: user.email, expiresAt: expiresAt.toISOString(), resent },
  });
  return expiresAt;
}

/**
 * POST /api/users/:id/invitation: a new link for an active user who has not chosen a password yet;
 * the earlier link stops working.
 */
export async function resendInvitation(db: Database, actor: Actor, mailing: MailingRoutes, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await lockUserProfile(tx, id))) throw errors.notFound('No user with this id.');
    const user = await findUserRow(tx, id, new Date());
    if (!user) throw errors.notFound('No user with this id.');
    if (!user.active) throw errors.conflict('This user is deactivated. Reactivate them first.');
    if (user.passwordSet) {
      throw errors.conflict(
        'This user already has a password. Set a new one for them, or they can use "Forgot password?".',
      );
    }
    await queueInvitation(tx, actor, mailing.publicUrl, user, true);
  });
  mailing.mail.wake();
}

const invalidLink = (status: 400 | 404) =>
  new AppError(status, 'INVALID_TOKEN', INVITATION_LINK_INVALID, { fieldErrors: { token: [INVITATION_LINK_INVALID] } });

/** GET /api/auth/invitation: who a live link is for. */
export async function getInvitation(db: Database, token: string): Promise<Invitation> {
  const invitation = await findLiveInvitation(db, invitationTokenHash(token));
  if (!invitation) throw invalidLink(404);
  return { name: invitation.name, email: invitation.email, expiresAt: invitation.expiresAt.toISOString() };
}

/**
 * POST /api/auth/invitation: the user's own password, once, through a live link; the link is gone
 * after. Returns the account's email (the page then signs in with it).
 */
export async function acceptInvitation(
  db: Database,
  input: AcceptInvitation,
  context: RequestContext,
): Promise<string> {
  const tokenHash = invitationTokenHash(input.token);
  const found = await findLiveInvitation(db, tokenHash);
  if (!found) throw invalidLink(400);
  refuseWeakPassword(input.newPassword, found.email, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction(async (tx) => {
    // The user's profile first, as sending again and deactivating lock it: neither can cross this.
    await lockUserProfile(tx, found.userId);
    // Two tabs accepting at once: the second finds the link gone.
    const invitation = await lockLiveInvitation(tx, tokenHash);
    if (!invitation) throw invalidLink(400);
    await setCredentialPassword(tx, invitation.userId, passwordHash);
    await deleteInvitation(tx, invitation.userId);
    await insertAudit(tx, {
      actorId: invitation.userId,
      action: INVITATION_AUDIT_ACTIONS.accepted,
      recordType: 'user',
      recordId: invitation.userId,
      ...context,
    });
    return invitation.email;
  });
}
