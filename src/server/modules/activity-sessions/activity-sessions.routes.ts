import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activitySessionIdSchema,
  pingActivitySessionSchema,
  upsertActivitySessionSchema,
} from '../../../common/contracts/activity-sessions';
import type { Database } from '../../db/client';
import { NO_CONTENT } from '../../http/api-docs';
import { actorOf } from '../../http/guard';
import { finishActivitySession, recordActivity, startActivitySession } from './activity-sessions.service';

const params = z.object({ id: activitySessionIdSchema });
const tags = ['activity-sessions'];
const OWN_ID = "The id does not start with the caller's user id (`details.fieldErrors.id`).";
const NO_OPEN_RECORD = 'The caller has no open tracking record with this id (never started, or ended).';

export async function activitySessionRoutes(app: FastifyInstance, opts: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: 'authenticated', success: NO_CONTENT } as const;

  r.post(
    '/api/activity-sessions',
    {
      config: { ...config, errors: { 400: OWN_ID } },
      schema: {
        tags,
        summary: 'Start or resume the tracking record of this tab',
        description:
          'Session tracking: one record per signed-in browser tab, whose id is `<user id>-<timestamp>`. Creates ' +
          "the record, or reopens one of the caller's with this id, tied to the current session, with the " +
          "browser's user agent and IP address and the address the server saw.",
        body: upsertActivitySessionSchema,
      },
    },
    async (request, reply) => {
      await startActivitySession(opts.db, actorOf(request), request.body, request.ip);
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/activity-sessions/:id/ping',
    {
      config: { ...config, errors: { 400: OWN_ID, 404: NO_OPEN_RECORD } },
      schema: {
        tags,
        summary: 'Record that this tab is open (and whether the user was active)',
        description:
          "Marks the tab's record as seen now (who is online: a tab seen in the last 2 minutes). With " +
          "`active: true` (the user did something since the last ping) it also restarts the session's " +
          '15-minute inactivity timeout.',
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
    {
      config: { ...config, errors: { 400: OWN_ID, 404: NO_OPEN_RECORD } },
      schema: {
        tags,
        summary: 'End the tracking record of this tab',
        description: "Closes the tab's record (on sign-out or when the tab closes).",
        params,
      },
    },
    async (request, reply) => {
      await finishActivitySession(opts.db, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
