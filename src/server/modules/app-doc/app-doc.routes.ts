import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appDocIndexSchema,
  appDocPageSchema,
  appDocSearchQuerySchema,
  appDocSearchResponseSchema,
} from '../../../common/contracts/app-doc';
import { loadAppDoc } from './app-doc.service';

const tags = ['app-doc'];
const config = { permission: 'app-doc' } as const;

/** The user guide, read from docs/app-doc once when the app starts (`dir` for tests). */
export async function appDocRoutes(app: FastifyInstance, opts: { dir?: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const library = loadAppDoc(opts.dir);

  r.get(
    '/api/app-doc',
    {
      config,
      schema: {
        tags,
        summary: 'Every App Doc page: screens, then groups',
        description:
          'The pages of the App Doc guide (read from `docs/app-doc` once at start): slug, title, kind ' +
          '(`screen` or `group`) and the app routes each describes; screens first, then groups.',
        response: { 200: appDocIndexSchema },
      },
    },
    async () => library.index(),
  );

  r.get(
    '/api/app-doc/search',
    {
      config,
      schema: {
        tags,
        summary: 'Search the App Doc pages (titles and text), best first, with a snippet',
        description:
          'The pages with every word of `q` in the title or text (the start of a word is enough), best ' +
          'first, each with a snippet.',
        querystring: appDocSearchQuerySchema,
        response: { 200: appDocSearchResponseSchema },
      },
    },
    async (request) => library.search(request.query.q),
  );

  r.get(
    '/api/app-doc/:slug',
    {
      config: { ...config, errors: { 404: 'No App Doc page at this address.' } },
      schema: {
        tags,
        summary: 'One App Doc page (Markdown)',
        description: 'One page of the guide, its Markdown.',
        params: z.object({ slug: z.string().max(200) }),
        response: { 200: appDocPageSchema },
      },
    },
    async (request) => library.page(request.params.slug),
  );
}
