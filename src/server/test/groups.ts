/** Which groups hold a permission by default (DOMAIN.md §3 base access plus the spec §6 overrides). */
import {
  COMPONENTS,
  DEFAULT_BASE_ACCESS,
  effectivePermissions,
  GROUPS,
  type Group,
  type Permission,
} from '../../common/permissions';

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
