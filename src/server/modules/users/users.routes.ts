import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdUserSchema,
  createUserSchema,
  exportUsersQuerySchema,
  listUsersQuerySchema,
  onlineUsersSchema,
  setUserPasswordSchema,
  updateUserSchema,
  userListSchema,
  userSchema,
  userSessionsSchema,
} from '../../../common/contracts/users';
import type { Database } from '../../db/client';
import { actorOf } from '../../http/guard';
import { sendCsv } from '../../http/list';
import {
  createUser,
  exportUsers,
  getUser,
  listOnlineUsers,
  listUsers,
  listUserSessions,
  revokeUserSession,
  setUserActive,
  setUserPassword,
  updateUser,
} from './users.service';

const tags = ['users'];
const config = { permission: 'user-management' } as const;
const params = z.object({ id: z.string().uuid('Not a user id') });
const sessionParams = params.extend({ sessionId: z.string().uuid('Not a session id') });

export async function userRoutes(app: FastifyInstance, opts: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/api/users',
    {
      config,
      schema: { tags, summary: 'List users', querystring: listUsersQuerySchema, response: { 200: userListSchema } },
    },
    async (request) => listUsers(db, request.query),
  );

  r.get(
    '/api/users/export.csv',
    { config, schema: { tags, summary: 'Export the filtered users as CSV', querystring: exportUsersQuerySchema } },
    async (request, reply) =>
      sendCsv(
        reply,
        'users.csv',
        [
          { header: 'Name', value: (u) => u.name },
          { header: 'Email', value: (u) => u.email },
          { header: 'Groups', value: (u) => u.groups.join('; ') },
          { header: 'Factory', value: (u) => u.factory?.code ?? '' },
          { header: 'Active', value: (u) => (u.active ? 'yes' : 'no') },
          { header: 'Two-factor', value: (u) => (u.twoFactorEnabled ? 'yes' : 'no') },
          { header: 'Created', value: (u) => u.createdAt },
          { header: 'Last activity', value: (u) => u.lastActivityAt },
        ],
        exportUsers(db, request.query),
      ),
  );

  r.get(
    '/api/users/online',
    {
      config,
      schema: {
        tags,
        summary: 'Who is online now (a tab active in the last 2 minutes)',
        response: { 200: onlineUsersSchema },
      },
    },
    async () => ({ items: await listOnlineUsers(db) }),
  );

  r.post(
    '/api/users',
    {
      config,
      schema: {
        tags,
        summary: 'Create a user who signs in with email and password',
        body: createUserSchema,
        response: { 201: createdUserSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createUser(db, actorOf(request), request.body)),
  );

  r.get(
    '/api/users/:id',
    { config, schema: { tags, summary: 'One user', params, response: { 200: userSchema } } },
    async (request) => getUser(db, request.params.id),
  );

  r.patch(
    '/api/users/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Change a user (email, name, groups, factory)',
        params,
        body: updateUserSchema,
        response: { 200: userSchema },
      },
    },
    async (request) => updateUser(db, actorOf(request), request.params.id, request.body),
  );

  r.post(
    '/api/users/:id/password',
    {
      config,
      schema: { tags, summary: "Set a user's password; ends all their sessions", params, body: setUserPasswordSchema },
    },
    async (request, reply) => {
      await setUserPassword(db, actorOf(request), request.params.id, request.body.password);
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/users/:id/deactivate',
    {
      config,
      schema: {
        tags,
        summary: 'Deactivate a user: blocks sign-in, ends all sessions',
        params,
        response: { 200: userSchema },
      },
    },
    async (request) => setUserActive(db, actorOf(request), request.params.id, false),
  );

  r.post(
    '/api/users/:id/reactivate',
    { config, schema: { tags, summary: 'Reactivate a user', params, response: { 200: userSchema } } },
    async (request) => setUserActive(db, actorOf(request), request.params.id, true),
  );

  r.get(
    '/api/users/:id/sessions',
    { config, schema: { tags, summary: "A user's signed-in sessions", params, response: { 200: userSessionsSchema } } },
    async (request) => ({ items: await listUserSessions(db, actorOf(request), request.params.id) }),
  );

  r.delete(
    '/api/users/:id/sessions/:sessionId',
    { config, schema: { tags, summary: 'Revoke one of a user’s sessions', params: sessionParams } },
    async (request, reply) => {
      await revokeUserSession(db, actorOf(request), request.params.id, request.params.sessionId);
      return reply.status(204).send();
    },
  );
}
