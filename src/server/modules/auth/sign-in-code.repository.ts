/** Sign-in codes: one live code per email, a row of better-auth's verifications table. */
import { and, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { verifications } from '../../db/schema/auth';

/** What a code's row keeps: the account, the code's keyed hash (never the code) and the wrong tries. */
export interface StoredSignInCode {
  userId: string;
  codeHash: string;
  tries: number;
}

const identifierOf = (email: string) => `sign-in-code:${email}`;

/** Replaces any code of the email by this one. */
export async function replaceSignInCode(
  db: Executor,
  email: string,
  code: StoredSignInCode,
  expiresAt: Date,
): Promise<void> {
  await db.delete(verifications).where(eq(verifications.identifier, identifierOf(email)));
  await db.insert(verifications).values({ identifier: identifierOf(email), value: JSON.stringify(code), expiresAt });
}

/** The email's live code, its row locked until the transaction ends; null when none. */
export async function lockSignInCode(db: Executor, email: string): Promise<({ id: string } & StoredSignInCode) | null> {
  const [row] = await db
    .select({ id: verifications.id, value: verifications.value })
    .from(verifications)
    .where(and(eq(verifications.identifier, identifierOf(email)), gt(verifications.expiresAt, new Date())))
    .for('update');
  if (!row) return null;
  return { id: row.id, ...(JSON.parse(row.value) as StoredSignInCode) };
}

export async function updateSignInCodeTries(db: Executor, id: string, code: StoredSignInCode): Promise<void> {
  await db
    .update(verifications)
    .set({ value: JSON.stringify(code) })
    .where(eq(verifications.id, id));
}

export async function deleteSignInCode(db: Executor, id: string): Promise<void> {
  await db.delete(verifications).where(eq(verifications.id, id));
}
