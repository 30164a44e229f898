/**
 * better-auth mounted at /api/auth/*, wrapped for what it does not do our way:
 * - POST /api/auth/sign-in/email takes any address a browser accepts (admin@localhost too) and
 *   signs in through better-auth's username endpoint, whose username is the email column;
 * - the spec §5 message for missing credentials, one message for unknown email and wrong password;
 * - the limits on guessing passwords and codes (sign-in-limits.ts, decision 0012), with clear 429s;
 * - two-factor sign-in: a user with TOTP gets `{ twoFactorRedirect: true }` and a short-lived
 *   two-factor cookie instead of a session; the session comes from /two-factor/verify-totp or
 *   /two-factor/verify-backup-code (spec event MFA_CHALLENGE_VERIFIED);
 * - audit rows for sign-in, failed sign-in, sign-out, the two-factor challenge and its set-up;
 * - one way to change the password and the name (/api/me/*): better-auth's own endpoints are closed;
 * - the inactivity rule on every other auth endpoint;
 * - errors in our `{ error: { code, message } }` shape.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MESSAGES } from '../../../common/constants';
import { ACCOUNT_AUDIT_ACTIONS } from '../../../common/contracts/account';
import { SIGN_IN_EMAIL_PATTERN } from '../../../common/contracts/users';
import { BETTER_AUTH_SIGN_IN_PATH, DEVICE_COOKIE, type Auth } from '../../auth/auth';
import type { SessionResolver } from '../../auth/session';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError, errors } from '../../http/errors';
import { webHeaders, webRequest } from '../../http/web-request';
import { verifyPassword } from '../../auth/password';
import { insertAudit } from '../audit/audit.repository';
import { findSignInState, findUserEmail } from '../users/users.repository';
import { claimSignInCode, findTwoFactorEnabled, releaseSignInCode } from './auth.repository';
import { deleteAttempt, settleAttempt, type AttemptKey, type SignInOutcome } from './sign-in-attempts.repository';
import {
  beginAttempt,
  newDeviceCookie,
  readDeviceCookie,
  waitInWords,
  type Refusal,
  type SignInLimits,
} from './sign-in-limits';

const BASE = '/api/auth';
const SIGN_IN_PATH = `${BASE}/sign-in/email`;
/** The account a two-factor attempt without a live challenge is counted against (it cannot succeed). */
const NO_CHALLENGE = 'no sign-in challenge';
export const INVALID_CREDENTIALS = 'Invalid email or password';
export const ACCOUNT_DEACTIVATED = 'This account is deactivated. Please contact your administrator.';

const signInResultSchema = z.object({ user: z.object({ id: z.string(), email: z.string() }) });
const twoFactorRedirectSchema = z.object({ twoFactorRedirect: z.literal(true) });
const totpBodySchema = z.object({ code: z.string().min(1).max(20) });
/** The TOTP code a sign-in challenge offers for the user; null when the body has none (better-auth refuses it). */
function totpClaim(userId: string, body: unknown): { userId: string; code: string } | null {
  const parsed = totpBodySchema.safeParse(body);
  return parsed.success ? { userId, code: parsed.data.code } : null;
}

export const CODE_ALREADY_USED =
  'This code was already used to sign in. Wait for the next code in your authenticator app and enter that one.';

const TWO_FACTOR = `${BASE}/two-factor`;
/** The sign-in challenge (and, with a session, the confirmation that turns TOTP on). */
const CHALLENGE_PATHS: Record<string, 'totp' | 'backup_code'> = {
  [`${TWO_FACTOR}/verify-totp`]: 'totp',
  [`${TWO_FACTOR}/verify-backup-code`]: 'backup_code',
};
/** better-auth endpoints replaced by ours (/api/me/password, /api/me/profile), so changes are audited. */
const CLOSED_PATHS = new Set([
  `${BASE}/change-password`,
  `${BASE}/update-user`,
  `${BASE}/change-email`,
  // It would tell anyone whether an email has an account (issue 21).
  `${BASE}/is-username-available`,
  // Password recovery is ours (/api/auth/recover, recovery.routes.ts).
  `${BASE}/request-password-reset`,
  `${BASE}/reset-password`,
]);
/** better-auth's two-factor messages in words a person can act on. */
const TWO_FACTOR_MESSAGES: Record<string, string> = {
  INVALID_CODE: 'The verification code is not correct. Check your authenticator app and try again.',
  INVALID_BACKUP_CODE: 'This backup code is not correct or was already used.',
  INVALID_TWO_FACTOR_COOKIE: 'Your sign-in has expired. Please sign in again with your email and password.',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'Too many wrong codes. Please sign in again with your email and password.',
  TOTP_ALREADY_ENABLED: 'Two-factor sign-in is already on.',
  INVALID_PASSWORD: 'The password is not correct.',
};
const betterAuthErrorSchema = z.object({ message: z.string().optional(), code: z.string().optional() });

