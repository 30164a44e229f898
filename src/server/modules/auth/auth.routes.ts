/**
 * better-auth mounted at /api/auth/*, wrapped for what it does not do our way:
 * - POST /api/auth/sign-in/email takes any address a browser accepts (admin@localhost too) and
 *   signs in through better-auth's username endpoint, whose username is the email column;
 * - the spec §5 message for missing credentials, one message for unknown email and wrong password;
 * - a per-email limit on failed sign-ins and clear 429 messages;
 * - audit rows for sign-in, failed sign-in and sign-out;
 * - the inactivity rule on every other auth endpoint;
 * - errors in our `{ error: { code, message } }` shape.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MESSAGES } from '../../../common/constants';
import { SIGN_IN_EMAIL_PATTERN } from '../../../common/contracts/users';
import { BETTER_AUTH_SIGN_IN_PATH, type Auth } from '../../auth/auth';
import { resolveSession } from '../../auth/session';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError, errors } from '../../http/errors';
import { webHeaders, webRequest } from '../../http/web-request';
import { verifyPassword } from '../../auth/password';
import { countAuditSince, insertAudit } from '../audit/audit.repository';
import { findSignInState } from '../users/users.repository';

const BASE = '/api/auth';
const SIGN_IN_PATH = `${BASE}/sign-in/email`;
const FAILED_SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const INVALID_CREDENTIALS = 'Invalid email or password';
export const ACCOUNT_DEACTIVATED = 'This account is deactivated. Please contact your administrator.';

const signInResultSchema = z.object({ user: z.object({ id: z.string(), email: z.string() }) });
const betterAuthErrorSchema = z.object({ message: z.string().optional(), code: z.string().optional() });

interface Forwarded {
  status: number;
  text: string;
}

export async function authRoutes(app: FastifyInstance, opts: { auth: Auth; db: Database; config: Config }) {
  const { auth, db, config } = opts;

  /** Runs the request through better-auth and copies its status, headers and cookies onto the reply. */
  async function forward(request: FastifyRequest, reply: FastifyReply, override?: { path: string; body: unknown }) {
    const response = await auth.handler(webRequest(request, config.publicUrl, override));
    reply.status(response.status);
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    return { status: response.status, text: await response.text() } satisfies Forwarded;
  }

  /** better-auth's `{ message, code }` errors in our shape. */
  function asError(result: Forwarded): AppError {
    let parsed: z.infer<typeof betterAuthErrorSchema> = {};
    try {
      parsed = betterAuthErrorSchema.parse(JSON.parse(result.text));
    } catch {
      // Not JSON: keep the generic message.
    }
    return new AppError(
      result.status,
      parsed.code ?? 'AUTH_ERROR',
      parsed.message || 'The request could not be completed.',
    );
  }

  function auditContext(request: FastifyRequest) {
    return { ipAddress: request.ip, userAgent: request.headers['user-agent'] ?? null };
  }

  async function signIn(request: FastifyRequest, reply: FastifyReply) {
    const raw =
      typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>) : {};
    const email = typeof raw.email === 'string' ? raw.email.trim().toLowerCase() : '';
    const password = typeof raw.password === 'string' ? raw.password : '';
    const rememberMe = typeof raw.rememberMe === 'boolean' ? raw.rememberMe : undefined;
    if (!email || !password) {
      throw errors.validation(MESSAGES.credentialsRequired, {
        ...(email ? {} : { email: ['Enter your email.'] }),
        ...(password ? {} : { password: ['Enter your password.'] }),
      });
    }
    if (!SIGN_IN_EMAIL_PATTERN.test(email) || email.length > 254) {
      throw errors.validation('Enter a valid email address.', { email: ['Enter a valid email address.'] });
    }
    const since = new Date(Date.now() - FAILED_SIGN_IN_WINDOW_MS);
    if ((await countAuditSince(db, 'sign_in_failed', email, since)) >= config.signInFailuresPerEmail) {
      throw errors.rateLimited(
        'Too many failed sign-in attempts for this account. Please wait 15 minutes and try again.',
      );
    }

    // A deactivated account is refused, but only to someone who knows its password.
    const state = await findSignInState(db, email);
    if (state && !state.active) {
      const known = state.passwordHash ? await verifyPassword({ hash: state.passwordHash, password }) : false;
      if (known) throw new AppError(403, 'ACCOUNT_DEACTIVATED', ACCOUNT_DEACTIVATED);
      await insertAudit(db, { actorId: null, action: 'sign_in_failed', recordType: 'sign_in', recordId: email, ...auditContext(request) });
      throw new AppError(401, 'INVALID_EMAIL_OR_PASSWORD', INVALID_CREDENTIALS);
    }

    const result = await forward(request, reply, {
      path: `${BASE}${BETTER_AUTH_SIGN_IN_PATH}`,
      body: { username: email, password, rememberMe },
    });
    if (result.status === 429) {
      throw errors.rateLimited('Too many sign-in attempts from this address. Please wait a minute and try again.');
    }
    if (result.status === 401) {
      await insertAudit(db, {
        actorId: null,
        action: 'sign_in_failed',
        recordType: 'sign_in',
        recordId: email,
        ...auditContext(request),
      });
      throw new AppError(401, 'INVALID_EMAIL_OR_PASSWORD', INVALID_CREDENTIALS);
    }
    if (result.status !== 200) throw asError(result);

    const signedIn = JSON.parse(result.text) as Record<string, unknown>;
    // The session lives in the httpOnly cookie; the browser never needs the raw token.
    delete signedIn.token;
    const user = signInResultSchema.parse(signedIn).user;
    await insertAudit(db, {
      actorId: user.id,
      action: 'sign_in',
      recordType: 'user',
      recordId: user.id,
      ...auditContext(request),
    });
    return reply.type('application/json').send(JSON.stringify(signedIn));
  }

  app.route({
    method: ['GET', 'POST'],
    url: `${BASE}/*`,
    config: { permission: 'public' },
    handler: async (request, reply) => {
      const path = new URL(request.url, config.publicUrl).pathname;
      if (path === SIGN_IN_PATH && request.method === 'POST') return signIn(request, reply);
      // One way to sign in: the username endpoint is only reached through SIGN_IN_PATH.
      if (path === `${BASE}${BETTER_AUTH_SIGN_IN_PATH}`)
        throw errors.notFound(`No such endpoint: ${request.method} ${path}`);

      // Every other auth endpoint sees an idle session as gone.
      const session = await resolveSession(auth, db, webHeaders(request));
      if (path === `${BASE}/sign-out` && session.status === 'active') {
        await insertAudit(db, {
          actorId: session.value.user.id,
          action: 'sign_out',
          recordType: 'user',
          recordId: session.value.user.id,
          ...auditContext(request),
        });
      }
      const result = await forward(request, reply);
      if (result.status === 429) throw errors.rateLimited('Too many requests. Please wait a minute and try again.');
      if (result.status >= 400) throw asError(result);
      return reply.send(result.text);
    },
  });
}
