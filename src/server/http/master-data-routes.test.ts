/**
 * activationRoutes on a bare Fastify app (no database, no session: the request's actor is set by
 * a hook): which routes it registers with which schema, and what each passes to the service.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Actor } from '../auth/actor';
import { NO_CONTENT } from './api-docs';
import { activationRoutes } from './master-data-routes';

const ID = '3f1c2b6e-8a4d-4c1e-9b7a-2d5e6f708192';
const ACTOR = { userId: 'user-1' } as Actor;
const widgetSchema = z.object({ id: z.string(), active: z.boolean() });

let app: FastifyInstance;
afterEach(async () => {
  await app.close();
});

const NO_WIDGET = 'No widget with this id.';

/**
 * An app with the activation routes of "widgets"; `calls` records what the service was asked,
 * `documented` what each route gives the API reference (src/server/http/api-docs.ts).
 */
async function widgetApp(withDelete: boolean) {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    request.actor = ACTOR;
  });
  const routes: { method: string; url: string; summary: unknown; permission: unknown }[] = [];
  const documented: { route: string; description: unknown; errors: unknown; success: unknown }[] = [];
  app.addHook('onRoute', (route) => {
    routes.push({
      method: String(route.method),
      url: route.url,
      summary: route.schema?.summary,
      permission: route.config?.permission,
    });
    documented.push({
      route: `${String(route.method)} ${route.url}`,
      description: route.schema?.description,
      errors: route.config?.errors,
      success: route.config?.success,
    });
  });
  const calls: unknown[][] = [];
  activationRoutes(app.withTypeProvider<ZodTypeProvider>(), {
    config: { permission: 'factory-management' },
    tags: ['widgets'],
    params: z.object({ id: z.string().uuid('Not a widget id') }),
    response: widgetSchema,
    ...(withDelete
      ? {
          delete: {
            url: '/api/widgets/:id',
            summary: 'Delete a widget nothing uses',
            description: 'Deletes a widget nothing uses.',
            errors: { 404: NO_WIDGET, 409: 'Something uses the widget.' },
            remove: async (actor: Actor, id: string) => {
              calls.push(['remove', actor, id]);
            },
          },
        }
      : {}),
    deactivate: {
      url: '/api/widgets/:id/deactivate',
      summary: 'Deactivate a widget',
      description: 'Deactivates a widget.',
      errors: { 404: NO_WIDGET, 409: 'The widget is already deactivated.' },
    },
    reactivate: {
      url: '/api/widgets/:id/reactivate',
      summary: 'Reactivate a widget',
      description: 'Reactivates a widget.',
      errors: { 404: NO_WIDGET, 409: 'The widget is already active.' },
    },
    setActive: async (actor, id, active) => {
      calls.push(['setActive', actor, id, active]);
      // A field the response schema does not have: the answer leaves it out.
      return { id, active, secret: 'x' } as z.input<typeof widgetSchema>;
    },
  });
  await app.ready();
  return { routes, calls, documented };
}

describe('activationRoutes', () => {
  it('registers DELETE, then deactivate and reactivate, each with its summary and the permission', async () => {
    const { routes } = await widgetApp(true);
    expect(routes).toEqual([
      {
        method: 'DELETE',
        url: '/api/widgets/:id',
        summary: 'Delete a widget nothing uses',
        permission: 'factory-management',
      },
      {
        method: 'POST',
        url: '/api/widgets/:id/deactivate',
        summary: 'Deactivate a widget',
        permission: 'factory-management',
      },
      {
        method: 'POST',
        url: '/api/widgets/:id/reactivate',
        summary: 'Reactivate a widget',
        permission: 'factory-management',
      },
    ]);
  });

  it('gives each route its own description and errors, and the DELETE its 204 answer, for the API reference', async () => {
    const { documented } = await widgetApp(true);
    expect(documented).toEqual([
      {
        route: 'DELETE /api/widgets/:id',
        description: 'Deletes a widget nothing uses.',
        errors: { 404: NO_WIDGET, 409: 'Something uses the widget.' },
        success: NO_CONTENT,
      },
      {
        route: 'POST /api/widgets/:id/deactivate',
        description: 'Deactivates a widget.',
        errors: { 404: NO_WIDGET, 409: 'The widget is already deactivated.' },
        success: undefined,
      },
      {
        route: 'POST /api/widgets/:id/reactivate',
        description: 'Reactivates a widget.',
        errors: { 404: NO_WIDGET, 409: 'The widget is already active.' },
        success: undefined,
      },
    ]);
  });

  it('registers no DELETE for records that are only deactivated', async () => {
    const { routes } = await widgetApp(false);
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/widgets/:id/deactivate',
      'POST /api/widgets/:id/reactivate',
    ]);
    expect((await app.inject({ method: 'DELETE', url: `/api/widgets/${ID}` })).statusCode).toBe(404);
  });

  it('deactivate and reactivate pass the actor, the id and false or true, and answer the record in its schema', async () => {
    const { calls } = await widgetApp(true);
    const off = await app.inject({ method: 'POST', url: `/api/widgets/${ID}/deactivate` });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ id: ID, active: false });
    const on = await app.inject({ method: 'POST', url: `/api/widgets/${ID}/reactivate` });
    expect(on.json()).toEqual({ id: ID, active: true });
    expect(calls).toEqual([
      ['setActive', ACTOR, ID, false],
      ['setActive', ACTOR, ID, true],
    ]);
  });

  it('DELETE passes the actor and the id and answers 204 with no body', async () => {
    const { calls } = await widgetApp(true);
    const res = await app.inject({ method: 'DELETE', url: `/api/widgets/${ID}` });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(calls).toEqual([['remove', ACTOR, ID]]);
  });

  it('refuses an id that is not one before calling the service', async () => {
    const { calls } = await widgetApp(true);
    for (const [method, url] of [
      ['POST', '/api/widgets/nope/deactivate'],
      ['POST', '/api/widgets/nope/reactivate'],
      ['DELETE', '/api/widgets/nope'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, url).toBe(400);
      expect(res.body).toContain('Not a widget id');
    }
    expect(calls).toEqual([]);
  });
});
