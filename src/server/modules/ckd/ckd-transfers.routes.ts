import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ckdTransferListSchema,
  ckdTransferNumberLabel,
  ckdTransferSchema,
  createCkdTransferSchema,
  exportCkdTransfersQuerySchema,
  listCkdTransfersQuerySchema,
  type CkdTransfer,
} from '../../../common/contracts/ckd';
import type { Database } from '../../db/client';
import { actorOf } from '../../http/guard';
import { sendCsv } from '../../http/list';
import { createCkdTransfer, exportCkdTransfers, listCkdTransfers, presentCkdTransfer } from './ckd-transfers.service';

const tags = ['ckd'];
const read = { permission: 'ckd-management' } as const;

export async function ckdTransferRoutes(app: FastifyInstance, opts: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/api/ckd/transfers',
    {
      config: read,
      schema: {
        tags,
        summary: 'List kit transfers (q: a transfer number; filters factories, category, dates)',
        description:
          'Kit transfers between factories, newest first. `q` is a transfer number (KT-000123); filters ' +
          '`fromFactoryId`, `toFactoryId`, `categoryId` and the days `from` and `to`. Factory-scoped users ' +
          'see the transfers their factory is a side of.',
        querystring: listCkdTransfersQuerySchema,
        response: { 200: ckdTransferListSchema },
      },
    },
    async (request) => listCkdTransfers(db, actorOf(request), request.query),
  );

  r.get(
    '/api/ckd/transfers/export.csv',
    {
      config: read,
      schema: {
        tags,
        summary: 'Export the filtered kit transfers as CSV',
        description:
          'The transfers of `GET /api/ckd/transfers` with the same search and filters, as CSV: number, ' +
          'date, from and to (names and codes), kits, kits by category ("Jiko Poa (JPS): 20; …"), note, sent by and at.',
        querystring: exportCkdTransfersQuerySchema,
      },
    },
    async (request, reply) => {
      const pages = async function* () {
        for await (const page of exportCkdTransfers(db, actorOf(request), request.query))
          yield page.map(presentCkdTransfer);
      };
      return sendCsv<CkdTransfer>(
        reply,
        'ckd-transfers.csv',
        [
          { header: 'Number', value: (t) => ckdTransferNumberLabel(t.number) },
          { header: 'Date', value: (t) => t.date },
          { header: 'From', value: (t) => t.from.name },
          { header: 'From code', value: (t) => t.from.code },
          { header: 'To', value: (t) => t.to.name },
          { header: 'To code', value: (t) => t.to.code },
          { header: 'Kits', value: (t) => t.quantity },
          {
            header: 'Kits by category',
            value: (t) => t.lines.map((l) => `${l.category.name} (${l.category.code}): ${l.quantity}`).join('; '),
          },
          { header: 'Note', value: (t) => t.note },
          { header: 'Sent by', value: (t) => (t.createdBy ? (t.createdBy.name ?? t.createdBy.email) : null) },
          { header: 'Sent at', value: (t) => t.createdAt },
        ],
        pages(),
      );
    },
  );

  r.post(
    '/api/ckd/transfers',
    {
      config: {
        errors: {
          400: 'An unknown sending or receiving factory, a deactivated receiving one, an unknown category or one on two lines (`details.fieldErrors` on the field, e.g. `lines.1.categoryId`).',
          403: 'A factory-scoped user sending from another factory than their own (or having none).',
          409: 'Short stock on any line: "Not enough kits: N in stock, M needed. Nothing was sent.", with `details.problems` naming each short category (nothing is written).',
        },
        permission: ['ckd-transfer', 'transfer-ckd-to-factory'],
      },
      schema: {
        tags,
        summary: 'Move kits to another factory at once (a factory-scoped user sends from their own factory)',
        description:
          'Moves kits of one or more CKD categories (`lines`, each category once) from one factory to another ' +
          "active factory on a day, at once (no confirmation), on one KT- document: the sender's kit stock " +
          "goes down and the receiver's up, in one transaction, all or nothing. " +
          'Factory-scoped users send from their own factory only, to any active factory. When the sender ' +
          'has too few kits, nothing is written. Audited.',
        body: createCkdTransferSchema,
        response: { 201: ckdTransferSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createCkdTransfer(db, actorOf(request), request.body)),
  );
}
