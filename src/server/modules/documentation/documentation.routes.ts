import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createDocPageSchema,
  docHistorySchema,
  docPageIndexSchema,
  docPageSchema,
  docRevisionSchema,
  docSearchQuerySchema,
  docSearchResponseSchema,
  updateDocPageSchema,
} from '../../../common/contracts/documentation';
import type { Database } from '../../db/client';
import { actorOf } from '../../http/guard';
import {
  createDocPage,
  getDocHistory,
  getDocPage,
  getDocRevision,
  listDocPages,
  searchDocumentation,
  updateDocPage,
} from './documentation.service';

const tags = ['documentation'];
const read = { permission: 'system-documentation' } as const;
const write = { permission: 'edit-documentation' } as const;
/** Any text: an address that is not a page's is a 404, not a 400. */
const slugParams = z.object({ slug: z.string().trim().toLowerCase().min(1).max(200) });
const versionParams = slugParams.extend({
  version: z.coerce
    .number({ error: 'Not a version number' })
    .int('Not a version number')
    .min(1, 'Not a version number'),
});

export async function documentationRoutes(app: FastifyInstance, opts: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/api/documentation/pages',
    {
      config: read,
      schema: { tags, summary: 'Every page (no text), by section then title', response: { 200: docPageIndexSchema } },
    },
    async () => listDocPages(db),
  );

  r.get(
    '/api/documentation/search',
    {
      config: read,
      schema: {
        tags,
        summary: 'Full-text search of the pages, best first, with a snippet',
        querystring: docSearchQuerySchema,
        response: { 200: docSearchResponseSchema },
      },
    },
    async (request) => searchDocumentation(db, request.query.q),
  );

  r.get(
    '/api/documentation/pages/:slug',
    {
      config: read,
      schema: { tags, summary: 'One page with its text', params: slugParams, response: { 200: docPageSchema } },
    },
    async (request) => getDocPage(db, request.params.slug),
  );

  r.get(
    '/api/documentation/pages/:slug/history',
    {
      config: read,
      schema: {
        tags,
        summary: "A page's versions, newest first",
        params: slugParams,
        response: { 200: docHistorySchema },
      },
    },
    async (request) => getDocHistory(db, request.params.slug),
  );

  r.get(
    '/api/documentation/pages/:slug/history/:version',
    {
      config: read,
      schema: {
        tags,
        summary: 'One version of a page, with its text',
        params: versionParams,
        response: { 200: docRevisionSchema },
      },
    },
    async (request) => getDocRevision(db, request.params.slug, request.params.version),
  );

  r.post(
    '/api/documentation/pages',
    {
      config: write,
      schema: { tags, summary: 'Create a page', body: createDocPageSchema, response: { 201: docPageSchema } },
    },
    async (request, reply) => reply.status(201).send(await createDocPage(db, actorOf(request), request.body)),
  );

  r.patch(
    '/api/documentation/pages/:slug',
    {
      config: write,
      schema: {
        tags,
        summary: 'Save a new version of a page (409 when someone saved since `version`)',
        params: slugParams,
        body: updateDocPageSchema,
        response: { 200: docPageSchema },
      },
    },
    async (request) => updateDocPage(db, actorOf(request), request.params.slug, request.body),
  );
}
