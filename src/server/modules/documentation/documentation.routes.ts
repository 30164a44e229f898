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
/** Said by both routes that write. */
const EDITORS = 'Only the Admin group holds edit-documentation.';
const NOT_FOUND = 'No documentation page at this address.';
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
      schema: {
        tags,
        summary: 'Every page (no text), by section then title',
        description: 'Every page without its text, by section then title.',
        response: { 200: docPageIndexSchema },
      },
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
        description:
          'Full-text search over the title, section and text (PostgreSQL `websearch_to_tsquery`, plus word ' +
          'prefixes and part of a title), best first, at most 50, each with a snippet whose found words are ' +
          'marked. An empty `q` is a 400.',
        querystring: docSearchQuerySchema,
        response: { 200: docSearchResponseSchema },
      },
    },
    async (request) => searchDocumentation(db, request.query.q),
  );

  r.get(
    '/api/documentation/pages/:slug',
    {
      config: { ...read, errors: { 404: NOT_FOUND } },
      schema: {
        tags,
        summary: 'One page with its text',
        description: 'One page with its text, version, and who saved it and when.',
        params: slugParams,
        response: { 200: docPageSchema },
      },
    },
    async (request) => getDocPage(db, request.params.slug),
  );

  r.get(
    '/api/documentation/pages/:slug/history',
    {
      config: { ...read, errors: { 404: NOT_FOUND } },
      schema: {
        tags,
        summary: "A page's versions, newest first",
        description: 'The versions of a page, newest first, with who saved each and when.',
        params: slugParams,
        response: { 200: docHistorySchema },
      },
    },
    async (request) => getDocHistory(db, request.params.slug),
  );

  r.get(
    '/api/documentation/pages/:slug/history/:version',
    {
      config: { ...read, errors: { 404: [NOT_FOUND, 'The page has no such version.'] } },
      schema: {
        tags,
        summary: 'One version of a page, with its text',
        description: 'One version of a page, with its text.',
        params: versionParams,
        response: { 200: docRevisionSchema },
      },
    },
    async (request) => getDocRevision(db, request.params.slug, request.params.version),
  );

  r.post(
    '/api/documentation/pages',
    {
      config: {
        ...write,
        errors: {
          400: 'No address can be made from the title (`details.fieldErrors`).',
          409: 'A page with this address already exists (`details.fieldErrors.slug`).',
        },
      },
      schema: {
        tags,
        summary: 'Create a page',
        description:
          'Creates a page `{ title, section, body, slug? }` at its address (`slug`, made from the title ' +
          'when absent). Every save is a version in the history and an audit row; pages are never deleted. ' +
          'Answers 201. ' +
          EDITORS,
        body: createDocPageSchema,
        response: { 201: docPageSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createDocPage(db, actorOf(request), request.body)),
  );

  r.patch(
    '/api/documentation/pages/:slug',
    {
      config: {
        ...write,
        errors: {
          404: NOT_FOUND,
          409: 'Someone saved the page since `version`: `details` is `{ currentVersion, updatedAt, updatedBy }`.',
        },
      },
      schema: {
        tags,
        summary: 'Save a new version of a page (409 when someone saved since `version`)',
        description:
          'Saves a new version of any of the title, section and text. `version` is the version the editor ' +
          'started from: when someone saved since, nothing changes and the answer names who and when. A ' +
          'save that changes nothing is no new version. Every save is a version in the history and an audit ' +
          'row. ' +
          EDITORS,
        params: slugParams,
        body: updateDocPageSchema,
        response: { 200: docPageSchema },
      },
    },
    async (request) => updateDocPage(db, actorOf(request), request.params.slug, request.body),
  );
}
