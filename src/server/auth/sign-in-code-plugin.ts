/**
 * The session of a sign-in by mailed code (modules/auth/sign-in-code.service.ts checks the code).
 *
 * A server-only better-auth endpoint: never on the HTTP router, only called by our POST
 * /api/auth/verify once the code was right. It starts the session as a password sign-in does, and
 * for an account with two-factor sign-in it starts the second step instead: the same short-lived
 * two-factor cookie and challenge rows the two-factor plugin writes after a password, so
 * /two-factor/verify-totp and /verify-backup-code end the sign-in as they do after a password.
 *
 * better-auth's email-otp plugin is not used: its sign-in does not go through the two-factor step
 * (the two-factor plugin only answers password and phone sign-ins), it refuses addresses without a
 * dot in the domain (admin@localhost), cannot queue the mail in the code's transaction, and knows
 * nothing of deactivated accounts.
 */
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';

/** The two-factor plugin's cookie and how long its challenge lasts (its defaults). */
const TWO_FACTOR_COOKIE_NAME = 'two_factor';
const TWO_FACTOR_COOKIE_MAX_AGE_S = 600;

export function signInCode() {
  return {
    id: 'sign-in-code',
    endpoints: {
      signInWithCheckedCode: createAuthEndpoint.serverOnly(
        { method: 'POST', body: z.object({ userId: z.string() }) },
        async (ctx) => {
          const found = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
          if (!found) throw new Error('sign-in code for a user that does not exist');
          const user = found as typeof found & { twoFactorEnabled?: boolean | null };
          if (user.twoFactorEnabled) {
            const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE_NAME, {
              maxAge: TWO_FACTOR_COOKIE_MAX_AGE_S,
            });
            const identifier = `2fa-${randomBytes(15).toString('base64url')}`;
            const expiresAt = new Date(Date.now() + TWO_FACTOR_COOKIE_MAX_AGE_S * 1000);
            await ctx.context.internalAdapter.createVerificationValue({ value: user.id, identifier, expiresAt });
            await ctx.context.internalAdapter.createVerificationValue({
              value: '0',
              identifier: `2fa-attempts-${identifier}`,
              expiresAt,
            });
            await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);
            return ctx.json({ twoFactorRedirect: true as const });
          }
          const session = await ctx.context.internalAdapter.createSession(user.id);
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ token: session.token, user: { id: user.id, email: user.email, name: user.name } });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
