/**
 * The routes that take a master-data record out of use and back, the same in every area: POST
 * …/:id/deactivate and …/:id/reactivate (the record as it is afterwards), and, for records that
 * may be deleted while nothing uses them, DELETE …/:id (204). Each area's routes file calls
 * activationRoutes with each route's URL, summary, description and own error answers written out,
 * beside its own list, create and change routes; the service decides (404 missing, 409 already so
 * or in use).
 */
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Actor } from '../auth/actor';
import { NO_CONTENT, type RouteErrors } from './api-docs';
import { actorOf, type RoutePermission } from './guard';

/** What a routes file registers on: `app.withTypeProvider<ZodTypeProvider>()`. */
export type ZodRoutes = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** One of these routes as the area's file documents it (src/server/http/api-docs.ts). */
interface DocumentedRoute<Url extends string> {
  url: Url;
  summary: string;
  /** What the route does (the API reference adds its permission). */
  description: string;
  /** Its own error answers: 404 for a missing record, 409 when it already is so or is in use. */
  errors: RouteErrors;
}

export interface ActivationRoutes<Shown extends z.ZodType> {
  /** The permission of every one of these routes. */
  config: { permission: RoutePermission };
  tags: string[];
  /** `{ id }`, with the area's "Not a … id" message. */
  params: z.ZodObject<{ id: z.ZodString }>;
  /** The record as deactivate and reactivate answer it. */
  response: Shown;
  /** DELETE of a record nothing uses (204); absent where records are only ever deactivated. */
  delete?: DocumentedRoute<`/api/${string}/:id`> & { remove: (actor: Actor, id: string) => Promise<void> };
  deactivate: DocumentedRoute<`/api/${string}/:id/deactivate`>;
  reactivate: DocumentedRoute<`/api/${string}/:id/reactivate`>;
  /** Deactivates (false) or reactivates (true) the record and answers it. */
  setActive: (actor: Actor, id: string, active: boolean) => Promise<z.input<Shown>>;
}

/** Registers DELETE (when given), then POST …/deactivate and …/reactivate. */
export function activationRoutes<Shown extends z.ZodType>(r: ZodRoutes, routes: ActivationRoutes<Shown>): void {
  const { config, tags, params, setActive } = routes;
  // The answer is checked against Shown where the area calls this (setActive's type); Fastify
  // cannot resolve a reply type from a schema type left open, so it registers the schema as any zod type.
  const response: z.ZodType = routes.response;
  const remove = routes.delete;
  if (remove) {
    const { url, summary, description, errors } = remove;
    r.delete(
      url,
      // It answers 204 without a body: the reference says so (config.success).
      { config: { ...config, errors, success: NO_CONTENT }, schema: { tags, summary, description, params } },
      async (request, reply) => {
        await remove.remove(actorOf(request), request.params.id);
        return reply.status(204).send();
      },
    );
  }
  for (const [{ url, summary, description, errors }, active] of [
    [routes.deactivate, false],
    [routes.reactivate, true],
  ] as const) {
    r.post(
      url,
      { config: { ...config, errors }, schema: { tags, summary, description, params, response: { 200: response } } },
      async (request) => setActive(actorOf(request), request.params.id, active),
    );
  }
}
