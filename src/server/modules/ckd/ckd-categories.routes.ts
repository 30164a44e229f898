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
        response: { 200: ckdCategoryOptionsSchema },
      },
    },
    async () => ({ items: await categoryOptions(db) }),
  );

  r.post(
    '/api/ckd/categories',
    {
      config: write,
      schema: {
        tags,
        summary: 'Create a CKD category with its steel usage per kit',
        body: ckdCategoryInputSchema,
        response: { 201: ckdCategorySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createCategory(db, actorOf(request), request.body)),
  );

  r.patch(
    '/api/ckd/categories/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Change a CKD category (steelUsage, when given, replaces every line)',
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
    deactivate: { url: '/api/ckd/categories/:id/deactivate', summary: 'Deactivate a CKD category' },
    reactivate: { url: '/api/ckd/categories/:id/reactivate', summary: 'Reactivate a CKD category' },
    setActive: (actor, id, active) => setCategoryActive(db, actor, id, active),
  });
}
