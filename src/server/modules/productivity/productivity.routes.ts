import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createProductivityTargetSchema,
  productivityTargetListSchema,
  productivityTargetSchema,
  productivityTrackerQuerySchema,
  productivityTrackerSchema,
} from '../../../common/contracts/productivity';
import type { Database } from '../../db/client';
import { actorOf } from '../../http/guard';
import { createTarget, deleteTarget, listTargets } from './productivity-targets.service';
import { productivityTracker } from './productivity-tracker.service';

const tags = ['productivity'];
const params = z.object({ id: z.string().uuid('Not a target id') });
const settings = { permission: 'productivity-settings' } as const;

export async function productivityRoutes(app: FastifyInstance, opts: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/api/productivity/targets',
    {
      // The tracker shows the targets it compares with; the settings page edits them.
      config: { permission: ['productivity-settings', 'productivity-tracker'] },
      schema: {
        tags,
        summary: 'Targets: the default, then each factory; which one is in force today',
        response: { 200: productivityTargetListSchema },
      },
    },
    async (request) => listTargets(db, actorOf(request)),
  );

  r.post(
    '/api/productivity/targets',
    {
      config: settings,
      schema: {
        tags,
        summary: 'Add a target from an effective date (default or one factory; one per scope and day)',
        body: createProductivityTargetSchema,
        response: { 201: productivityTargetSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createTarget(db, actorOf(request), request.body)),
  );

  r.delete(
    '/api/productivity/targets/:id',
    {
      config: settings,
      schema: { tags, summary: 'Delete a target that has not started yet (started ones are history)', params },
    },
    async (request, reply) => {
      await deleteTarget(db, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  r.get(
    '/api/productivity/tracker',
    {
      config: { permission: 'productivity-tracker' },
      schema: {
        tags,
        summary: 'Coupled vs target, attainment and stoves per worker-hour per factory and coupler, by period',
        querystring: productivityTrackerQuerySchema,
        response: { 200: productivityTrackerSchema },
      },
    },
    async (request) => productivityTracker(db, actorOf(request), request.query),
  );
}
