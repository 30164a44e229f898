/** better-auth: email + password, no sign-up, argon2id, database rate limiting, 12-hour sessions, TOTP two-factor. */
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor, username } from 'better-auth/plugins';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, SESSION_MAX_AGE_MS } from '../../common/constants';
import { RECOVERY_LINK_MINUTES } from '../../common/contracts/recovery';
import { SIGN_IN_EMAIL_PATTERN } from '../../common/contracts/users';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { accounts, rateLimits, sessions, twoFactors, users, verifications } from '../db/schema/auth';
import { hashPassword, verifyPassword } from './password';
import { signInCode } from './sign-in-code-plugin';

/**
 * better-auth's /sign-in/email refuses addresses without a dot in the domain (admin@localhost),
 * so our /api/auth/sign-in/email hands the credentials to its username sign-in; `users.username`
 * is a generated column equal to the email (see modules/auth/auth.routes.ts).
 */
export const BETTER_AUTH_SIGN_IN_PATH = '/sign-in/username';

/** The header the server sets from the address Fastify saw; a client-sent one is overwritten. */
export const CLIENT_IP_HEADER = 'x-client-ip';

/**
 * Our signed device cookie (modules/auth/sign-in-limits.ts): a browser where an account signed in.
 * better-auth never sees it (web-request.ts), so a client that keeps it is not taken for one that
 * sends a session cookie without an Origin.
 */
export const DEVICE_COOKIE = 'stove_device';

/** The name authenticator apps show next to the account. */
export const TWO_FACTOR_ISSUER = 'Stove Back Office';

/** Requests per client address and path: a flood is refused, no person's work is. */
const FLOOD_CAP = { window: 60, max: 300 };

export function createAuth(db: Database, config: Config, secret: string) {
  return betterAuth({
    appName: 'Stove Back Office',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: rateLimits,
        twoFactor: twoFactors,
      },
    }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      password: { hash: hashPassword, verify: verifyPassword },
      // Password recovery (modules/auth/recovery.service.ts) writes the links and mails them itself;
      // better-auth's resetPassword consumes a link once and ends every session of the user.
      resetPasswordTokenExpiresIn: RECOVERY_LINK_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
    },
    // A recovery link's token is stored hashed: the table does not hold working links.
    verification: { storeIdentifier: { default: 'plain', overrides: { 'reset-password:': 'hashed' } } },
    session: {
      // Absolute lifetime; idleness is enforced on every request (see session.ts).
      expiresIn: SESSION_MAX_AGE_MS / 1000,
      disableSessionRefresh: true,
      additionalFields: {
        lastActiveAt: { type: 'date', required: false, input: false, defaultValue: () => new Date() },
      },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      ...FLOOD_CAP,
      customRules: {
        // Sign-in by password and by two-factor code: our routes limit the failed attempts per address
        // (SIGN_IN_RATE_LIMIT_PER_MINUTE, auth.routes.ts), not every attempt, so a shift signing in
        // behind one router is not refused. better-auth's own rules for these paths (3 in 10 s) give
        // way to the flood cap; failed codes are also capped per challenge (5) and per account (10,
        // then a 15-minute lock) by the two-factor plugin.
        [BETTER_AUTH_SIGN_IN_PATH]: FLOOD_CAP,
        '/two-factor/*': FLOOD_CAP,
      },
    },
    trustedOrigins: (request) => {
      const origins: string[] = [config.publicUrl, ...config.trustedOrigins];
      const own = request ? requestOrigin(request.headers) : null;
      if (own) origins.push(own);
      return origins;
    },
    advanced: {
      // Keep better-auth's origin/CSRF checks on everywhere: it turns them off by default when NODE_ENV=test.
      disableOriginCheck: false,
      database: { generateId: 'uuid' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
    },
    plugins: [
      username({
        displayUsername: false,
        minUsernameLength: 3,
        maxUsernameLength: 254,
        usernameValidator: (value) => SIGN_IN_EMAIL_PATTERN.test(value),
      }),
      twoFactor({ issuer: TWO_FACTOR_ISSUER }),
      signInCode(),
    ],
    logger: { disabled: config.env === 'test', level: 'warn' },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The origin this request was addressed to (scheme from x-forwarded-proto only when set by our server). */
export function requestOrigin(headers: Headers): string | null {
  const host = headers.get('host');
  if (!host) return null;
  const proto = headers.get('x-forwarded-proto') ?? 'http';
  return `${proto}://${host}`;
}
