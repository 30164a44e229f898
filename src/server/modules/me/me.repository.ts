import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/auth';
import { profiles } from '../../db/schema/core';

export interface AccountRow {
  email: string;
  name: string;
  twoFactorEnabled: boolean;
}

/** The signed-in user's own account: email, profile name (else the account name), two-factor state. */
export async function findAccountRow(db: Executor, userId: string, lock = false): Promise<AccountRow | null> {
  const query = db
    .select({
      email: users.email,
      name: sql<string>`coalesce(${profiles.name}, ${users.name})`,
      twoFactorEnabled: users.twoFactorEnabled,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  const [row] = lock ? await query.for('update', { of: users }) : await query;
  return row ?? null;
}

/** The name lives on the profile (spec "profiles.name") and on better-auth's user row. */
export async function updateOwnName(db: Executor, userId: string, name: string): Promise<void> {
  const now = new Date();
  await db.update(users).set({ name, updatedAt: now }).where(eq(users.id, userId));
  await db
    .insert(profiles)
    .values({ id: userId, name, createdBy: userId, updatedBy: userId })
    .onConflictDoUpdate({ target: profiles.id, set: { name, updatedAt: now, updatedBy: userId } });
}
