import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activitySessionIdSchema,
  pingActivitySessionSchema,
  upsertActivitySessionSchema,
} from '../../../common/contracts/activity-sessions';
import type { Database } from '../../db/client';
import { actorOf } from '../../http/guard';
import { finishActivitySession, recordActivity, startActivitySession } from './activity-sessions.service';

const params = z.object({ id: activitySessionIdSchema });
const tags = ['activity-sessions'];

export async function activitySessionRoutes(app: FastifyInstance, opts: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: 'authenticated' } as const;

  r.post(
    '/api/activity-sessions',
    {
      config,
      schema: { tags, summary: 'Start or resume the tracking record of this tab', body: upsertActivitySessionSchema },
    },
    async (request, reply) => {
      await startActivitySession(opts.db, actorOf(request), request.body, request.ip);
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/activity-sessions/:id/ping',
    {
      config,
      schema: {
        tags,
        summary: 'Record that this tab is open (and whether the user was active)',
        params,
        body: pingActivitySessionSchema,
      },
    },
    async (request, reply) => {
      await recordActivity(opts.db, actorOf(request), request.params.id, request.body);
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/activity-sessions/:id/end',
    { config, schema: { tags, summary: 'End the tracking record of this tab', params } },
    async (request, reply) => {
      await finishActivitySession(opts.db, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
