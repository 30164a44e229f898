import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { producedRecordNumberLabel } from '../../../common/contracts/ckd';
import {
  createSteelRecordSchema,
  exportSteelRecordsQuerySchema,
  listSteelCategoriesQuerySchema,
  listSteelRecordsQuerySchema,
  STEEL_RECORD_KIND_LABELS,
  steelCategoryInputSchema,
  steelCategoryListSchema,
  steelCategoryOptionsSchema,
  steelCategorySchema,
  steelOverviewQuerySchema,
  steelOverviewSchema,
  steelRecordListSchema,
  steelRecordSchema,
  updateSteelCategorySchema,
  type SteelRecord,
} from '../../../common/contracts/steel';
import type { Database } from '../../db/client';
import { actorOf } from '../../http/guard';
import { sendCsv } from '../../http/list';
import { activationRoutes } from '../../http/master-data-routes';
import {
  createSteelCategory,
  listSteelCategories,
  setSteelCategoryActive,
  steelCategoryOptions,
  updateSteelCategory,
} from './steel-categories.service';
import { steelOverview } from './steel-overview.service';
import { createSteelRecord, exportSteelRecords, listSteelRecords, presentSteelRecord } from './steel-records.service';

const tags = ['steel'];
const params = z.object({ id: z.string().uuid('Not a steel category id') });
const read = { permission: 'steel-management' } as const;
const editCategories = { permission: 'steel-categories' } as const;

const personName = (p: SteelRecord['createdBy']) => (p ? (p.name ?? p.email) : null);

export async function steelRoutes(app: FastifyInstance, opts: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/api/steel/overview',
    {
      config: read,
      schema: {
        tags,
        summary: 'Stock per category and factory, low stock and the usage of the last 12 months',
        querystring: steelOverviewQuerySchema,
        response: { 200: steelOverviewSchema },
      },
    },
    async (request) => steelOverview(db, actorOf(request), request.query),
  );

  r.get(
    '/api/steel/categories',
    {
      config: read,
      schema: {
        tags,
        summary: 'List steel categories with their stock (q: name or grade)',
        querystring: listSteelCategoriesQuerySchema,
        response: { 200: steelCategoryListSchema },
      },
    },
    async (request) => listSteelCategories(db, actorOf(request), request.query),
  );

  r.get(
    '/api/steel/categories/options',
    {
      // The CKD category form picks steel here too.
      config: { permission: ['steel-management', 'ckd-categories'] },
      schema: {
        tags,
        summary: 'Active steel categories, for selects',
        response: { 200: steelCategoryOptionsSchema },
      },
    },
    async () => ({ items: await steelCategoryOptions(db) }),
  );

  r.post(
    '/api/steel/categories',
    {
      config: editCategories,
      schema: {
        tags,
        summary: 'Create a steel category',
        body: steelCategoryInputSchema,
        response: { 201: steelCategorySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createSteelCategory(db, actorOf(request), request.body)),
  );

  r.patch(
    '/api/steel/categories/:id',
    {
      config: editCategories,
      schema: {
        tags,
        summary: 'Change a steel category',
        params,
        body: updateSteelCategorySchema,
        response: { 200: steelCategorySchema },
      },
    },
    async (request) => updateSteelCategory(db, actorOf(request), request.params.id, request.body),
  );

  activationRoutes(r, {
    config: editCategories,
    tags,
    params,
    response: steelCategorySchema,
    deactivate: { url: '/api/steel/categories/:id/deactivate', summary: 'Deactivate a steel category' },
    reactivate: { url: '/api/steel/categories/:id/reactivate', summary: 'Reactivate a steel category' },
    setActive: (actor, id, active) => setSteelCategoryActive(db, actor, id, active),
  });

  r.get(
    '/api/steel/records',
    {
      config: read,
      schema: {
        tags,
        summary: 'List steel records, newest first (q: reference, supplier or note)',
        querystring: listSteelRecordsQuerySchema,
        response: { 200: steelRecordListSchema },
      },
    },
    async (request) => listSteelRecords(db, actorOf(request), request.query),
  );

  r.get(
    '/api/steel/records/export.csv',
    {
      config: read,
      schema: { tags, summary: 'Export the filtered steel records as CSV', querystring: exportSteelRecordsQuerySchema },
    },
    async (request, reply) => {
      const pages = async function* () {
        for await (const page of exportSteelRecords(db, actorOf(request), request.query))
          yield page.map(presentSteelRecord);
      };
      return sendCsv<SteelRecord>(
        reply,
        'steel-records.csv',
        [
          { header: 'Date', value: (s) => s.date },
          { header: 'Factory', value: (s) => s.factory.code },
          { header: 'Category', value: (s) => s.category.name },
          { header: 'Kind', value: (s) => STEEL_RECORD_KIND_LABELS[s.kind] },
          { header: 'Quantity', value: (s) => s.quantity },
          { header: 'Unit', value: (s) => s.category.unit },
          { header: 'Stock change', value: (s) => s.delta },
          { header: 'Supplier', value: (s) => s.supplier },
          { header: 'Unit cost', value: (s) => s.unitCost },
          { header: 'Reference', value: (s) => s.reference },
          {
            header: 'Produced CKD record',
            value: (s) => (s.producedRecord ? producedRecordNumberLabel(s.producedRecord.number) : null),
          },
          { header: 'Note', value: (s) => s.note },
          { header: 'Recorded at', value: (s) => s.createdAt },
          { header: 'Recorded by', value: (s) => personName(s.createdBy) },
        ],
        pages(),
      );
    },
  );

  r.post(
    '/api/steel/records',
    {
      config: { permission: 'steel-records' },
      schema: {
        tags,
        summary: 'Record steel received, used, scrapped or adjusted (refused when stock would go negative)',
        body: createSteelRecordSchema,
        response: { 201: steelRecordSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createSteelRecord(db, actorOf(request), request.body)),
  );
}
