import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  companyTimeZoneSchema,
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
import { activationRoutes } from '../../http/master-data-routes';
import {
  createFactory,
  exportFactories,
  factoryOptions,
  listFactories,
  setCompanyTimeZone,
  setFactoryActive,
  updateFactory,
} from './factories.service';

const tags = ['factories'];
const params = z.object({ id: z.string().uuid('Not a factory id') });
const config = { permission: 'factory-management' } as const;
const NO_FACTORY = 'No factory with this id.';
const CODE_TAKEN = 'A factory with this code already exists (`details.fieldErrors.code`).';

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
        description:
          'The factories, sorted by name, code, kind or creation. `q` searches the name and the code; ' +
          'filters `kind` (plant, assembly, both) and `active`.',
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
      schema: {
        tags,
        summary: 'Export the filtered factories as CSV',
        description:
          'The factories of `GET /api/factories` with the same search, filters and sort, as CSV: code, ' +
          'name, kind, location, time zone ("Company default" when it follows the company\'s), active and created.',
        querystring: exportFactoriesQuerySchema,
      },
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
          { header: 'Time zone', value: (f) => f.timeZone ?? 'Company default' },
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
      schema: {
        tags,
        summary: 'Every factory, for selects and filters',
        description:
          'Every factory, active or not (id, name, code, kind, active, own time zone or null), by name, for ' +
          'selects and filters.',
        response: { 200: factoryOptionsSchema },
      },
    },
    async () => ({ items: await factoryOptions(db) }),
  );

  r.post(
    '/api/factories',
    {
      config: { ...config, errors: { 409: CODE_TAKEN } },
      schema: {
        tags,
        summary: 'Create a factory',
        description:
          'Creates a factory: a name, a code (2-10 letters or digits, upper-cased, unique), a kind (`plant` ' +
          'makes kits, `assembly` couples stoves, `both`), an optional location and an optional IANA time zone ' +
          "(`timeZone`, e.g. `Africa/Nairobi`; absent or null: the company's). Audited. Answers 201.",
        body: createFactorySchema,
        response: { 201: factorySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createFactory(db, actorOf(request), request.body)),
  );

  r.patch(
    '/api/factories/:id',
    {
      config: { ...config, errors: { 404: NO_FACTORY, 409: CODE_TAKEN } },
      schema: {
        tags,
        summary: 'Change a factory',
        description:
          'Changes any of the name, code, kind, location and time zone (`null` removes either: the time zone ' +
          "then follows the company's); at least one. Audited with the factory before and after.",
        params,
        body: updateFactorySchema,
        response: { 200: factorySchema },
      },
    },
    async (request) => updateFactory(db, actorOf(request), request.params.id, request.body),
  );

  r.put(
    '/api/company/time-zone',
    {
      config,
      schema: {
        tags,
        summary: "Set the company's time zone",
        description:
          "The IANA time zone (`Africa/Nairobi`) whose calendar the company's days follow: every factory " +
          'without its own zone counts "today", months and the "not in the future" rule of its records in it, ' +
          "and users without a factory see times in it. Set on the first start to the server's zone (`TZ`). " +
          'Audited. `GET /api/me` answers the current one (`companyTimeZone`).',
        body: companyTimeZoneSchema,
        response: { 200: companyTimeZoneSchema },
      },
    },
    async (request) => setCompanyTimeZone(db, actorOf(request), request.body.timeZone),
  );

  activationRoutes(r, {
    config,
    tags,
    params,
    response: factorySchema,
    deactivate: {
      url: '/api/factories/:id/deactivate',
      summary: 'Deactivate a factory',
      description:
        'Deactivates a factory: nothing new can be recorded at it (stove IDs, reports, orders, stock entries, ' +
        'users), its history stays. Audited.',
      errors: { 404: NO_FACTORY, 409: 'The factory is already deactivated.' },
    },
    reactivate: {
      url: '/api/factories/:id/reactivate',
      summary: 'Reactivate a factory',
      description: 'Reactivates a factory. Audited.',
      errors: { 404: NO_FACTORY, 409: 'The factory is already active.' },
    },
    setActive: (actor, id, active) => setFactoryActive(db, actor, id, active),
  });
}
