import { and, eq, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { twoFactors, users } from '../../db/schema/auth';

/** Whether the user has two-factor sign-in turned on (confirmed with a first code). */
export async function findTwoFactorEnabled(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, userId));
  return row?.on ?? false;
}

/**
 * Longer than a TOTP code verifies: better-auth accepts the code of the step before and after the
 * current one (30 s each), so a code verifies for at most 90 s.
 */
const SIGN_IN_CODE_REUSE_WINDOW = sql`interval '2 minutes'`;

/**
 * Claims a TOTP code for one sign-in of the user, atomically: `claimed` unless the same code was
 * claimed within the window (`used`), or the user has no TOTP (`none`). Two sign-ins racing with
 * one code: the second waits for the first's row lock, then finds the code claimed.
 */
export async function claimSignInCode(
  db: Executor,
  userId: string,
  code: string,
): Promise<'claimed' | 'used' | 'none'> {
  const [claimed] = await db
    .update(twoFactors)
    .set({ lastSignInCode: code, lastSignInCodeAt: sql`now()` })
    .where(
      and(
        eq(twoFactors.userId, userId),
        or(
          isNull(twoFactors.lastSignInCode),
          ne(twoFactors.lastSignInCode, code),
          lte(twoFactors.lastSignInCodeAt, sql`now() - ${SIGN_IN_CODE_REUSE_WINDOW}`),
        ),
      ),
    )
    .returning({ id: twoFactors.id });
  if (claimed) return 'claimed';
  const [row] = await db.select({ id: twoFactors.id }).from(twoFactors).where(eq(twoFactors.userId, userId));
  return row ? 'used' : 'none';
}

/**
 * Gives back a claimed code that did not sign in (a wrong one, an expired challenge). No other
 * sign-in holds the same code meanwhile: within the window a second claim of it is refused.
 */
export async function releaseSignInCode(db: Executor, userId: string, code: string): Promise<void> {
  await db
    .update(twoFactors)
    .set({ lastSignInCode: null, lastSignInCodeAt: null })
    .where(and(eq(twoFactors.userId, userId), eq(twoFactors.lastSignInCode, code)));
}
