import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase, type Database } from '../../db/client';
import { migrationStatus } from '../../db/migrations';

const aliveSchema = z.object({ status: z.literal('ok') });
const readySchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['ok', 'unreachable', 'not migrated']),
  migrations: z.object({ applied: z.number().int(), expected: z.number().int() }).optional(),
});

export async function healthRoutes(app: FastifyInstance, opts: { db: Database }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/api/health',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness',
        description:
          'Whether the server process runs and answers, without touching the database: 200 with ' +
          '`{ status: "ok" }`. For a process supervisor or a container\'s health check; a load balancer ' +
          'asks `GET /api/ready`.',
        response: { 200: aliveSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  routes.get(
    '/api/ready',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database is reachable and migrated',
        description:
          'Whether this server can serve requests, for a load balancer: 200 with `{ status: "ready", ' +
          'database: "ok", migrations }` when the database answers and has every migration this server ' +
          'has; 503 with `status: "unavailable"` and `database: "unreachable"` or `"not migrated"` otherwise.',
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (request, reply) => {
      let migrations;
      try {
        await pingDatabase(opts.db);
        migrations = await migrationStatus(opts.db);
      } catch (err) {
        request.log.error({ err }, 'readiness: database unreachable');
        return reply.status(503).send({ status: 'unavailable', database: 'unreachable' });
      }
      if (migrations.applied < migrations.expected) {
        return reply.status(503).send({ status: 'unavailable', database: 'not migrated', migrations });
      }
      return { status: 'ready' as const, database: 'ok' as const, migrations };
    },
  );
}
