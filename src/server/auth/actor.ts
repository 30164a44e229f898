/** The signed-in user as every route sees it: groups, effective permissions and factory scope. */
import {
  effectivePermissions,
  isComponent,
  isGlobalUser,
  isGroup,
  type Group,
  type Permission,
} from '../../common/permissions';
import type { Executor } from '../db/client';
import { findActorRow, type ActorRow } from './actor.repository';

export interface Actor {
  userId: string;
  email: string;
  sessionId: string;
  name: string | null;
  groups: Group[];
  permissions: Set<Permission>;
  factory: ActorRow['factory'];
  /** Sees all factories (DOMAIN.md §2). */
  isGlobal: boolean;
}

export async function loadActor(
  db: Executor,
  user: { id: string; email: string },
  sessionId: string,
): Promise<Actor | null> {
  const row = await findActorRow(db, user.id);
  // A deactivated user is signed out everywhere; a session that slipped through is refused too.
  if (!row?.active) return null;
  const groups = row.groups.filter(isGroup);
  return {
    userId: user.id,
    email: user.email,
    sessionId,
    name: row.name,
    groups,
    permissions: effectivePermissions(groups, row.components.filter(isComponent)),
    factory: row.factory,
    isGlobal: isGlobalUser(groups),
  };
}
