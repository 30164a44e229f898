/** The signed-in user as every route sees it: groups, effective permissions and factory scope. */
import {
  effectivePermissions,
  isComponent,
  isGlobalUser,
  isGroup,
  type Group,
  type Permission,
} from '../../common/permissions';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client';
import { ACTOR_COLUMNS, ACTOR_JOINS, type ActorRow } from './actor.repository';
import type { ResolvedSession } from './session';

export interface Actor {
  userId: string;
  email: string;
  sessionId: string;
  name: string | null;
  groups: Group[];
  permissions: Set<Permission>;
  factory: ActorRow['factory'];
  /** The zone of the user's days and times: their factory's, else the company's. */
  timeZone: string;
  /** The company's zone, which factories without their own follow. */
  companyTimeZone: string;
  /** Sees all factories (DOMAIN.md §2). */
  isGlobal: boolean;
}

/** The actor of a resolved session; null for a deactivated user (signed out everywhere, and refused). */
export function actorOf(resolved: ResolvedSession): Actor | null {
  const row = resolved.actor;
  if (!row.active) return null;
  const groups = row.groups.filter(isGroup);
  return {
    userId: resolved.user.id,
    email: resolved.user.email,
    sessionId: resolved.session.id,
    name: row.name,
    groups,
    permissions: effectivePermissions(groups, row.components.filter(isComponent)),
    factory: row.factory,
    timeZone: row.timeZone,
    companyTimeZone: row.companyTimeZone,
    isGlobal: isGlobalUser(groups),
  };
}

/**
 * The actor of a user without a request (demo data and scripts act as a named person); null for
 * an unknown or deactivated user.
 */
export async function loadActor(db: Executor, userId: string): Promise<Actor | null> {
  const [row] = await queryRows<ActorRow & { email: string }>(
    db,
    sql`select u.email, ${ACTOR_COLUMNS}
          from users u
          ${ACTOR_JOINS}
         where u.id = ${userId}`,
  );
  if (!row) return null;
  const { email, ...actor } = row;
  return actorOf({
    user: { id: userId, email },
    session: { id: 'script', lastActiveAt: new Date(), expiresAt: new Date() },
    actor,
  });
}
