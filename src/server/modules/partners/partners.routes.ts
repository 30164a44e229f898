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
const NO_PARTNER = 'No partner with this id.';
const CATEGORY_NOT_ACTIVE =
  'The default sales category is not an active one (`details.fieldErrors.defaultSalesCategoryId`).';
const NAME_TAKEN = 'A partner with this name already exists in this region (`details.fieldErrors.name`).';

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
        description:
          'The partners (customers), sorted by name, type, region or creation. `q` searches the name, contact ' +
          "person, phone, email and region; filters `type`, `active` and `region`. A partner's default sales " +
          'category is shown as `defaultSalesCategory`.',
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
        description:
          'The partners of `GET /api/partners` with the same search, filters and sort, as CSV in the import ' +
          'format: name, type, contact person, phone, email, region, address, notes, default sales category ' +
          '(by its code) and active (yes/no), so an export imports back.',
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
      config: {
        ...config,
        errors: {
          400: 'The CSV has no header line, more than 100,000 rows, or unknown columns (`details.fieldErrors.csv`).',
        },
      },
      schema: {
        tags,
        summary: 'Preview (dryRun) or import partners from CSV',
        description:
          "A CSV import `{ csv, dryRun }` (at most 20 MB; the first line names the columns, as the export's): " +
          "a dry run reports each row's errors (format, a name and region that exist already or repeat an " +
          "earlier line, a default sales category code that is not an active category's) and a preview of the " +
          'first 20 valid rows, writing nothing; otherwise every valid row is written in one transaction (the ' +
          "others are reported). Each partner written is audited. `columns` lists the preview's fields in order " +
          'with the label to show for each (its CSV header, as the partner form words it: `contactPerson` is ' +
          '"Contact person"); a row error\'s `field` is one of them.',
        body: csvImportRequestSchema,
        response: { 200: csvImportResultSchema },
      },
    },
    async (request) => importPartners(db, actorOf(request), request.body.csv, request.body.dryRun),
  );

  r.post(
    '/api/partners',
    {
      config: { ...config, errors: { 400: CATEGORY_NOT_ACTIVE, 409: NAME_TAKEN } },
      schema: {
        tags,
        summary: 'Create a partner',
        description:
          'Creates a partner: name, type, contact person, phone, email, region, address, notes and a default ' +
          'sales category (`defaultSalesCategoryId`: an active sales category, or null), with which a new order ' +
          'for this partner starts. The name is unique within its region, in any case. Audited. Answers 201.',
        body: partnerInputSchema,
        response: { 201: partnerSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createPartner(db, actorOf(request), request.body)),
  );

  r.patch(
    '/api/partners/:id',
    {
      config: { ...config, errors: { 400: CATEGORY_NOT_ACTIVE, 404: NO_PARTNER, 409: NAME_TAKEN } },
      schema: {
        tags,
        summary: 'Change a partner',
        description:
          "Changes any of the partner's fields; at least one. A default sales category deactivated since it " +
          'was chosen is kept; a new one must be active. Audited with the partner before and after.',
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
    deactivate: {
      url: '/api/partners/:id/deactivate',
      summary: 'Deactivate a partner',
      description: 'Deactivates a partner: no new sales order can be made for them. Audited.',
      errors: { 404: NO_PARTNER, 409: 'The partner is already deactivated.' },
    },
    reactivate: {
      url: '/api/partners/:id/reactivate',
      summary: 'Reactivate a partner',
      description: 'Reactivates a partner. Audited.',
      errors: { 404: NO_PARTNER, 409: 'The partner is already active.' },
    },
    setActive: (actor, id, active) => setPartnerActive(db, actor, id, active),
  });
}
