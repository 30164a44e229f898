import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createFactorySchema,
  exportFactoriesQuerySchema,
  factoryListSchema,
  factoryOptionsSchema,
  factorySchema,
  listFactoriesQuerySchema,
  updateFactorySchema,
} from '../../../common/contracts/factories';
import type { Database } from '../../db/client';
import { actorOf } from '../../http/guard';
import { sendCsv } from '../../http/list';
import {
  createFactory,
  exportFactories,
  factoryOptions,
  listFactories,
  setFactoryActive,
  updateFactory,
} from './factories.service';

const tags = ['factories'];
const params = z.object({ id: z.string().uuid('Not a factory id') });
const config = { permission: 'factory-management' } as const;

export async function factoryRoutes(app: FastifyInstance, opts: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/api/factories',
    {
      config,
      schema: {
        tags,
        summary: 'List factories',
        querystring: listFactoriesQuerySchema,
        response: { 200: factoryListSchema },
      },
    },
    async (request) => listFactories(db, request.query),
  );

  r.get(
    '/api/factories/export.csv',
    {
      config,
      schema: { tags, summary: 'Export the filtered factories as CSV', querystring: exportFactoriesQuerySchema },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        'factories.csv',
        [
          { header: 'Code', value: (f) => f.code },
          { header: 'Name', value: (f) => f.name },
          { header: 'Kind', value: (f) => f.kind },
          { header: 'Location', value: (f) => f.location },
          { header: 'Active', value: (f) => (f.active ? 'yes' : 'no') },
          { header: 'Created', value: (f) => f.createdAt },
        ],
        exportFactories(db, request.query),
      ),
  );

  r.get(
    '/api/factories/options',
    {
      config: { permission: 'authenticated' },
      schema: { tags, summary: 'Every factory, for selects and filters', response: { 200: factoryOptionsSchema } },
    },
    async () => ({ items: await factoryOptions(db) }),
  );

  r.post(
    '/api/factories',
    {
      config,
      schema: { tags, summary: 'Create a factory', body: createFactorySchema, response: { 201: factorySchema } },
    },
    async (request, reply) => reply.status(201).send(await createFactory(db, actorOf(request), request.body)),
  );

  r.patch(
    '/api/factories/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Change a factory',
        params,
        body: updateFactorySchema,
        response: { 200: factorySchema },
      },
    },
    async (request) => updateFactory(db, actorOf(request), request.params.id, request.body),
  );

  r.post(
    '/api/factories/:id/deactivate',
    { config, schema: { tags, summary: 'Deactivate a factory', params, response: { 200: factorySchema } } },
    async (request) => setFactoryActive(db, actorOf(request), request.params.id, false),
  );

  r.post(
    '/api/factories/:id/reactivate',
    { config, schema: { tags, summary: 'Reactivate a factory', params, response: { 200: factorySchema } } },
    async (request) => setFactoryActive(db, actorOf(request), request.params.id, true),
  );
}
