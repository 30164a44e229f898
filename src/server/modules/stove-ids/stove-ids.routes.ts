import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  exportStoveIdsQuerySchema,
  labelSheetSchema,
  labelsQuerySchema,
  labelsRequestSchema,
  listStoveIdsQuerySchema,
  stoveCodeParamsSchema,
  stoveIdDetailSchema,
  stoveIdListSchema,
  voidResultSchema,
  voidStoveIdsSchema,
} from '../../../common/contracts/stove-ids';
import type { Database } from '../../db/client';
import { actorOf } from '../../http/guard';
import { sendCsv, sendJsonText } from '../../http/list';
import {
  batchLabels,
  exportStoveIds,
  getStoveId,
  listStoveIds,
  selectionLabels,
  STOVE_ID_CSV_COLUMNS,
  voidStoveIds,
} from './stove-ids.service';

const tags = ['stove-ids'];
const config = { permission: 'stove-id-management' } as const;
const NO_CODES = 'No code left once blanks are dropped (`details.fieldErrors.codes`).';

export async function stoveIdRoutes(app: FastifyInstance, opts: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/api/stove-ids',
    {
      config,
      schema: {
        tags,
        summary: 'List stove IDs (q: a code or the start of one; factory-scoped users see their factory only)',
        description:
          'The stove ID registry, sorted by code or creation time. `q` is a code or the start of one; ' +
          'filters `factoryId`, `status`, `batchId` and the creation days `from` and `to`. Factory-scoped ' +
          "users see their own factory's IDs only.",
        querystring: listStoveIdsQuerySchema,
        response: { 200: stoveIdListSchema },
      },
    },
    async (request, reply) => sendJsonText(reply, await listStoveIds(db, actorOf(request), request.query)),
  );

  r.get(
    '/api/stove-ids/export.csv',
    {
      config,
      schema: {
        tags,
        summary: 'Export the filtered stove IDs as CSV',
        description:
          'The IDs of `GET /api/stove-ids` with the same search, filters and sort, as CSV: code, status, ' +
          'factory, batch, created, updated and void reason.',
        querystring: exportStoveIdsQuerySchema,
      },
    },
    async (request, reply) =>
      sendCsv(reply, 'stove-ids.csv', STOVE_ID_CSV_COLUMNS, exportStoveIds(db, actorOf(request), request.query)),
  );

  r.get(
    '/api/stove-ids/labels',
    {
      config: { ...config, errors: { 404: "No stove ID batch with this id, or it is another factory's." } },
      schema: {
        tags,
        summary: "A batch's label sheet (its IDs at your factory)",
        description:
          "The label sheet of a batch (`batchId`): a title and each ID's code and factory code, for " +
          "printing. A factory-scoped user gets the batch's IDs now at their factory.",
        querystring: labelsQuerySchema,
        response: { 200: labelSheetSchema },
      },
    },
    async (request) => batchLabels(db, actorOf(request), request.query.batchId),
  );

  r.post(
    '/api/stove-ids/labels',
    {
      config: {
        ...config,
        errors: { 400: NO_CODES, 409: 'Some codes are not IDs the caller can print: `details.problems` names each.' },
      },
      schema: {
        tags,
        summary: 'A label sheet of chosen stove IDs (409 lists the codes that are unknown or not yours)',
        description:
          'The label sheet of chosen IDs (at most 5,000), each once, in the order given (codes are trimmed ' +
          "and upper-cased). All or nothing: when any code is unknown, or another factory's for a " +
          'factory-scoped user, the answer lists each of them.',
        body: labelsRequestSchema,
        response: { 200: labelSheetSchema },
      },
    },
    async (request) => selectionLabels(db, actorOf(request), request.body.codes),
  );

  r.post(
    '/api/stove-ids/void',
    {
      config: {
        ...config,
        errors: { 400: NO_CODES, 409: 'Some IDs cannot be voided: `details.problems` names each with the reason.' },
      },
      schema: {
        tags,
        summary: 'Void stove IDs with a reason (all or nothing; 409 lists the IDs that cannot be voided)',
        description:
          'Voids IDs whose label was damaged or lost (at most 100,000 codes), with a reason: each gets a ' +
          '`voided` history event, and the change is audited. All or nothing: an ID that is unknown, ' +
          "another factory's, sold, in transit or already void is refused, and then nothing changes.",
        body: voidStoveIdsSchema,
        response: { 200: voidResultSchema },
      },
    },
    async (request) => voidStoveIds(db, actorOf(request), request.body),
  );

  r.get(
    '/api/stove-ids/:code',
    {
      config: { ...config, errors: { 404: 'No such stove ID, or one the caller may not see.' } },
      schema: {
        tags,
        summary: 'One stove ID with its whole history (oldest first) and its current document',
        description:
          'One ID with every status change, oldest first (kind, from and to status, factory, document, ' +
          'note, time and who), and its current document: the batch, transfer, stove report or sales order ' +
          "it was last on. A factory-scoped user sees their factory's IDs and those on a pending transfer " +
          'to it.',
        params: stoveCodeParamsSchema,
        response: { 200: stoveIdDetailSchema },
      },
    },
    async (request) => getStoveId(db, actorOf(request), request.params.code),
  );
}
