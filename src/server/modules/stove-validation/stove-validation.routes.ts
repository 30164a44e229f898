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
import { sendJsonText } from '../../http/list';
import { approveStoveIds, validateStoveIds } from './stove-validation.service';

const tags = ['stove-ids'];
const config = { permission: 'validate-stove-ids' } as const;
const TARGET = {
  400: 'A global user naming a factory that does not exist (`details.fieldErrors.factoryId`).',
  403: 'A factory-scoped user without a factory.',
};

export async function stoveValidationRoutes(app: FastifyInstance, opts: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.post(
    '/api/stove-ids/validate',
    {
      config: { ...config, errors: TARGET },
      schema: {
        tags,
        summary: 'A verdict per stove ID of a list, in order, and the count of each verdict',
        description:
          'Checks a pasted, scanned or uploaded list (at most 100,000 codes) against a factory, changing ' +
          'nothing: each code, in order, gets a verdict: pass (coupled at that factory: can be approved), ' +
          'unknown, malformed, bad check digit, duplicate in the list, wrong factory, or its status (in ' +
          'stock, validated, sold, in transit, void), with the code of the factory it is at; and the count ' +
          'of each verdict. Factory-scoped users check against their own factory whatever `factoryId` says; ' +
          'a global user may name one, or none (any factory).',
        body: validateStoveIdsSchema,
        response: { 200: validationResultSchema },
      },
    },
    // Sent as JSON.stringify writes it, without zod's encode: a validation pass over the 100,000
    // items the service has just built to the schema's type (issue 24). The API tests check the
    // answer against validationResultSchema.
    async (request, reply) =>
      sendJsonText(reply, { json: JSON.stringify(await validateStoveIds(db, actorOf(request), request.body)) }),
  );

  r.post(
    '/api/stove-ids/approve',
    {
      config: {
        ...config,
        errors: { ...TARGET, 409: 'Some IDs do not pass: `details.problems` names each with its verdict.' },
      },
      schema: {
        tags,
        summary: 'Approve coupled stove IDs as validated (all or nothing; 409 lists the IDs that do not pass)',
        description:
          'Approves the coupled IDs as `validated` (at most 100,000 codes; repeats are ignored), each with ' +
          'a history event; audited. All or nothing: when any code does not pass (as `POST ' +
          '/api/stove-ids/validate` would say), nothing is approved.',
        body: approveStoveIdsSchema,
        response: { 200: approveResultSchema },
      },
    },
    async (request) => approveStoveIds(db, actorOf(request), request.body),
  );
}
