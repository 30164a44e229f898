import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createProducedRecordSchema,
  exportProducedRecordsQuerySchema,
  listProducedRecordsQuerySchema,
  producedRecordListSchema,
  producedRecordNumberLabel,
  producedRecordSchema,
  type ProducedRecord,
} from '../../../common/contracts/ckd';
import { formatSteelQuantity } from '../../../common/contracts/steel';
import type { Database } from '../../db/client';
import { actorOf } from '../../http/guard';
import { sendCsv } from '../../http/list';
import {
  createProducedRecord,
  exportProducedRecords,
  listProducedRecords,
  presentProducedRecord,
} from './ckd-produced-records.service';

const tags = ['ckd'];
const config = { permission: 'produced-ckd-records' } as const;

export async function producedRecordRoutes(app: FastifyInstance, opts: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/api/ckd/produced-records',
    {
      config,
      schema: {
        tags,
        summary: 'List produced CKD records (q: a record number; filters plant, category, dates)',
        description:
          'Kits produced at plants, newest first. `q` is a record number (PK-000123); filters `factoryId`, ' +
          '`categoryId` and the days `from` and `to`. Each record with the steel it consumed. ' +
          "Factory-scoped users see their own factory's.",
        querystring: listProducedRecordsQuerySchema,
        response: { 200: producedRecordListSchema },
      },
    },
    async (request) => listProducedRecords(db, actorOf(request), request.query),
  );

  r.get(
    '/api/ckd/produced-records/export.csv',
    {
      config,
      schema: {
        tags,
        summary: 'Export the filtered produced CKD records as CSV',
        description:
          'The records of `GET /api/ckd/produced-records` with the same search and filters, as CSV: number, ' +
          'date, factory and its code, category and its code, kits, steel used, note, recorded by and at.',
        querystring: exportProducedRecordsQuerySchema,
      },
    },
    async (request, reply) => {
      const pages = async function* () {
        for await (const page of exportProducedRecords(db, actorOf(request), request.query))
          yield page.map(presentProducedRecord);
      };
      return sendCsv<ProducedRecord>(
        reply,
        'produced-ckd-records.csv',
        [
          { header: 'Number', value: (p) => producedRecordNumberLabel(p.number) },
          { header: 'Date', value: (p) => p.date },
          { header: 'Factory', value: (p) => p.factory.name },
          { header: 'Factory code', value: (p) => p.factory.code },
          { header: 'Category', value: (p) => p.category.name },
          { header: 'Category code', value: (p) => p.category.code },
          { header: 'Kits', value: (p) => p.quantity },
          {
            header: 'Steel used',
            value: (p) => p.steelUsed.map((s) => `${s.name}: ${formatSteelQuantity(s.quantity, s.unit)}`).join('; '),
          },
          { header: 'Note', value: (p) => p.note },
          { header: 'Recorded by', value: (p) => (p.createdBy ? (p.createdBy.name ?? p.createdBy.email) : null) },
          { header: 'Recorded at', value: (p) => p.createdAt },
        ],
        pages(),
      );
    },
  );

  r.post(
    '/api/ckd/produced-records',
    {
      config: {
        ...config,
        errors: {
          400: 'An unknown, deactivated or assembly factory, or an unknown or deactivated category (`details.fieldErrors.factoryId` or `categoryId`).',
          403: 'A factory-scoped user naming another factory than their own (or having none).',
          409: 'Not enough steel: `details.problems` names each short steel category (nothing is written).',
        },
      },
      schema: {
        tags,
        summary: 'Record kits produced at a plant (consumes the steel of the category’s usage; all or nothing)',
        description:
          'Records kits made at an active plant (not an assembly factory) of an active CKD category, on a ' +
          "day not in the future, in one transaction: adds the kits to the plant's kit stock and consumes, " +
          "for each steel line of the category's usage, its quantity per kit × the kits. When any steel is " +
          'short, nothing is written. Factory-scoped users record for their own factory. Audited.',
        body: createProducedRecordSchema,
        response: { 201: producedRecordSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createProducedRecord(db, actorOf(request), request.body)),
  );
}
