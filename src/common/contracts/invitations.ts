/**
 * Invitations (issue 25): an Admin creating a user may mail them a link to choose their own
 * password instead of choosing one. The link works once, within 72 hours.
 */
import { z } from 'zod';
import { passwordSchema } from './users';

/** How long an invitation's link works. */
export const INVITATION_LINK_HOURS = 72;

export const INVITATION_LINK_INVALID =
  'This invitation link has expired or was already used. Ask an administrator to send you a new invitation.';

const tokenSchema = z.string().min(1, INVITATION_LINK_INVALID).max(200, INVITATION_LINK_INVALID);

/** GET /api/auth/invitation?token= */
export const invitationQuerySchema = z.object({ token: tokenSchema });

/** Who the link is for, so the page can greet them. */
export const invitationSchema = z.object({ name: z.string(), email: z.string(), expiresAt: z.string() });
export type Invitation = z.infer<typeof invitationSchema>;

/** POST /api/auth/invitation */
export const acceptInvitationSchema = z.object({ token: tokenSchema, newPassword: passwordSchema });
export type AcceptInvitation = z.infer<typeof acceptInvitationSchema>;

/** The account's email: the page signs in with it and the new password. */
export const acceptedInvitationSchema = z.object({ email: z.string(), message: z.string() });
