import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { csvLine } from '../../../common/csv';
import {
  END_USER_CSV_COLUMNS,
  END_USER_KIND_LABELS,
  END_USER_STATUS_LABELS,
  carbonPartnerListSchema,
  endUserListSchema,
  endUserLocation,
  endUserSchema,
  exportEndUsersQuerySchema,
  importEndUsersSchema,
  listEndUsersQuerySchema,
  registerEndUserSchema,
  type EndUser,
} from '../../../common/contracts/carbon';
import { csvImportResultSchema } from '../../../common/contracts/list';
import type { Database } from '../../db/client';
import { actorOf } from '../../http/guard';
import { sendCsv } from '../../http/list';
import { exportEndUsers, importEndUsers, listEndUsers, listResellers, registerEndUser } from './end-users.service';

const tags = ['carbon'];
const config = { permission: 'carbon-programme' } as const;

/** An example row of the template: a household in Kisumu with a GPS point. */
const TEMPLATE_EXAMPLE = [
  'STV00012347',
  'household',
  'Achieng Otieno',
  '+254 712 345 678',
  'Kisumu',
  'Kisumu East',
  'Nyalenda',
  '-0.1022',
  '34.7617',
  '2026-03-02',
];

export async function carbonRoutes(app: FastifyInstance, opts: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/api/carbon/end-users',
    {
      config,
      schema: {
        tags,
        summary: 'List the end users of sold stoves',
        description:
          'End user registrations, newest handover first by default; sort by `handoverDate`, `code`, `name` or ' +
          "`saleDate`. `q` searches the stove ID, the end user's name, phone and location; filters `status` " +
          '(open, ended), `partnerId` (the partner the stove was sold to) and `factoryId`. A factory-scoped user ' +
          "sees their own factory's stoves only.",
        querystring: listEndUsersQuerySchema,
        response: { 200: endUserListSchema },
      },
    },
    async (request) => listEndUsers(db, actorOf(request), request.query),
  );

  r.get(
    '/api/carbon/end-users/export.csv',
    {
      config,
      schema: {
        tags,
        summary: 'Export the filtered end users as CSV',
        description:
          'The registrations of `GET /api/carbon/end-users` with the same search, filters and sort, streamed as ' +
          'CSV: stove ID, model, factory, sale date, order, partner, type, end user, phone, county, sub-county, ' +
          'village, latitude, longitude, handover date, status and when it ended.',
        querystring: exportEndUsersQuerySchema,
      },
    },
    async (request, reply) =>
      sendCsv<EndUser>(
        reply,
        'end-users.csv',
        [
          { header: 'Stove ID', value: (u) => u.code },
          { header: 'Model', value: (u) => u.model },
          { header: 'Factory', value: (u) => u.factory.code },
          { header: 'Sale date', value: (u) => u.order.date },
          { header: 'Order', value: (u) => u.order.label },
          { header: 'Partner', value: (u) => u.partner.name },
          { header: 'Type', value: (u) => END_USER_KIND_LABELS[u.kind] },
          { header: 'End user', value: (u) => u.name },
          { header: 'Phone', value: (u) => u.phone },
          { header: 'County', value: (u) => u.county },
          { header: 'Sub-county', value: (u) => u.subCounty },
          { header: 'Village', value: (u) => u.village },
          { header: 'Latitude', value: (u) => u.latitude },
          { header: 'Longitude', value: (u) => u.longitude },
          { header: 'Handover date', value: (u) => u.handoverDate },
          { header: 'Status', value: (u) => END_USER_STATUS_LABELS[u.status] },
          { header: 'Ended', value: (u) => (u.endedAt ? `${u.endedAt.slice(0, 10)}: ${u.endReason ?? ''}` : null) },
          { header: 'Location', value: (u) => endUserLocation(u) },
        ],
        exportEndUsers(db, actorOf(request), request.query),
      ),
  );

  r.get(
    '/api/carbon/end-users/template.csv',
    {
      config: {
        ...config,
        success: {
          status: 200,
          mediaType: 'text/csv',
          description: 'The import template: the header line and one example row (UTF-8 with a byte order mark).',
        },
      },
      schema: {
        tags,
        summary: 'The end user import template (CSV)',
        description:
          "The import's header line (Stove ID, Type, Name, Phone, County, Sub-county, Village, Latitude, " +
          'Longitude, Handover date) and one example row to replace.',
      },
    },
    async (_request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="end-users-template.csv"')
        .header('cache-control', 'no-store')
        .send(`\uFEFF${csvLine(END_USER_CSV_COLUMNS.map((c) => c.header))}${csvLine(TEMPLATE_EXAMPLE)}`),
  );

  r.post(
    '/api/carbon/end-users/import',
    {
      config: {
        ...config,
        errors: {
          400:
            'The partner is unknown (`details.fieldErrors.partnerId`); the CSV has no header line, unknown ' +
            'columns or more than 100,000 rows; or, on an import, a row has an error: nothing is imported ' +
            '(`details.fieldErrors.csv` lists the first errors).',
          409: 'A stove was registered by someone else between the check and the import: nothing is imported.',
        },
      },
      schema: {
        tags,
        summary: 'Check (dryRun) or import end users from CSV, all or nothing',
        description:
          'A CSV of stove ID + end user (`{ csv, dryRun, partnerId }`, at most 20 MB; columns as the template) ' +
          'for stoves sold to the partner `partnerId`. Every row is checked: its fields (name required; phone of ' +
          '7 to 15 digits; latitude and longitude both or neither, in range; handover date a real day, not in the ' +
          'future), then against the registry: unknown stove ID (or one of another factory for a factory-scoped ' +
          'user), not sold, sold to another partner, already registered, repeated in the file, handed over before ' +
          'the sale. A dry run reports every row in error and a preview of the rows ready, writing nothing. The ' +
          'import writes every row in one transaction, with a "Handed over" event on each stove ID, only when no ' +
          'row is in error; otherwise it answers 400 and writes nothing. Audited.',
        body: importEndUsersSchema,
        response: { 200: csvImportResultSchema },
      },
    },
    async (request) => importEndUsers(db, actorOf(request), request.body),
  );

  r.get(
    '/api/carbon/partners',
    {
      config,
      schema: {
        tags,
        summary: 'The distributors and retailers, for the end user import',
        description:
          'Every partner of type distributor or retailer (active first, then by name): the partners whose ' +
          "stoves get their end users by import, and the choices of the list's partner filter.",
        response: { 200: carbonPartnerListSchema },
      },
    },
    async () => listResellers(db),
  );

  r.post(
    '/api/carbon/end-users',
    {
      config: {
        ...config,
        errors: {
          404: 'No stove ID with this code (or it is at another factory than a factory-scoped user’s).',
          409: 'The stove is not sold, is already registered, or was handed over before its sale.',
        },
      },
      schema: {
        tags,
        summary: 'Register the end user of one sold stove',
        description:
          'Registers the end user of the sold stove `code`: type (household or institution), name, phone, ' +
          'county, sub-county, village, an optional GPS point and the handover date, as one import row. Adds a ' +
          '"Handed over" event to the stove ID\'s history. Audited. Answers 201 with the registration.',
        body: registerEndUserSchema,
        response: { 201: endUserSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await registerEndUser(db, actorOf(request), request.body)),
  );
}