/** The path with its %-escapes decoded (a closed endpoint however spelled); itself when malformed. */
function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

interface Forwarded {
  status: number;
  text: string;
}

export async function authRoutes(
  app: FastifyInstance,
  opts: { auth: Auth; resolveSession: SessionResolver; db: Database; config: Config; secret: string },
) {
  const { auth, resolveSession, db, config, secret } = opts;
  const limits: SignInLimits = {
    perAddressPerMinute: config.signInRateLimitPerMinute,
    perAccount: config.signInFailuresPerEmail,
  };

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
    const code = parsed.code ?? 'AUTH_ERROR';
    return new AppError(
      result.status,
      code,
      TWO_FACTOR_MESSAGES[code] ?? (parsed.message || 'The request could not be completed.'),
    );
  }

  function auditContext(request: FastifyRequest) {
    return { ipAddress: request.ip, userAgent: request.headers['user-agent'] ?? null };
  }

  const addressLimited = () =>
    errors.rateLimited('Too many sign-in attempts from this address. Please wait a minute and try again.');

  /** A refusal of the limits on guessing: 429 with Retry-After. */
  function refused(reply: FastifyReply, refusal: Refusal): AppError {
    reply.header('retry-after', String(Math.ceil(refusal.retryAfterMs / 1000)));
    if (refusal.scope === 'address') return addressLimited();
    return errors.rateLimited(
      `Too many failed sign-in attempts for this account. Please wait ${waitInWords(refusal.retryAfterMs)} and try again.`,
    );
  }

  /**
   * Runs `check` as one attempt the limits count: recorded first (or refused, 429), then settled
   * with the outcome `check` reports; an attempt that ended without one (an error) is forgotten.
   * A sign-in that succeeds on a browser without a device cookie gives it one.
   */
  async function attempt<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    account: string,
    step: 'password' | 'code',
    check: (settle: (outcome: Exclude<SignInOutcome, 'pending'>) => Promise<void>) => Promise<T>,
  ): Promise<T> {
    const cookie = parseCookieHeader(request.headers.cookie ?? '').get(DEVICE_COOKIE);
    const key: AttemptKey = { account, address: request.ip, device: readDeviceCookie(secret, cookie) };
    const begun = await beginAttempt(db, key, step, limits);
    if ('scope' in begun) throw refused(reply, begun);
    let settled = false;
    const settle = async (outcome: Exclude<SignInOutcome, 'pending'>) => {
      settled = true;
      if (outcome === 'signed_in' && !key.device) {
        const device = newDeviceCookie(secret, config.publicUrl.startsWith('https://'));
        const cookies = reply.getHeader('set-cookie');
        reply.header('set-cookie', [
          ...(Array.isArray(cookies) ? cookies : cookies ? [String(cookies)] : []),
          device.header,
        ]);
        return settleAttempt(db, begun.id, outcome, device.id);
      }
      return settleAttempt(db, begun.id, outcome);
    };
    try {
      return await check(settle);
    } finally {
      if (!settled) await deleteAttempt(db, begun.id);
    }
  }

  /** A wrong password (or a deactivated account's), audited against the email. */
  function signInFailed(request: FastifyRequest, email: string) {
    return insertAudit(db, {
      actorId: null,
      action: 'sign_in_failed',
      recordType: 'sign_in',
      recordId: email,
      ...auditContext(request),
    });
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
    const signedIn = await attempt(request, reply, email, 'password', async (settle) => {
      const wrong = async () => {
        await settle('failed');
        await signInFailed(request, email);
        return new AppError(401, 'INVALID_EMAIL_OR_PASSWORD', INVALID_CREDENTIALS);
      };
      // A deactivated account is refused, but only to someone who knows its password.
      const state = await findSignInState(db, email);
      if (state && !state.active) {
        const known = state.passwordHash ? await verifyPassword({ hash: state.passwordHash, password }) : false;
        if (!known) throw await wrong();
        await settle('passed');
        throw new AppError(403, 'ACCOUNT_DEACTIVATED', ACCOUNT_DEACTIVATED);
      }

      const result = await forward(request, reply, {
        path: `${BASE}${BETTER_AUTH_SIGN_IN_PATH}`,
        body: { username: email, password, rememberMe },
      });
      if (result.status === 429) throw addressLimited();
      if (result.status === 401) throw await wrong();
      if (result.status !== 200) throw asError(result);
      const answer = JSON.parse(result.text) as Record<string, unknown>;
      // Two-factor sign-in: the password was right; the sign-in ends with the code.
      await settle(twoFactorRedirectSchema.safeParse(answer).success ? 'passed' : 'signed_in');
      return answer;
    });
    // Two-factor sign-in: no session yet, only the two-factor cookie; audited once the code is verified.
    if (twoFactorRedirectSchema.safeParse(signedIn).success) {
      return reply.type('application/json').send(JSON.stringify({ twoFactorRedirect: true }));
    }
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

  /** A 429 from better-auth's rate limiter in our words; the two-factor lock keeps its own message. */
  function failure(result: Forwarded): AppError {
    const error = asError(result);
    if (result.status === 429 && error.code === 'AUTH_ERROR') {
      return errors.rateLimited('Too many requests. Please wait a minute and try again.');
    }
    return error;
  }

  /** Body of a successful verify answer without the raw session token (it lives in the httpOnly cookie). */
  function withoutToken(text: string): { body: string; userId: string } {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    delete parsed.token;
    return { body: JSON.stringify(parsed), userId: signInResultSchema.parse(parsed).user.id };
  }

  /** The second step of signing in: a code for the user named by the two-factor cookie. */
  async function twoFactorChallenge(request: FastifyRequest, reply: FastifyReply, method: 'totp' | 'backup_code') {
    const challengedUserId = await challengeUserId(request);
    const account = (challengedUserId && (await findUserEmail(db, challengedUserId))) || NO_CHALLENGE;
    const failed = (reason: string) =>
      insertAudit(db, {
        actorId: challengedUserId,
        action: ACCOUNT_AUDIT_ACTIONS.mfaChallengeFailed,
        recordType: 'user',
        recordId: challengedUserId,
        after: { method, reason },
        ...auditContext(request),
      });
    const result = await attempt(request, reply, account, 'code', async (settle) => {
      // A TOTP code signs in once: one seen (say, over a shoulder) is refused while it still verifies.
      const claim = method === 'totp' && challengedUserId ? totpClaim(challengedUserId, request.body) : null;
      if (claim && (await claimSignInCode(db, claim.userId, claim.code)) === 'used') {
        await settle('failed');
        await failed('CODE_ALREADY_USED');
        throw new AppError(401, 'CODE_ALREADY_USED', CODE_ALREADY_USED);
      }
      const answer = await forward(request, reply);
      if (answer.status >= 400) {
        if (claim) await releaseSignInCode(db, claim.userId, claim.code);
        if (answer.status === 401 || answer.status === 400 || answer.status === 429) {
          await settle('failed');
          await failed(asError(answer).code);
        }
        throw failure(answer);
      }
      await settle('signed_in');
      return answer;
    });
    const { body, userId } = withoutToken(result.text);
    for (const action of [ACCOUNT_AUDIT_ACTIONS.signIn, ACCOUNT_AUDIT_ACTIONS.mfaChallengeVerified]) {
      await insertAudit(db, {
        actorId: userId,
        action,
        recordType: 'user',
        recordId: userId,
        ...(action === ACCOUNT_AUDIT_ACTIONS.mfaChallengeVerified ? { after: { method } } : {}),
        ...auditContext(request),
      });
    }
    return reply.type('application/json').send(body);
  }

  /** A signed-in user's first code, which turns two-factor sign-in on (better-auth renews the session). */
  async function confirmTwoFactor(request: FastifyRequest, reply: FastifyReply, userId: string) {
    const wasEnabled = await findTwoFactorEnabled(db, userId);
    const result = await forward(request, reply);
    if (result.status >= 400) throw failure(result);
    if (!wasEnabled && (await findTwoFactorEnabled(db, userId))) {
      await insertAudit(db, {
        actorId: userId,
        action: ACCOUNT_AUDIT_ACTIONS.twoFactorEnabled,
        recordType: 'user',
        recordId: userId,
        before: { twoFactorEnabled: false },
        after: { twoFactorEnabled: true },
        ...auditContext(request),
      });
    }
    return reply.type('application/json').send(withoutToken(result.text).body);
  }

  /** Who the pending two-factor challenge is for (for the audit of a failed code), from its cookie. */
  async function challengeUserId(request: FastifyRequest): Promise<string | null> {
    const context = await auth.$context;
    const name = context.createAuthCookie('two_factor').name;
    const raw = parseCookieHeader(request.headers.cookie ?? '').get(name);
    // A signed cookie is `value.signature`; the value is a random identifier better-auth stored.
    const identifier = raw?.slice(0, raw.lastIndexOf('.'));
    if (!identifier) return null;
    const found = await context.internalAdapter.findVerificationValue(identifier);
    return found && found.expiresAt > new Date() ? found.value : null;
  }

  app.route({
    method: ['GET', 'POST'],
    url: `${BASE}/*`,
    config: {
      permission: 'public',
      errors: {
        400: [
          'Sign-in without an email or a password (the message "You must provide either an email or phone number and a password", `details.fieldErrors` naming what is missing), or with an email that is not an address.',
          { code: 'INVALID_PASSWORD', meaning: 'Two-factor set-up with a wrong password.' },
          {
            code: 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE',
            meaning: 'The sign-in challenge ended after five wrong codes: sign in again.',
          },
        ],
        401: [
          {
            code: 'INVALID_EMAIL_OR_PASSWORD',
            meaning: 'An unknown email or a wrong password (one message for both).',
          },
          { code: 'INVALID_CODE', meaning: 'A wrong two-factor code.' },
          {
            code: 'CODE_ALREADY_USED',
            meaning: 'A TOTP code that already signed this user in: each code signs in once.',
          },
          { code: 'INVALID_BACKUP_CODE', meaning: 'A wrong or already used backup code.' },
          { code: 'INVALID_TWO_FACTOR_COOKIE', meaning: 'The sign-in challenge expired: sign in again.' },
          { code: 'UNAUTHORIZED', meaning: 'A two-factor set-up endpoint without a session.' },
        ],
        403: { code: 'ACCOUNT_DEACTIVATED', meaning: 'Sign-in to a deactivated account with its right password.' },
        404: "A closed endpoint: `/update-user`, `/change-password`, `/change-email`, `/sign-in/username`, or better-auth's password reset (`/request-password-reset`, `/reset-password`: use `/api/auth/recover`).",
        429: 'With `Retry-After`: too many failed sign-ins from this address (`SIGN_IN_RATE_LIMIT_PER_MINUTE`, 10 a minute by default, wrong passwords and wrong two-factor codes alike; sign-ins that succeeded are not counted), too many failed sign-ins of this account from this client (`SIGN_IN_FAILURES_PER_EMAIL`, 5 in 15 minutes by default, then waits of 1 minute doubling up to 15; the client is a browser where the account signed in before, by its `stove_device` cookie, else the address), guessing of this account from many addresses (four times as many; browsers where it signed in are let through), or too many requests (decision 0012).',
      },
      success: {
        status: 200,
        mediaType: 'application/json',
        description: "better-auth's answer, without raw session tokens.",
      },
    },
    schema: {
      tags: ['auth'],
      summary: 'Sign-in, two-factor sign-in, sign-out and the session (better-auth)',
      description:
        'better-auth, mounted under `/api/auth/`, answers its own JSON. The endpoints in use: `POST ' +
        '/api/auth/sign-in/email` `{ email, password, rememberMe? }` signs in (any address a browser ' +
        'accepts, `admin@localhost` too) and answers `{ user, … }` with the session cookie, or `{ ' +
        'twoFactorRedirect: true }` and a short-lived two-factor cookie when the account has two-factor ' +
        'sign-in; the session then comes from `POST /api/auth/two-factor/verify-totp` `{ code }` or ' +
        '`/verify-backup-code` `{ code }` (the sign-in challenge: five wrong codes end it). With a ' +
        'session: `POST /api/auth/two-factor/enable` `{ password }` (then `/verify-totp` with the first ' +
        'code turns it on), `/disable` `{ password }` and `/generate-backup-codes` `{ password }`; `POST ' +
        '/api/auth/sign-out`; `GET /api/auth/get-session` and `/list-sessions` (without the raw session ' +
        'tokens, which stay in the httpOnly cookie). Sign-in, failed sign-ins, sign-out, the ' +
        'two-factor challenge and its set-up are audited; every endpoint but sign-in sees an idle session ' +
        'as gone. Sign-up, `/update-user`, `/change-password` and `/change-email` are closed (use ' +
        '`/api/me/*`), as are `/is-username-available` and the username sign-in that `/sign-in/email` goes through. Any other refusal ' +
        "keeps better-auth's status and code, in our error shape.",
    },
    handler: async (request, reply) => {
      const path = new URL(request.url, config.publicUrl).pathname;
      if (path === SIGN_IN_PATH && request.method === 'POST') return signIn(request, reply);
      // One way to sign in: the username endpoint is only reached through SIGN_IN_PATH.
      if (path === `${BASE}${BETTER_AUTH_SIGN_IN_PATH}`)
        throw errors.notFound(`No such endpoint: ${request.method} ${path}`);

      if (CLOSED_PATHS.has(decodedPath(path)) || decodedPath(path).startsWith(`${BASE}/reset-password/`))
        throw errors.notFound(`No such endpoint: ${request.method} ${path}`);

      // Every other auth endpoint sees an idle session as gone.
      const session = await resolveSession(webHeaders(request));
      const userId = session.status === 'active' ? session.value.user.id : null;
      if (path === `${BASE}/sign-out` && userId) {
        await insertAudit(db, {
          actorId: userId,
          action: 'sign_out',
          recordType: 'user',
          recordId: userId,
          ...auditContext(request),
        });
      }
      const method = CHALLENGE_PATHS[path];
      if (method && request.method === 'POST') {
        return userId ? confirmTwoFactor(request, reply, userId) : twoFactorChallenge(request, reply, method);
      }

      const result = await forward(request, reply);
      if (result.status >= 400) throw failure(result);
      if (userId && request.method === 'POST') {
        const action =
          path === `${TWO_FACTOR}/disable`
            ? ACCOUNT_AUDIT_ACTIONS.twoFactorDisabled
            : path === `${TWO_FACTOR}/generate-backup-codes`
              ? ACCOUNT_AUDIT_ACTIONS.backupCodesRegenerated
              : null;
        if (action)
          await insertAudit(db, {
            actorId: userId,
            action,
            recordType: 'user',
            recordId: userId,
            ...auditContext(request),
          });
      }
      return reply.send(SESSION_ANSWERS.has(path) ? withoutSessionTokens(result.text) : result.text);
    },
  });
}

/** Answers that carry sessions: better-auth puts each session's raw token in them. */
const SESSION_ANSWERS = new Set([`${BASE}/get-session`, `${BASE}/list-sessions`]);

/**
 * A session answer without the raw session tokens: they live in the httpOnly cookie, out of reach of
 * page JavaScript (and of a script injected into a page), as sign-in's answer already is.
 */
function withoutSessionTokens(text: string): string {
  const parsed = JSON.parse(text) as unknown;
  const strip = (session: unknown) => {
    if (session && typeof session === 'object') delete (session as Record<string, unknown>).token;
  };
  if (Array.isArray(parsed)) parsed.forEach(strip);
  else if (parsed && typeof parsed === 'object') strip((parsed as { session?: unknown }).session);
  return JSON.stringify(parsed);
}

function parseCookieHeader(header: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    try {
      cookies.set(part.slice(0, at).trim(), decodeURIComponent(part.slice(at + 1).trim()));
    } catch {
      // A malformed cookie is ignored.
    }
  }
  return cookies;
}
