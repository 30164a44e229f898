import { and, count, eq } from 'drizzle-orm';
import type { Group } from '../../../common/permissions';
import type { Executor } from '../../db/client';
import { accounts, users } from '../../db/schema/auth';
import { profiles, userGroups } from '../../db/schema/core';

export async function findUserIdByEmail(db: Executor, email: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? null;
}

export async function countUsers(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

export interface NewUser {
  email: string;
  name: string;
  passwordHash: string;
  groups: Group[];
  factoryId: string | null;
  createdBy: string | null;
}

/** The user, the credential account better-auth signs in with, the profile and the groups. */
export async function insertUser(db: Executor, input: NewUser): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({ email: input.email, name: input.name, emailVerified: true })
    .returning({ id: users.id });
  if (!user) throw new Error('insert into users returned no row');
  await db.insert(accounts).values({
    userId: user.id,
    accountId: user.id,
    providerId: 'credential',
    password: input.passwordHash,
  });
  await db.insert(profiles).values({
    id: user.id,
    name: input.name,
    factoryId: input.factoryId,
    createdBy: input.createdBy,
    updatedBy: input.createdBy,
  });
  await db.insert(userGroups).values(input.groups.map((group) => ({ userId: user.id, group })));
  return user.id;
}

/** What sign-in needs to refuse a deactivated account: active flag and password hash. */
export async function findSignInState(
  db: Executor,
  email: string,
): Promise<{ userId: string; active: boolean; passwordHash: string | null } | null> {
  const [row] = await db
    .select({ userId: users.id, active: profiles.active, passwordHash: accounts.password })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, 'credential')))
    .where(eq(users.email, email));
  return row ?? null;
}
