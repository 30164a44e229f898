import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  approveResultSchema,
  approveStoveIdsSchema,
  validateStoveIdsSchema,
  validationResultSchema,
} from '../../../common/contracts/stove-ids';
import type { Database } from '../../db/client';
import { actorOf } from '../../http/guard';
import { approveStoveIds, validateStoveIds } from './stove-validation.service';

const tags = ['stove-ids'];
const config = { permission: 'validate-stove-ids' } as const;

export async function stoveValidationRoutes(app: FastifyInstance, opts: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.post(
    '/api/stove-ids/validate',
    {
      config,
      schema: {
        tags,
        summary: 'A verdict per stove ID of a list, in order, and the count of each verdict',
        body: validateStoveIdsSchema,
        response: { 200: validationResultSchema },
      },
    },
    async (request) => validateStoveIds(db, actorOf(request), request.body),
  );

  r.post(
    '/api/stove-ids/approve',
    {
      config,
      schema: {
        tags,
        summary: 'Approve coupled stove IDs as validated (all or nothing; 409 lists the IDs that do not pass)',
        body: approveStoveIdsSchema,
        response: { 200: approveResultSchema },
      },
    },
    async (request) => approveStoveIds(db, actorOf(request), request.body),
  );
}
