import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createdUserSchema, createUserSchema } from '../../../common/contracts/users';
import type { Database } from '../../db/client';
import { actorOf } from '../../http/guard';
import { createUser } from './users.service';

export async function userRoutes(app: FastifyInstance, opts: { db: Database }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/users',
    {
      config: { permission: 'user-management' },
      schema: {
        tags: ['users'],
        summary: 'Create a user who signs in with email and password',
        body: createUserSchema,
        response: { 201: createdUserSchema },
      },
    },
    async (request, reply) => {
      const user = await createUser(opts.db, actorOf(request), request.body);
      return reply.status(201).send(user);
    },
  );
}
