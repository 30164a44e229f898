/**
 * The one permission guard. Every API route declares `config.permission`:
 * 'public', 'authenticated', a permission name, or a list of permissions of which
 * the caller needs any one (e.g. a form that several areas share). A route without one fails
 * at start-up. 401 without a session (or after 15 idle minutes), 403 without
 * the permission; the resolved Actor is on `request.actor`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '../../common/contracts/errors';
import { MESSAGES } from '../../common/constants';
import { permissionTitle, type Permission } from '../../common/permissions';
import type { Actor } from '../auth/actor';
import type { RouteErrors, RouteSuccess } from './api-docs';
import { actorOf as sessionActor } from '../auth/actor';
import type { SessionResolver } from '../auth/session';
import { AppError, errors } from './errors';
import { webHeaders } from './web-request';

export type RoutePermission = 'public' | 'authenticated' | Permission | readonly Permission[];

/** Whether permissions satisfy a route's declared permission. */
export function holdsRoutePermission(permissions: ReadonlySet<Permission>, required: RoutePermission): boolean {
  if (required === 'public' || required === 'authenticated') return true;
  if (typeof required === 'string') return permissions.has(required);
  return required.some((p) => permissions.has(p));
}

/** The permission a route needs, as its 403 message and the API reference name it. */
/** The permissions a refusal names, in words: "CKD Transfer or Transfer CKD to Factory". */
function permissionWords(required: Permission | readonly Permission[]): string {
  return (typeof required === 'string' ? [required] : required).map(permissionTitle).join(' or ');
}

export function describePermission(required: Permission | readonly Permission[]): string {
  return typeof required === 'string' ? required : required.join(' or ');
}

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: RoutePermission;
    /** The route's own error answers with their meaning, for the API reference (src/server/http/api-docs.ts). */
    errors?: RouteErrors;
    /** The route's success answer when its schema declares none (no JSON body), for the API reference. */
    success?: RouteSuccess;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    /** Every API route, and GET /metrics, with the permission it declared (the authorization matrix test reads it). */
    routeTable: RouteTableEntry[];
  }
}

export interface RouteTableEntry {
  method: string;
  url: string;
  permission: RoutePermission;
}

/** The route's permission; throws for a route that forgot to declare one. */
export function routePermission(request: FastifyRequest): RoutePermission {
  const permission = request.routeOptions.config.permission;
  if (!permission) throw new Error(`Route ${request.routeOptions.url ?? request.url} declares no permission`);
  return permission;
}

/** The signed-in actor of a route that is not public. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw errors.unauthenticated();
  return request.actor;
}

async function guardPlugin(app: FastifyInstance, opts: { resolveSession: SessionResolver; publicPrefixes: string[] }) {
  const isApi = (url: string) => url.startsWith('/api/') && !opts.publicPrefixes.some((p) => url.startsWith(p));

  app.decorateRequest('actor', null);

  const routeTable: RouteTableEntry[] = [];
  app.decorate('routeTable', routeTable);
  // Every API route, and a route elsewhere that declares a permission (GET /metrics).
  app.addHook('onRoute', (route) => {
    const permission = route.config?.permission;
    if (!isApi(route.url) && permission === undefined) return;
    if (!permission) throw new Error(`API route ${String(route.method)} ${route.url} must declare config.permission`);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') routeTable.push({ method, url: route.url, permission });
  });

  // onRequest: refused before the body is even parsed or validated.
  app.addHook('onRequest', async (request, reply) => {
    const url = request.routeOptions.url;
    if (!url || !isApi(url)) return;
    const permission = routePermission(request);
    if (permission === 'public') return;

    const result = await opts.resolveSession(webHeaders(request));
    if (result.status === 'none') throw errors.unauthenticated();
    if (result.status === 'expired') {
      throw new AppError(401, ERROR_CODES.sessionExpired, MESSAGES.inactivityLogout);
    }
    const actor = sessionActor(result.value);
    if (!actor) throw errors.unauthenticated();
    if (permission !== 'authenticated' && !holdsRoutePermission(actor.permissions, permission)) {
      throw errors.forbidden(`You don't have permission to do this (it needs ${permissionWords(permission)}).`);
    }
    request.actor = actor;
    // The request's log lines from here on (its "request completed" included) name the user.
    request.log = request.log.child({ userId: actor.userId });
    reply.log = request.log;
  });
}

export const guard = fp(guardPlugin, { name: 'permission-guard' });
