import type { GroupPermissions, SetGroupPermission } from '../../../common/contracts/group-permissions';
import { COMPONENTS, GROUPS } from '../../../common/permissions';
import type { Actor } from '../../auth/actor';
import type { Database, Executor } from '../../db/client';
import { errors } from '../../http/errors';
import { insertAudit } from '../audit/audit.repository';
import { deleteGrant, insertGrant, listGrantRows } from './group-permissions.repository';

export async function getGroupPermissions(db: Executor): Promise<GroupPermissions> {
  return { groups: [...GROUPS], components: [...COMPONENTS], grants: await listGrantRows(db) };
}

/**
 * Grants or revokes one component for one group. Only a member of the Admin group may; the Admin group
 * always keeps user-management (or nobody could undo the change). Actors are loaded on every request,
 * so the change applies to the group's users from their next request.
 */
export async function setGroupPermission(
  db: Database,
  actor: Actor,
  input: SetGroupPermission,
): Promise<GroupPermissions> {
  if (!actor.groups.includes('Admin')) {
    throw errors.forbidden('Only a member of the Admin group can change group permissions.');
  }
  if (input.group === 'Admin' && input.component === 'user-management' && !input.granted) {
    throw errors.conflict('The Admin group always keeps user-management; otherwise nobody could manage users.');
  }
  return db.transaction(async (tx) => {
    const changed = input.granted
      ? await insertGrant(tx, input.group, input.component, actor.userId)
      : await deleteGrant(tx, input.group, input.component);
    if (changed) {
      await insertAudit(tx, {
        actorId: actor.userId,
        action: 'permission_change',
        recordType: 'group_permission',
        recordId: `${input.group}:${input.component}`,
        before: { group: input.group, component: input.component, granted: !input.granted },
        after: { group: input.group, component: input.component, granted: input.granted },
      });
    }
    return getGroupPermissions(tx);
  });
}
