/** Which groups hold a permission by default (DOMAIN.md §3 base access plus the spec §6 overrides). */
import { expect } from 'vitest';
import {
  COMPONENTS,
  DEFAULT_BASE_ACCESS,
  effectivePermissions,
  GROUPS,
  type Group,
  type Permission,
} from '../../common/permissions';
import { createTestContext } from './test-app';

function hasByDefault(group: Group, permission: Permission): boolean {
  const base = COMPONENTS.filter((c) => DEFAULT_BASE_ACCESS[c].includes(group));
  return effectivePermissions([group], base).has(permission);
}

/** Every group whose members hold `permission` by default. */
export function groupsWith(permission: Permission): Group[] {
  return GROUPS.filter((g) => hasByDefault(g, permission));
}

/** Every group whose members lack `permission` by default. */
export function groupsWithout(permission: Permission): Group[] {
  return GROUPS.filter((g) => !hasByDefault(g, permission));
}

/** One request of an endpoint list, as the authorization tests send it (the signed-in cookie is added). */
export interface EndpointRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: Record<string, unknown>;
}

/**
 * Expects 403 from every request for a member of every group that lacks `permission` by default,
 * each signed in at a factory, in a database of its own (no other test's change to a group's
 * access counts). `groupCount` pins how many groups that is, so a change to the defaults shows.
 */
export async function expectForbiddenToGroupsWithout(
  permission: Permission,
  groupCount: number,
  requests: readonly EndpointRequest[],
): Promise<void> {
  const fresh = await createTestContext();
  try {
    const factory = await fresh.makeFactory();
    const groups = groupsWithout(permission);
    expect(groups).toHaveLength(groupCount);
    for (const group of groups) {
      const user = await fresh.signedInAs([group], { factoryId: factory.id });
      for (const e of requests) {
        expect((await fresh.request({ ...e, cookie: user.cookie })).statusCode, `${group} ${e.url}`).toBe(403);
      }
    }
  } finally {
    await fresh.close();
  }
}
