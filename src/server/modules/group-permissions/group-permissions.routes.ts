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
      schema: { tags, summary: 'The group × component base access table', response: { 200: groupPermissionsSchema } },
    },
    async () => getGroupPermissions(db),
  );

  r.put(
    '/api/group-permissions',
    {
      config,
      schema: {
        tags,
        summary: 'Grant or revoke one component for one group (Admin group only)',
        body: setGroupPermissionSchema,
        response: { 200: groupPermissionsSchema },
      },
    },
    async (request) => setGroupPermission(db, actorOf(request), request.body),
  );
}
