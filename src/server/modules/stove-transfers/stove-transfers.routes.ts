import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  confirmStoveTransferSchema,
  exportStoveTransfersQuerySchema,
  listStoveTransfersQuerySchema,
  pendingTransferCountSchema,
  rejectStoveTransferSchema,
  sendStoveTransferSchema,
  STOVE_TRANSFER_STATUS_LABELS,
  stoveTransferDetailSchema,
  stoveTransferListSchema,
  stoveTransferSchema,
  transferCheckSchema,
  transferNumberLabel,
  type StoveTransfer,
} from '../../../common/contracts/stove-ids';
import type { Database } from '../../db/client';
import { actorOf } from '../../http/guard';
import { sendCsv } from '../../http/list';
import {
  cancelTransfer,
  checkTransfer,
  confirmTransfer,
  exportTransfers,
  getTransfer,
  listTransfers,
  pendingTransferCount,
  presentTransfer,
  rejectTransfer,
  sendTransfer,
} from './stove-transfers.service';

const tags = ['stove transfers'];
const params = z.object({ id: z.string().uuid('Not a transfer id') });
const config = { permission: 'stove-id-management' } as const;

const personName = (p: StoveTransfer['createdBy']) => (p ? (p.name ?? p.email) : null);

export async function stoveTransferRoutes(app: FastifyInstance, opts: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/api/stove-transfers',
    {
      config,
      schema: {
        tags,
        summary: 'List transfers (q: a transfer number or a stove ID on it)',
        querystring: listStoveTransfersQuerySchema,
        response: { 200: stoveTransferListSchema },
      },
    },
    async (request) => listTransfers(db, actorOf(request), request.query),
  );

  r.get(
    '/api/stove-transfers/export.csv',
    {
      config,
      schema: { tags, summary: 'Export the filtered transfers as CSV', querystring: exportStoveTransfersQuerySchema },
    },
    async (request, reply) => {
      const pages = async function* () {
        for await (const page of exportTransfers(db, actorOf(request), request.query)) yield page.map(presentTransfer);
      };
      return sendCsv<StoveTransfer>(
        reply,
        'stove-transfers.csv',
        [
          { header: 'Number', value: (t) => transferNumberLabel(t.number) },
          { header: 'Status', value: (t) => STOVE_TRANSFER_STATUS_LABELS[t.status] },
          { header: 'From', value: (t) => t.from.name },
          { header: 'To', value: (t) => t.to.name },
          { header: 'IDs', value: (t) => t.idCount },
          { header: 'Received', value: (t) => t.receivedCount },
          { header: 'Sent at', value: (t) => t.createdAt },
          { header: 'Sent by', value: (t) => personName(t.createdBy) },
          { header: 'Decided at', value: (t) => t.decidedAt },
          { header: 'Decided by', value: (t) => personName(t.decidedBy) },
          { header: 'Reason', value: (t) => t.reason },
          { header: 'Note', value: (t) => t.note },
        ],
        pages(),
      );
    },
  );

  r.get(
    '/api/stove-transfers/pending-count',
    {
      config,
      schema: {
        tags,
        summary: 'Incoming pending transfers (to my factory; global users: all)',
        response: { 200: pendingTransferCountSchema },
      },
    },
    async (request) => pendingTransferCount(db, actorOf(request)),
  );

  r.post(
    '/api/stove-transfers/check',
    {
      config,
      schema: {
        tags,
        summary: "Each code's eligibility for a transfer (changes nothing)",
        body: sendStoveTransferSchema,
        response: { 200: transferCheckSchema },
      },
    },
    async (request) => checkTransfer(db, actorOf(request), request.body),
  );

  r.post(
    '/api/stove-transfers',
    {
      config,
      schema: {
        tags,
        summary: 'Send stove IDs to another factory (all or nothing)',
        body: sendStoveTransferSchema,
        response: { 201: stoveTransferSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await sendTransfer(db, actorOf(request), request.body)),
  );

  r.get(
    '/api/stove-transfers/:id',
    {
      config,
      schema: {
        tags,
        summary: 'A transfer with every ID and what I may do with it',
        params,
        response: { 200: stoveTransferDetailSchema },
      },
    },
    async (request) => getTransfer(db, actorOf(request), request.params.id),
  );

  r.post(
    '/api/stove-transfers/:id/confirm',
    {
      config,
      schema: {
        tags,
        summary: 'Confirm all IDs, or only `codes` (the rest return to the sender)',
        params,
        body: confirmStoveTransferSchema,
        response: { 200: stoveTransferSchema },
      },
    },
    async (request) => confirmTransfer(db, actorOf(request), request.params.id, request.body.codes),
  );

  r.post(
    '/api/stove-transfers/:id/reject',
    {
      config,
      schema: {
        tags,
        summary: 'Reject a transfer with a reason (every ID returns to the sender)',
        params,
        body: rejectStoveTransferSchema,
        response: { 200: stoveTransferSchema },
      },
    },
    async (request) => rejectTransfer(db, actorOf(request), request.params.id, request.body.reason),
  );

  r.post(
    '/api/stove-transfers/:id/cancel',
    {
      config,
      schema: { tags, summary: 'Cancel a pending transfer (sender)', params, response: { 200: stoveTransferSchema } },
    },
    async (request) => cancelTransfer(db, actorOf(request), request.params.id),
  );
}
