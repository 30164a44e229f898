import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/auth';

/** Whether the user has two-factor sign-in turned on (confirmed with a first code). */
export async function findTwoFactorEnabled(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, userId));
  return row?.on ?? false;
}
