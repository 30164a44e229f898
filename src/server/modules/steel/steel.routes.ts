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
const NO_CATEGORY = 'No steel category with this id.';
const NAME_TAKEN = 'A steel category with this name already exists, in any case (`details.fieldErrors.name`).';

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
        description:
          "Stock per steel category × factory (`factoryId` for one) from the steel ledger's balances, for the " +
          "active categories and the deactivated ones still in stock; each category's total with a flag when an " +
          'active one is below its reorder level (and the factories below it); and the steel used, scrapped and ' +
          'consumed by CKD production per category and month over the last 12 months (UTC). Factory-scoped users ' +
          'get their own factory.',
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
        description:
          'The steel categories, sorted by name, reorder level, stock or creation. `q` searches the name and the ' +
          'grade; filters `active` and `unit` (`kg` or `sheet`). Each with its stock in the factories the caller ' +
          'sees.',
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
        description:
          "`{ items }`: the active categories' id, name, grade and unit, by name, for selects (the CKD category " +
          'form uses it too).',
        response: { 200: steelCategoryOptionsSchema },
      },
    },
    async () => ({ items: await steelCategoryOptions(db) }),
  );

  r.post(
    '/api/steel/categories',
    {
      config: { ...editCategories, errors: { 409: NAME_TAKEN } },
      schema: {
        tags,
        summary: 'Create a steel category',
        description:
          'Creates a category `{ name, grade?, unit: kg|sheet, reorderLevel? }` (the reorder level 0 unless ' +
          'given); the name is unique in any case. Audited. Answers 201.',
        body: steelCategoryInputSchema,
        response: { 201: steelCategorySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createSteelCategory(db, actorOf(request), request.body)),
  );

  r.patch(
    '/api/steel/categories/:id',
    {
      config: {
        ...editCategories,
        errors: {
          404: NO_CATEGORY,
          409: [
            NAME_TAKEN,
            'The unit cannot change: steel of this category was recorded in it (`details.fieldErrors.unit`).',
          ],
        },
      },
      schema: {
        tags,
        summary: 'Change a steel category',
        description: 'Changes any of the fields; the unit is fixed once steel of the category was recorded. Audited.',
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
    deactivate: {
      url: '/api/steel/categories/:id/deactivate',
      summary: 'Deactivate a steel category',
      description:
        'Deactivates a category: no new steel records of it, and no CKD category may add it to its steel ' +
        'usage (those that use it keep it, and producing their kits still consumes it). Audited.',
      errors: { 404: NO_CATEGORY, 409: 'The category is already deactivated.' },
    },
    reactivate: {
      url: '/api/steel/categories/:id/reactivate',
      summary: 'Reactivate a steel category',
      description: 'Reactivates a category. Audited.',
      errors: { 404: NO_CATEGORY, 409: 'The category is already active.' },
    },
    setActive: (actor, id, active) => setSteelCategoryActive(db, actor, id, active),
  });

  r.get(
    '/api/steel/records',
    {
      config: read,
      schema: {
        tags,
        summary: 'List steel records, newest first (q: reference, supplier or note)',
        description:
          "The steel ledger's records, newest first. `q` searches the reference, supplier and note; filters " +
          '`factoryId`, `categoryId`, `kind` (received, used, scrap, adjustment, and `ckd_production`: the rows ' +
          'produced CKD records wrote) and the days `from` and `to`. Factory-scoped users see their own ' +
          "factory's.",
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
      schema: {
        tags,
        summary: 'Export the filtered steel records as CSV',
        description: 'The records of `GET /api/steel/records` with the same search and filters, as CSV.',
        querystring: exportSteelRecordsQuerySchema,
      },
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
      config: {
        permission: 'steel-records',
        errors: {
          400: 'An unknown or deactivated factory or category (`details.fieldErrors.factoryId` / `categoryId`).',
          403: 'A factory-scoped user naming another factory than their own (or having none).',
          409: 'The stock would go negative: `details.problems` names the category and factory (nothing is recorded).',
        },
      },
      schema: {
        tags,
        summary: 'Record steel received, used, scrapped or adjusted (refused when stock would go negative)',
        description:
          'Records steel `{ date, factoryId, categoryId, kind: received|used|scrap|adjustment, quantity, ' +
          'supplier?, unitCost?, reference?, note? }` at an active factory, of an active category (only an ' +
          'adjustment may be negative; a supplier and a unit cost only for steel received). Refused, with ' +
          'nothing written, when the stock would go negative. Factory-scoped users record at their own factory. ' +
          'Audited. Answers 201.',
        body: createSteelRecordSchema,
        response: { 201: steelRecordSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createSteelRecord(db, actorOf(request), request.body)),
  );
}
