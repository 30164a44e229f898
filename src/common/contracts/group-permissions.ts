import { z } from 'zod';
import { COMPONENTS, GROUPS } from '../permissions';

const grantSchema = z.object({ group: z.enum(GROUPS), component: z.enum(COMPONENTS) });

/** GET /api/group-permissions: the group × component base access table (DOMAIN.md §3). */
export const groupPermissionsSchema = z.object({
  groups: z.array(z.enum(GROUPS)),
  components: z.array(z.enum(COMPONENTS)),
  grants: z.array(grantSchema),
});
export type GroupPermissions = z.infer<typeof groupPermissionsSchema>;

/** PUT /api/group-permissions: grant or revoke one component for one group (Admin only). */
export const setGroupPermissionSchema = grantSchema.extend({ granted: z.boolean() });
export type SetGroupPermission = z.infer<typeof setGroupPermissionSchema>;
