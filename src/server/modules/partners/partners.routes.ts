import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvImportRequestSchema, csvImportResultSchema } from '../../../common/contracts/list';
import {
  exportPartnersQuerySchema,
  partnerInputSchema,
  listPartnersQuerySchema,
  PARTNER_CSV_COLUMNS,
  partnerListSchema,
  partnerSchema,
  updatePartnerSchema,
  type Partner,
} from '../../../common/contracts/partners';
import type { Database } from '../../db/client';
import { actorOf } from '../../http/guard';
import { sendCsv } from '../../http/list';
import { activationRoutes } from '../../http/master-data-routes';
import {
  createPartner,
  exportPartners,
  importPartners,
  listPartners,
  setPartnerActive,
  updatePartner,
} from './partners.service';

const tags = ['partners'];
const params = z.object({ id: z.string().uuid('Not a partner id') });
const config = { permission: 'customer-management' } as const;

export async function partnerRoutes(app: FastifyInstance, opts: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/api/partners',
    {
      config,
      schema: {
        tags,
        summary: 'List partners/customers',
        querystring: listPartnersQuerySchema,
        response: { 200: partnerListSchema },
      },
    },
    async (request) => listPartners(db, request.query),
  );

  r.get(
    '/api/partners/export.csv',
    {
      config,
      schema: {
        tags,
        summary: 'Export the filtered partners as CSV (the import format)',
        querystring: exportPartnersQuerySchema,
      },
    },
    async (request, reply) => {
      const pages = async function* () {
        yield* exportPartners(db, request.query);
      };
      return sendCsv<Partner>(
        reply,
        'partners.csv',
        [
          ...PARTNER_CSV_COLUMNS.map((c) => ({
            header: c.header,
            value: (p: Partner) =>
              c.field === 'defaultSalesCategory' ? (p.defaultSalesCategory?.code ?? null) : p[c.field],
          })),
          { header: 'Active', value: (p: Partner) => (p.active ? 'yes' : 'no') },
        ],
        pages(),
      );
    },
  );

  r.post(
    '/api/partners/import',
    {
      config,
      schema: {
        tags,
        summary: 'Preview (dryRun) or import partners from CSV',
        body: csvImportRequestSchema,
        response: { 200: csvImportResultSchema },
      },
    },
    async (request) => importPartners(db, actorOf(request), request.body.csv, request.body.dryRun),
  );

  r.post(
    '/api/partners',
    {
      config,
      schema: { tags, summary: 'Create a partner', body: partnerInputSchema, response: { 201: partnerSchema } },
    },
    async (request, reply) => reply.status(201).send(await createPartner(db, actorOf(request), request.body)),
  );

  r.patch(
    '/api/partners/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Change a partner',
        params,
        body: updatePartnerSchema,
        response: { 200: partnerSchema },
      },
    },
    async (request) => updatePartner(db, actorOf(request), request.params.id, request.body),
  );

  activationRoutes(r, {
    config,
    tags,
    params,
    response: partnerSchema,
    deactivate: { url: '/api/partners/:id/deactivate', summary: 'Deactivate a partner' },
    reactivate: { url: '/api/partners/:id/reactivate', summary: 'Reactivate a partner' },
    setActive: (actor, id, active) => setPartnerActive(db, actor, id, active),
  });
}
