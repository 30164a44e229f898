import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ckdCategoryInputSchema,
  ckdCategoryListSchema,
  ckdCategoryOptionsSchema,
  ckdCategorySchema,
  listCkdCategoriesQuerySchema,
  updateCkdCategorySchema,
} from '../../../common/contracts/ckd';
import type { Database } from '../../db/client';
import { actorOf } from '../../http/guard';
import { activationRoutes } from '../../http/master-data-routes';
import {
  categoryOptions,
  createCategory,
  listCategories,
  setCategoryActive,
  updateCategory,
} from './ckd-categories.service';

const tags = ['ckd'];
const params = z.object({ id: z.string().uuid('Not a CKD category id') });
const write = { permission: 'ckd-categories' } as const;
const NO_CATEGORY = 'No CKD category with this id.';
const TAKEN = 'The name or the code is taken, in any case (`details.fieldErrors.name` / `code`).';

export async function ckdCategoryRoutes(app: FastifyInstance, opts: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/api/ckd/categories',
    {
      config: { permission: ['ckd-categories', 'ckd-management'] },
      schema: {
        tags,
        summary: 'List CKD categories with their steel usage (q: name, code or stove model)',
        description:
          'The CKD (kit) categories, each with its steel usage per kit, sorted by name, code, stove model or ' +
          'creation. `q` searches the name, code and stove model; filter `active`.',
        querystring: listCkdCategoriesQuerySchema,
        response: { 200: ckdCategoryListSchema },
      },
    },
    async (request) => listCategories(db, request.query),
  );

  r.get(
    '/api/ckd/categories/options',
    {
      // The sales package form picks its stove model here too.
      config: {
        permission: [
          'ckd-management',
          'ckd-categories',
          'produced-ckd-records',
          'production-management',
          'sales-packages',
        ],
      },
      schema: {
        tags,
        summary: 'The active CKD categories, by name (for selects)',
        description:
          "`{ items }`: the active categories' id, name, code and stove model, by name, for selects (the sales " +
          'package form picks its stove model here too).',
        response: { 200: ckdCategoryOptionsSchema },
      },
    },
    async () => ({ items: await categoryOptions(db) }),
  );

  r.post(
    '/api/ckd/categories',
    {
      config: {
        ...write,
        errors: {
          400: 'A steel line names an unknown or deactivated steel category (`details.fieldErrors` on `steelUsage.N.steelCategoryId`).',
          409: TAKEN,
        },
      },
      schema: {
        tags,
        summary: 'Create a CKD category with its steel usage per kit',
        description:
          'Creates a category `{ name, code, stoveModel, description?, steelUsage: [{ steelCategoryId, ' +
          'quantityPerKit }] }`: the code is 2-16 of A-Z, 0-9 and -, upper-cased; name and code are unique in ' +
          'any case; each steel line names an active steel category once. Audited. Answers 201.',
        body: ckdCategoryInputSchema,
        response: { 201: ckdCategorySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createCategory(db, actorOf(request), request.body)),
  );

  r.patch(
    '/api/ckd/categories/:id',
    {
      config: {
        ...write,
        errors: {
          400: 'A steel line names an unknown steel category, or adds a deactivated one (`details.fieldErrors` on `steelUsage.N.steelCategoryId`).',
          404: NO_CATEGORY,
          409: TAKEN,
        },
      },
      schema: {
        tags,
        summary: 'Change a CKD category (steelUsage, when given, replaces every line)',
        description:
          'Changes any of the fields; `steelUsage`, when given, replaces every line, all or nothing (a steel ' +
          'category deactivated since may stay on the lines that already use it, not be added). Audited.',
        params,
        body: updateCkdCategorySchema,
        response: { 200: ckdCategorySchema },
      },
    },
    async (request) => updateCategory(db, actorOf(request), request.params.id, request.body),
  );

  activationRoutes(r, {
    config: write,
    tags,
    params,
    response: ckdCategorySchema,
    deactivate: {
      url: '/api/ckd/categories/:id/deactivate',
      summary: 'Deactivate a CKD category',
      description:
        'Deactivates a category: no new kits, stove reports or sales packages of it (its kits in stock can ' +
        'still be transferred). Audited.',
      errors: { 404: NO_CATEGORY, 409: 'The category is already deactivated.' },
    },
    reactivate: {
      url: '/api/ckd/categories/:id/reactivate',
      summary: 'Reactivate a CKD category',
      description: 'Reactivates a category. Audited.',
      errors: { 404: NO_CATEGORY, 409: 'The category is already active.' },
    },
    setActive: (actor, id, active) => setCategoryActive(db, actor, id, active),
  });
}
