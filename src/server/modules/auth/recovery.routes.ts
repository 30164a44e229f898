import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  RECOVERY_SENT_MESSAGE,
  recoverPasswordSchema,
  recoveryAnswerSchema,
  requestRecoverySchema,
} from '../../../common/contracts/recovery';
import type { Auth } from '../../auth/auth';
import type { Database } from '../../db/client';
import type { Mailer } from '../mail/mail.service';
import { recoverPassword, requestRecovery, type RequestContext } from './recovery.service';

const tags = ['auth'];

function requestContext(request: FastifyRequest): RequestContext {
  return { ipAddress: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

export async function recoveryRoutes(
  app: FastifyInstance,
  opts: { db: Database; auth: Auth; mail: Mailer; publicUrl: string },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, auth, mail, publicUrl } = opts;

  r.post(
    '/api/auth/recover',
    {
      config: {
        permission: 'public',
        errors: {
          400: 'The email is missing or not an address.',
          429: 'Too many requests from this client address (10 in 15 minutes) or for this email (3 in an hour), whether or not it has an account.',
        },
      },
      schema: {
        tags,
        summary: 'Forgot password: mail a link to choose a new one',
        description:
          'Answers the same `{ message }` whether or not the email has an account, so nobody learns who has one. ' +
          'For an active account it queues a mail (sent after commit) with a single-use link to ' +
          '`/recover?token=…`, valid 60 minutes; a deactivated account gets none. Audited as ' +
          '`password_recovery_requested` (the email as the record).',
        body: requestRecoverySchema,
        response: { 200: recoveryAnswerSchema.describe(RECOVERY_SENT_MESSAGE) },
      },
    },
    async (request) => ({
      message: await requestRecovery(db, mail, publicUrl, request.body, requestContext(request)),
    }),
  );

  r.post(
    '/api/auth/recover/password',
    {
      config: {
        permission: 'public',
        errors: {
          400: [
            'A new password that breaks the password rules (`details.fieldErrors.newPassword`).',
            { code: 'INVALID_TOKEN', meaning: 'The link is unknown, expired (60 minutes) or was already used.' },
          ],
          403: { code: 'ACCOUNT_DEACTIVATED', meaning: 'The link is for a deactivated account.' },
        },
      },
      schema: {
        tags,
        summary: 'Set a new password with a recovery link',
        description:
          '`{ token, newPassword }`: the token of the mailed link (once, within 60 minutes) and a new password ' +
          'that follows the rules of every password. Every session of the user ends; the user then signs in ' +
          'with the new password. Audited as `password_recovery` (spec event PASSWORD_RECOVERY).',
        body: recoverPasswordSchema,
        response: { 200: recoveryAnswerSchema },
      },
    },
    async (request) => {
      await recoverPassword(db, auth, request.body, requestContext(request));
      return { message: 'Your password was changed. Sign in with the new one.' };
    },
  );
}
