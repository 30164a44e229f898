import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase, type Database } from '../../db/client';

const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['ok', 'unreachable']) });

export async function healthRoutes(app: FastifyInstance, opts: { db: Database }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (request, reply) => {
      try {
        await pingDatabase(opts.db);
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'unavailable', database: 'unreachable' });
      }
    },
  );
}
