import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acceptedInvitationSchema,
  acceptInvitationSchema,
  invitationQuerySchema,
  invitationSchema,
} from '../../../common/contracts/invitations';
import type { Database } from '../../db/client';
import { acceptInvitation, getInvitation } from './invitations.service';

const tags = ['auth'];
const INVALID = {
  code: 'INVALID_TOKEN',
  meaning: 'The link is unknown, expired (72 hours), already used, sent again since, or its user was deactivated.',
};

/** The invitation link's page: who it is for, and choosing the password (signed out, as a mailed link is). */
export async function invitationRoutes(app: FastifyInstance, opts: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/api/auth/invitation',
    {
      config: { permission: 'public', errors: { 404: INVALID } },
      schema: {
        tags,
        summary: 'Who an invitation link is for',
        description:
          "`?token=` of the mailed link: the invited user's name and email, and when the link stops working. " +
          'Nothing changes.',
        querystring: invitationQuerySchema,
        response: { 200: invitationSchema },
      },
    },
    async (request) => getInvitation(db, request.query.token),
  );

  r.post(
    '/api/auth/invitation',
    {
      config: {
        permission: 'public',
        errors: {
          400: ['A new password that breaks the password rules (`details.fieldErrors.newPassword`).', INVALID],
        },
      },
      schema: {
        tags,
        summary: 'Accept an invitation: choose your password',
        description:
          '`{ token, newPassword }`: the token of the mailed link (once, within 72 hours) and a password that ' +
          "follows the rules of every password. Answers the account's email; the user then signs in with it " +
          'and the new password. Audited as `invitation_accepted`.',
        body: acceptInvitationSchema,
        response: { 200: acceptedInvitationSchema },
      },
    },
    async (request) => ({
      email: await acceptInvitation(db, request.body, {
        ipAddress: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      }),
      message: 'Your password is set. Welcome to the Stove Back Office.',
    }),
  );
}
