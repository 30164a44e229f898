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
import { NO_CONTENT } from '../../http/api-docs';
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
        description:
          'The productivity targets (stoves per coupler per day, working hours per day), each from its ' +
          "effective day: the default's (for every factory without its own), then each factory's, newest " +
          "first, each `scheduled` (starts after today), `in_force` (its scope's target today) or `past` " +
          '(replaced); and `today`, the UTC day this was judged on. Factory-scoped readers see the default ' +
          "and their own factory's.",
        response: { 200: productivityTargetListSchema },
      },
    },
    async (request) => listTargets(db, actorOf(request)),
  );

  r.post(
    '/api/productivity/targets',
    {
      config: {
        ...settings,
        errors: {
          400: 'An unknown or deactivated factory (`details.fieldErrors.factoryId`).',
          403: 'A factory-scoped user naming another factory than their own, or the default.',
          409: 'The scope already has a target from that day (`details.fieldErrors.effectiveFrom`).',
        },
      },
      schema: {
        tags,
        summary: 'Add a target from an effective date (default or one factory; one per scope and day)',
        description:
          'Adds a target from an effective day: the default (`factoryId` null, for every factory without ' +
          "its own; only users who see every factory may) or one active factory's (a factory-scoped user: " +
          'their own). One target per scope and day. Targets are never changed: a new one from a later day ' +
          'replaces it. Audited.',
        body: createProductivityTargetSchema,
        response: { 201: productivityTargetSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createTarget(db, actorOf(request), request.body)),
  );

  r.delete(
    '/api/productivity/targets/:id',
    {
      config: {
        ...settings,
        errors: {
          403: 'A factory-scoped user deleting the default target.',
          404: "No such target, or it is another factory's than the caller's.",
          409: 'The target has started already.',
        },
        success: NO_CONTENT,
      },
      schema: {
        tags,
        summary: 'Delete a target that has not started yet (started ones are history)',
        description:
          'Deletes a target that starts after today; one that has started is history and stays (add a new ' +
          'one from a later day instead). Audited.',
        params,
      },
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
        description:
          'Productivity from `from` to `to` (both included) by `period` (`day`: at most 92 days, `week`: ' +
          '371, `month`: 731; ISO weeks from Monday): per factory and per coupler, per period and over the ' +
          'range, the stoves coupled (submitted stove reports), couplers present, worker-hours, target (the ' +
          "target in force each day, a factory's own else the default, × couplers present; per coupler × " +
          'the days they reported), attainment and stoves per worker-hour; the totals and their trend. ' +
          '`null` where there is no daily report or target. Factory-scoped users get their own factory.',
        querystring: productivityTrackerQuerySchema,
        response: { 200: productivityTrackerSchema },
      },
    },
    async (request) => productivityTracker(db, actorOf(request), request.query),
  );
}
