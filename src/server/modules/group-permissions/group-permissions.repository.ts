import { and, asc, eq } from 'drizzle-orm';
import type { Component, Group } from '../../../common/permissions';
import type { Executor } from '../../db/client';
import { groupPermissions } from '../../db/schema/core';

export function listGrantRows(db: Executor): Promise<{ group: Group; component: Component }[]> {
  return db
    .select({ group: groupPermissions.group, component: groupPermissions.component })
    .from(groupPermissions)
    .orderBy(asc(groupPermissions.group), asc(groupPermissions.component));
}

/** Grants the component; false when it was already granted. */
export async function insertGrant(db: Executor, group: Group, component: Component, by: string): Promise<boolean> {
  const rows = await db
    .insert(groupPermissions)
    .values({ group, component, updatedBy: by })
    .onConflictDoNothing()
    .returning({ group: groupPermissions.group });
  return rows.length > 0;
}

/** Revokes the component; false when it was not granted. */
export async function deleteGrant(db: Executor, group: Group, component: Component): Promise<boolean> {
  const rows = await db
    .delete(groupPermissions)
    .where(and(eq(groupPermissions.group, group), eq(groupPermissions.component, component)))
    .returning({ group: groupPermissions.group });
  return rows.length > 0;
}
