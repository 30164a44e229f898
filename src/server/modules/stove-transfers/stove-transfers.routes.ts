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
import type { MailingRoutes } from '../notifications/notifications.service';
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
const NOT_FOUND = "No such transfer, or it is not one of the caller's factory.";
const SIDES = {
  400: 'The sending or destination factory does not exist (`details.fieldErrors.fromFactoryId` or `toFactoryId`).',
  403: 'A factory-scoped user sending from another factory than their own (or having none).',
};
const decided = (side: string) => ({
  403: `The caller is not on the ${side} side.`,
  404: NOT_FOUND,
  409: 'The transfer is no longer pending (confirmed, partially confirmed, rejected or canceled): a decision applies once.',
});

const personName = (p: StoveTransfer['createdBy']) => (p ? (p.name ?? p.email) : null);

export async function stoveTransferRoutes(app: FastifyInstance, opts: { db: Database; mailing?: MailingRoutes }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, mailing } = opts;
  /** After a change that may have queued mail commits: the mail worker sends it. */
  const sent = <T>(result: T): T => {
    mailing?.mail.wake();
    return result;
  };

  r.get(
    '/api/stove-transfers',
    {
      config,
      schema: {
        tags,
        summary: 'List transfers (q: a transfer number or a stove ID on it)',
        description:
          'Stove ID transfers between factories, newest first (or by number). `q` is a transfer number ' +
          "(TR-000123) or a stove ID on it; filters `direction` (`incoming`: to the caller's factory, " +
          '`outgoing`: from it), `status`, `fromFactoryId`, `toFactoryId` and the days `from` and `to`. ' +
          'Factory-scoped users see the transfers from or to their factory.',
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
      schema: {
        tags,
        summary: 'Export the filtered transfers as CSV',
        description:
          'The transfers of `GET /api/stove-transfers` with the same search, filters and sort, as CSV: ' +
          'number, status, from, to, IDs, received, sent at and by, decided at and by, reason and note.',
        querystring: exportStoveTransfersQuerySchema,
      },
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
        description:
          "How many pending transfers wait for the caller's factory (global users: all pending ones), for " +
          'the menu badge.',
        response: { 200: pendingTransferCountSchema },
      },
    },
    async (request) => pendingTransferCount(db, actorOf(request)),
  );

  r.post(
    '/api/stove-transfers/check',
    {
      config: { ...config, errors: SIDES },
      schema: {
        tags,
        summary: "Each code's eligibility for a transfer (changes nothing)",
        description:
          'Checks the codes for a transfer without changing anything: each code, in order, is eligible or ' +
          'not with the reason: not a stove ID, repeated in the list, unknown, not at the sending factory, ' +
          'already on a pending transfer, a status that cannot be sent (only in stock, coupled or validated ' +
          'IDs can), or a destination that is the sender or inactive; and the counts.',
        body: sendStoveTransferSchema,
        response: { 200: transferCheckSchema },
      },
    },
    async (request) => checkTransfer(db, actorOf(request), request.body),
  );

  r.post(
    '/api/stove-transfers',
    {
      config: {
        ...config,
        errors: {
          400: [SIDES[400], 'The destination is the sending factory, or inactive (`details.fieldErrors.toFactoryId`).'],
          403: SIDES[403],
          409: [
            'Some IDs cannot be transferred: `details.problems` names each with the reason.',
            'Some IDs were just put on another transfer: check them and try again.',
          ],
        },
      },
      schema: {
        tags,
        summary: 'Send stove IDs to another factory (all or nothing)',
        description:
          'Puts the IDs (at most 100,000) on a transfer to another active factory: they become ' +
          '`in_transit`, keeping the status they had, until the destination confirms or rejects it or the ' +
          'sender cancels it. All or nothing: when any code is not eligible (as `POST ' +
          '/api/stove-transfers/check` says) nothing is sent. Audited and pushed live to both factories; ' +
          'mailed to the users of the destination who may confirm it and chose that mail.',
        body: sendStoveTransferSchema,
        response: { 201: stoveTransferSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(sent(await sendTransfer(db, actorOf(request), request.body, mailing))),
  );

  r.get(
    '/api/stove-transfers/:id',
    {
      config: { ...config, errors: { 404: NOT_FOUND } },
      schema: {
        tags,
        summary: 'A transfer with every ID and what I may do with it',
        description:
          'One transfer with every ID (its code, status when sent and outcome: pending, received or ' +
          'returned) and `can`: whether the caller may confirm or reject it (the destination side) or ' +
          'cancel it (the sender), while it is pending. Global users may do both.',
        params,
        response: { 200: stoveTransferDetailSchema },
      },
    },
    async (request) => getTransfer(db, actorOf(request), request.params.id),
  );

  r.post(
    '/api/stove-transfers/:id/confirm',
    {
      config: {
        ...config,
        errors: {
          ...decided('destination'),
          400: 'Some of `codes` are not on this transfer: `details.problems` names each.',
        },
      },
      schema: {
        tags,
        summary: 'Confirm all IDs, or only `codes` (the rest return to the sender)',
        description:
          'The destination confirms the transfer: every ID is received at the destination with the status ' +
          'it had when sent, or, with `codes`, only those (a partial confirmation) and the others return to ' +
          'the sender. Audited and pushed live; mailed to the sender when they chose that mail.',
        params,
        body: confirmStoveTransferSchema,
        response: { 200: stoveTransferSchema },
      },
    },
    async (request) =>
      sent(await confirmTransfer(db, actorOf(request), request.params.id, request.body.codes, mailing)),
  );

  r.post(
    '/api/stove-transfers/:id/reject',
    {
      config: { ...config, errors: decided('destination') },
      schema: {
        tags,
        summary: 'Reject a transfer with a reason (every ID returns to the sender)',
        description:
          'The destination rejects the transfer with a reason: every ID returns to the sender with the ' +
          'status it had when sent. Audited and pushed live; mailed to the sender when they chose that mail.',
        params,
        body: rejectStoveTransferSchema,
        response: { 200: stoveTransferSchema },
      },
    },
    async (request) =>
      sent(await rejectTransfer(db, actorOf(request), request.params.id, request.body.reason, mailing)),
  );

  r.post(
    '/api/stove-transfers/:id/cancel',
    {
      config: { ...config, errors: decided('sending') },
      schema: {
        tags,
        summary: 'Cancel a pending transfer (sender)',
        description:
          'The sender takes the transfer back while it is pending: every ID returns with the status it had ' +
          'when sent. Audited and pushed live.',
        params,
        response: { 200: stoveTransferSchema },
      },
    },
    async (request) => cancelTransfer(db, actorOf(request), request.params.id),
  );
}
