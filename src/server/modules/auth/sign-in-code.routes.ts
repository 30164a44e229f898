/**
 * Sign-in with a code by mail: POST /api/auth/otp (mail a code) and POST /api/auth/verify (sign in
 * with it). The paths are the authentication service's own names in the spec (§7), as /recover is
 * for password recovery; the screen is a step of /auth, not a page of its own.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SIGN_IN_CODE_NEEDS_EMAIL,
  SIGN_IN_CODE_SENT_MESSAGE,
  requestSignInCodeSchema,
  signInCodeAnswerSchema,
  signInWithCodeSchema,
} from '../../../common/contracts/sign-in-code';
import type { Auth } from '../../auth/auth';
import type { Database } from '../../db/client';
import { webHeaders } from '../../http/web-request';
import { insertAudit } from '../audit/audit.repository';
import type { Mailer } from '../mail/mail.service';
import type { RequestContext } from './recovery.service';
import { checkSignInCode, requestSignInCode } from './sign-in-code.service';

const tags = ['auth'];

const signedInSchema = z.object({ user: z.object({ id: z.string(), email: z.string(), name: z.string() }) });
const twoFactorRedirectSchema = z.object({ twoFactorRedirect: z.literal(true) });
const signInAnswerSchema = z.union([twoFactorRedirectSchema, signedInSchema]);

function requestContext(request: FastifyRequest): RequestContext {
  return { ipAddress: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

export async function signInCodeRoutes(
  app: FastifyInstance,
  opts: { db: Database; auth: Auth; mail: Mailer; secret: string },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, auth, mail, secret } = opts;

  r.post(
    '/api/auth/otp',
    {
      config: {
        permission: 'public',
        errors: {
          400: `The email is missing ("${SIGN_IN_CODE_NEEDS_EMAIL}") or not an address.`,
          429: 'Too many requests from this client address (10 in 15 minutes) or for this email (3 in an hour), whether or not it has an account.',
        },
      },
      schema: {
        tags,
        summary: 'Email me a sign-in code',
        description:
          'Answers the same `{ message }` whether or not the email has an account, so nobody learns who has one. ' +
          'For an active account it queues a mail (sent after commit) with a 6-digit code valid 10 minutes; ' +
          'a new code replaces the previous one; a deactivated account gets none. Audited as ' +
          '`sign_in_code_requested` (the email as the record).',
        body: requestSignInCodeSchema,
        response: { 200: signInCodeAnswerSchema.describe(SIGN_IN_CODE_SENT_MESSAGE) },
      },
    },
    async (request) => ({
      message: await requestSignInCode(db, mail, secret, request.body, requestContext(request)),
    }),
  );

  r.post(
    '/api/auth/verify',
    {
      config: {
        permission: 'public',
        errors: {
          400: [
            `The email is missing ("${SIGN_IN_CODE_NEEDS_EMAIL}") or the code is not 6 digits.`,
            {
              code: 'INVALID_CODE',
              meaning:
                'A wrong code (it says how many tries are left), or none is live: expired (10 minutes), used, or never asked for.',
            },
            { code: 'TOO_MANY_ATTEMPTS', meaning: 'The fifth wrong code: this code is over, a new one is needed.' },
          ],
          403: {
            code: 'ACCOUNT_DEACTIVATED',
            meaning: 'The right code of an account deactivated since it was mailed.',
          },
        },
      },
      schema: {
        tags,
        summary: 'Sign in with a mailed code',
        description:
          '`{ email, code }`: the code works once, within 10 minutes, and allows 5 wrong tries. The right code ' +
          'signs in as a password does: the session cookie and `{ user }`, audited as `sign_in` (`after.method` ' +
          '`email_code`); for an account with two-factor sign-in it answers `{ twoFactorRedirect: true }` with ' +
          'the two-factor cookie, and the sign-in ends with `/api/auth/two-factor/verify-totp` or ' +
          '`/verify-backup-code`. A wrong code is audited as `sign_in_failed`.',
        body: signInWithCodeSchema,
        response: { 200: signInAnswerSchema },
      },
    },
    async (request, reply) => {
      const context = requestContext(request);
      const userId = await checkSignInCode(db, secret, request.body, context);
      const response = await auth.api.signInWithCheckedCode({
        body: { userId },
        headers: webHeaders(request),
        asResponse: true,
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      const answer = signInAnswerSchema.parse(await response.json());
      // Two-factor sign-in: no session yet; audited once the second step is verified.
      if ('twoFactorRedirect' in answer) return answer;
      await insertAudit(db, {
        actorId: userId,
        action: 'sign_in',
        recordType: 'user',
        recordId: userId,
        after: { method: 'email_code' },
        ...context,
      });
      // The session lives in the httpOnly cookie; the browser never needs the raw token.
      return { user: answer.user };
    },
  );
}
