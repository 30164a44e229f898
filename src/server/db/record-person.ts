/**
 * A person a record names (who created it, voided it, sold it, decided it…), as lists, exports and
 * details show them: the account the record's column points to, and the name shown: the profile's
 * name, else the account's. Each role has its own table aliases, so one query may name several
 * people:
 *
 *   const creator = recordPerson('creator', stoveReports.createdBy);
 *   const columns = { createdById: stoveReports.createdBy, createdByName: creator.name, createdByEmail: creator.email };
 *   joinPerson(db.select(columns).from(stoveReports).$dynamic(), creator);
 *
 * The person's columns are null when the account is gone (see personRef).
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn, type PgSelect } from 'drizzle-orm/pg-core';
import { users } from './schema/auth';
import { profiles } from './schema/core';

export interface RecordPerson {
  /** The record's column that holds the person's user id. */
  by: AnyPgColumn;
  user: ReturnType<typeof aliasUsers>;
  profile: ReturnType<typeof aliasProfiles>;
  /** The name shown: the profile's, else the account's. */
  name: SQL<string | null>;
  email: ReturnType<typeof aliasUsers>['email'];
}

const aliasUsers = (role: string) => alias(users, role);
const aliasProfiles = (role: string) => alias(profiles, `${role}_profile`);

/** The person in `role` (the SQL alias of their account; `<role>_profile` for their profile), named by column `by`. */
export function recordPerson(role: string, by: AnyPgColumn): RecordPerson {
  const user = aliasUsers(role);
  const profile = aliasProfiles(role);
  return { by, user, profile, name: sql<string | null>`coalesce(${profile.name}, ${user.name})`, email: user.email };
}

/** The query with the person's account and profile left-joined (a record may name no one). */
export function joinPerson<Q extends PgSelect>(query: Q, person: RecordPerson) {
  return query
    .leftJoin(person.user, eq(person.user.id, person.by))
    .leftJoin(person.profile, eq(person.profile.id, person.by));
}
