import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { groupPermissionsSchema, setGroupPermissionSchema } from '../../../common/contracts/group-permissions';
import type { Database } from '../../db/client';
import { actorOf } from '../../http/guard';
import { getGroupPermissions, setGroupPermission } from './group-permissions.service';

const tags = ['group permissions'];
const config = { permission: 'user-management' } as const;

export async function groupPermissionRoutes(app: FastifyInstance, opts: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/api/group-permissions',
    {
      config,
      schema: {
        tags,
        summary: 'The group × component base access table',
        description:
          'Every group, every component (the permissions) and the grants: which group holds which ' +
          "component. A user's effective permissions are the components of all their groups.",
        response: { 200: groupPermissionsSchema },
      },
    },
    async () => getGroupPermissions(db),
  );

  r.put(
    '/api/group-permissions',
    {
      config: {
        ...config,
        errors: {
          403: 'The caller is not a member of the Admin group.',
          409: 'Revoking user-management from the Admin group (it always keeps it, or nobody could manage users).',
        },
      },
      schema: {
        tags,
        summary: 'Grant or revoke one component for one group (Admin group only)',
        description:
          'Grants (`granted: true`) or revokes one component for one group; only a member of the Admin ' +
          "group may. The change applies to the group's users from their next request, and is audited when " +
          'it changes anything. Answers the whole table.',
        body: setGroupPermissionSchema,
        response: { 200: groupPermissionsSchema },
      },
    },
    async (request) => setGroupPermission(db, actorOf(request), request.body),
  );
}
