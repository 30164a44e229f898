import { eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { ListProfilesQuery } from '../../../common/contracts/profiles';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/auth';
import { factories, profiles } from '../../db/schema/core';
import {
  afterCursor,
  containsPattern,
  countCapped,
  orderBy,
  whereAll,
  type Cursor,
  type SortSpec,
} from '../../http/list';

/** The profile's name, else the account's (never null). */
const displayName = sql<string>`coalesce(${profiles.name}, ${users.name})`;

export interface ProfileRow {
  id: string;
  email: string;
  name: string;
  phone: string | null;
  jobTitle: string | null;
  factoryId: string | null;
  factoryCode: string | null;
  factoryName: string | null;
}

type ProfileFilters = Omit<ListProfilesQuery, 'limit' | 'cursor'>;

export const PROFILE_SORTS: Record<ListProfilesQuery['sort'], SortSpec<ProfileRow>> = {
  name: { column: displayName, value: (r) => r.name },
  email: { column: users.email, value: (r) => r.email },
};

function filtersWhere(f: ProfileFilters): SQL | undefined {
  if (!f.q) return undefined;
  const pattern = containsPattern(f.q);
  return or(
    ilike(profiles.name, pattern),
    ilike(users.name, pattern),
    ilike(users.email, pattern),
    ilike(profiles.phone, pattern),
    ilike(profiles.jobTitle, pattern),
  );
}

function selectProfiles(db: Executor) {
  return db
    .select({
      id: profiles.id,
      email: users.email,
      name: displayName,
      phone: profiles.phone,
      jobTitle: profiles.jobTitle,
      factoryId: factories.id,
      factoryCode: factories.code,
      factoryName: factories.name,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .leftJoin(factories, eq(factories.id, profiles.factoryId));
}

export function listProfileRows(
  db: Executor,
  f: ProfileFilters,
  cursor: Cursor | null,
  limit: number,
): Promise<ProfileRow[]> {
  const sort = PROFILE_SORTS[f.sort].column;
  return selectProfiles(db)
    .where(whereAll(filtersWhere(f), afterCursor(sort, profiles.id, f.dir, cursor)))
    .orderBy(...orderBy(sort, profiles.id, f.dir))
    .limit(limit);
}

export function countProfiles(db: Executor, f: ProfileFilters) {
  return countCapped(db, sql`${profiles} inner join ${users} on ${users.id} = ${profiles.id}`, filtersWhere(f));
}

export async function findProfileRow(db: Executor, id: string): Promise<ProfileRow | null> {
  const [row] = await selectProfiles(db).where(eq(profiles.id, id));
  return row ?? null;
}

export async function lockProfile(db: Executor, id: string): Promise<boolean> {
  const rows = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, id)).for('update');
  return rows.length > 0;
}

export async function updateProfileRow(
  db: Executor,
  id: string,
  values: Partial<Pick<typeof profiles.$inferInsert, 'name' | 'phone' | 'jobTitle' | 'updatedBy'>>,
): Promise<void> {
  await db
    .update(profiles)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(profiles.id, id));
}

/** The account's name follows the profile's (better-auth shows users.name). */
export async function updateAccountName(db: Executor, id: string, name: string): Promise<void> {
  await db.update(users).set({ name, updatedAt: new Date() }).where(eq(users.id, id));
}
