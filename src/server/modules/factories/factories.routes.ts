import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createFactorySchema, factorySchema } from '../../../common/contracts/factories';
import type { Database } from '../../db/client';
import { actorOf } from '../../http/guard';
import { createFactory } from './factories.service';

export async function factoryRoutes(app: FastifyInstance, opts: { db: Database }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/factories',
    {
      config: { permission: 'factory-management' },
      schema: {
        tags: ['factories'],
        summary: 'Create a factory',
        body: createFactorySchema,
        response: { 201: factorySchema },
      },
    },
    async (request, reply) => {
      const factory = await createFactory(opts.db, actorOf(request), request.body);
      return reply.status(201).send(factory);
    },
  );
}
