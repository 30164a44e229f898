import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountSchema, changeMyPasswordSchema, updateMyProfileSchema } from '../../../common/contracts/account';
import { meResponseSchema, type MeResponse } from '../../../common/contracts/me';
import type { Actor } from '../../auth/actor';
import type { Auth } from '../../auth/auth';
import type { Database } from '../../db/client';
import { NO_CONTENT } from '../../http/api-docs';
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
    timeZone: actor.timeZone,
    companyTimeZone: actor.companyTimeZone,
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
        description:
          'Who the caller is: user id and email, profile name, groups, effective permissions (sorted), ' +
          'factory, whether they are global (see every factory) or factory-scoped, the time zone of their days ' +
          "and times (`timeZone`: their factory's, else the company's) and the company's (`companyTimeZone`).",
        response: { 200: meResponseSchema },
      },
    },
    async (request) => presentMe(actorOf(request)),
  );

  r.get(
    '/api/me/account',
    {
      config,
      schema: {
        tags,
        summary: 'My account: email, name, two-factor sign-in',
        description:
          "The caller's email, name and whether two-factor sign-in is on (set up through " +
          '`/api/auth/two-factor/*`).',
        response: { 200: accountSchema },
      },
    },
    async (request) => getAccount(db, actorOf(request)),
  );

  r.patch(
    '/api/me/profile',
    {
      config,
      schema: {
        tags,
        summary: 'Change my name',
        description:
          "Changes the caller's own name; audited. The one way to change it (better-auth's `/update-user` " +
          'is closed).',
        body: updateMyProfileSchema,
        response: { 200: accountSchema },
      },
    },
    async (request) => updateMyProfile(db, actorOf(request), request.body, requestContext(request)),
  );

  r.post(
    '/api/me/password',
    {
      config: {
        ...config,
        errors: {
          400: 'The current password is not correct (`details.fieldErrors.currentPassword`), or the new one was refused (`details.fieldErrors.newPassword`): the same as the current one, one of the 49,000 most common passwords, or containing the email name.',
          429: 'Ten wrong current passwords in 15 minutes: wait 15 minutes.',
        },
        success: NO_CONTENT,
      },
      schema: {
        tags,
        summary: 'Change my password (needs the current one); my other sessions are ended',
        description:
          'Checks the current password and sets the new one (different from the current one); every other ' +
          'session of the caller ends (their live streams get `signed-out` at once) and this browser gets a ' +
          'new session cookie. The one way to change ' +
          "one's password (better-auth's `/change-password` is closed). Audited, wrong current passwords " +
          'too.',
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
