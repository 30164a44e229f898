import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountSchema, changeMyPasswordSchema, updateMyProfileSchema } from '../../../common/contracts/account';
import { meResponseSchema, type MeResponse } from '../../../common/contracts/me';
import type { Actor } from '../../auth/actor';
import type { Auth } from '../../auth/auth';
import type { Database } from '../../db/client';
import { actorOf } from '../../http/guard';
import { webHeaders } from '../../http/web-request';
import { changeMyPassword, getAccount, updateMyProfile, type RequestContext } from './me.service';

export function presentMe(actor: Actor): MeResponse {
  return {
    user: { id: actor.userId, email: actor.email },
    profile: { name: actor.name },
    groups: actor.groups,
    permissions: [...actor.permissions].sort(),
    factory: actor.factory,
    isGlobal: actor.isGlobal,
  };
}

const tags = ['me'];
const config = { permission: 'authenticated' } as const;

function requestContext(request: FastifyRequest): RequestContext {
  return { ipAddress: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

export async function meRoutes(app: FastifyInstance, opts: { db: Database; auth: Auth }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, auth } = opts;

  r.get(
    '/api/me',
    {
      config,
      schema: {
        tags,
        summary: 'The signed-in user, groups, effective permissions and factory',
        response: { 200: meResponseSchema },
      },
    },
    async (request) => presentMe(actorOf(request)),
  );

  r.get(
    '/api/me/account',
    {
      config,
      schema: { tags, summary: 'My account: email, name, two-factor sign-in', response: { 200: accountSchema } },
    },
    async (request) => getAccount(db, actorOf(request)),
  );

  r.patch(
    '/api/me/profile',
    {
      config,
      schema: { tags, summary: 'Change my name', body: updateMyProfileSchema, response: { 200: accountSchema } },
    },
    async (request) => updateMyProfile(db, actorOf(request), request.body, requestContext(request)),
  );

  r.post(
    '/api/me/password',
    {
      config,
      schema: {
        tags,
        summary: 'Change my password (needs the current one); my other sessions are ended',
        body: changeMyPasswordSchema,
      },
    },
    async (request, reply) => {
      const cookies = await changeMyPassword(
        db,
        auth,
        actorOf(request),
        request.body,
        webHeaders(request),
        requestContext(request),
      );
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.status(204).send();
    },
  );
}
