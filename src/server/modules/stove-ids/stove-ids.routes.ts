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
import { sendCsv } from '../../http/list';
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
        querystring: listStoveIdsQuerySchema,
        response: { 200: stoveIdListSchema },
      },
    },
    async (request) => listStoveIds(db, actorOf(request), request.query),
  );

  r.get(
    '/api/stove-ids/export.csv',
    {
      config,
      schema: { tags, summary: 'Export the filtered stove IDs as CSV', querystring: exportStoveIdsQuerySchema },
    },
    async (request, reply) =>
      sendCsv(reply, 'stove-ids.csv', STOVE_ID_CSV_COLUMNS, exportStoveIds(db, actorOf(request), request.query)),
  );

  r.get(
    '/api/stove-ids/labels',
    {
      config,
      schema: {
        tags,
        summary: "A batch's label sheet (its IDs at your factory)",
        querystring: labelsQuerySchema,
        response: { 200: labelSheetSchema },
      },
    },
    async (request) => batchLabels(db, actorOf(request), request.query.batchId),
  );

  r.post(
    '/api/stove-ids/labels',
    {
      config,
      schema: {
        tags,
        summary: 'A label sheet of chosen stove IDs (409 lists the codes that are unknown or not yours)',
        body: labelsRequestSchema,
        response: { 200: labelSheetSchema },
      },
    },
    async (request) => selectionLabels(db, actorOf(request), request.body.codes),
  );

  r.post(
    '/api/stove-ids/void',
    {
      config,
      schema: {
        tags,
        summary: 'Void stove IDs with a reason (all or nothing; 409 lists the IDs that cannot be voided)',
        body: voidStoveIdsSchema,
        response: { 200: voidResultSchema },
      },
    },
    async (request) => voidStoveIds(db, actorOf(request), request.body),
  );

  r.get(
    '/api/stove-ids/:code',
    {
      config,
      schema: {
        tags,
        summary: 'One stove ID with its whole history (oldest first) and its current document',
        params: stoveCodeParamsSchema,
        response: { 200: stoveIdDetailSchema },
      },
    },
    async (request) => getStoveId(db, actorOf(request), request.params.code),
  );
}
