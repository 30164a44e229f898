import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { searchQuerySchema, searchResponseSchema } from '../../../common/contracts/search';
import type { Database } from '../../db/client';
import { actorOf } from '../../http/guard';
import { search } from './search.service';

export async function searchRoutes(app: FastifyInstance, opts: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/api/search',
    {
      // Every signed-in user searches; each kind of hit needs its own screen's permission (below).
      config: { permission: 'authenticated', errors: { 400: 'The search is empty or longer than 100 characters.' } },
      schema: {
        tags: ['search'],
        summary: 'Search numbers, codes and names across the app (Ctrl/Cmd+K)',
        description:
          'At most 10 hits for `q`, each with its `kind`, a `title` and `subtitle` to show and the app `path` ' +
          'that opens it. First a stove ID whose code is `q` and the documents whose number `q` reads as ' +
          '("TR-000012", "tr12" or "12": stove transfers TR-, stove reports SR-, sales orders SO-, kit ' +
          'transfers KT-, inventory documents IN-/RM-/IT-); then up to 5 stove IDs whose code starts with `q` ' +
          '(from 3 characters), partners whose name starts with `q` and users whose name or email does (from ' +
          '2 characters, in any case). Each kind only for a caller with the permission of the screen that ' +
          'shows it: stove IDs and stove transfers `stove-id-management`, stove reports ' +
          '`production-management`, sales orders `sales-order` or `sales-management`, kit transfers ' +
          '`ckd-management`, inventory documents `inventory-management`, partners `customer-management`, ' +
          'users `user-management`. A factory-scoped caller finds what their lists show: documents of their ' +
          'factory (transfers: it is a side), its stove IDs and one on a pending transfer to it; partners ' +
          "and users are not a factory's.",
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema },
      },
    },
    async (request) => search(db, actorOf(request), request.query.q),
  );
}
