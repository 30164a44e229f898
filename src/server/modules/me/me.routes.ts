import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { meResponseSchema, type MeResponse } from '../../../common/contracts/me';
import type { Actor } from '../../auth/actor';
import { actorOf } from '../../http/guard';

export function presentMe(actor: Actor): MeResponse {
  return {
    user: { id: actor.userId, email: actor.email },
    profile: { name: actor.name },
    groups: actor.groups,
    permissions: [...actor.permissions].sort(),
    factory: actor.factory,
    isGlobal: actor.isGlobal,
  };
}

export async function meRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/me',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['me'],
        summary: 'The signed-in user, groups, effective permissions and factory',
        response: { 200: meResponseSchema },
      },
    },
    async (request) => presentMe(actorOf(request)),
  );
}
