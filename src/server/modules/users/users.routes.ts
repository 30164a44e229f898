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
import type { MailingRoutes } from '../notifications/notifications.service';
import { resendInvitation } from './invitations.service';
import { NO_CONTENT } from '../../http/api-docs';
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
const NO_USER = 'No user with this id.';
const FACTORY = 'An unknown or deactivated factory (`details.fieldErrors.factoryId`).';
const EMAIL_TAKEN = 'A user with this email already exists, in any case (`details.fieldErrors.email`).';
/** The password rules of auth/password-rules.ts, beyond the length the schema checks. */
const WEAK_PASSWORD =
  'The password is one of the 49,000 most common passwords, or contains the email name (`details.fieldErrors.password`).';
const sessionParams = params.extend({ sessionId: z.string().uuid('Not a session id') });

export async function userRoutes(app: FastifyInstance, opts: { db: Database; mailing: MailingRoutes }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, mailing } = opts;

  r.get(
    '/api/users',
    {
      config,
      schema: {
        tags,
        summary: 'List users',
        description:
          'The users, sorted by name, email or creation. `q` searches the email and the name; filters ' +
          '`group`, `factoryId` and `active`. Each user with their groups, factory, two-factor sign-in, ' +
          'last activity and whether they are online now (an open tab seen in the last 2 minutes).',
        querystring: listUsersQuerySchema,
        response: { 200: userListSchema },
      },
    },
    async (request) => listUsers(db, request.query),
  );

  r.get(
    '/api/users/export.csv',
    {
      config,
      schema: {
        tags,
        summary: 'Export the filtered users as CSV',
        description:
          'The users of `GET /api/users` with the same search, filters and sort, as CSV: name, email, ' +
          'groups, factory code, active, two-factor, created and last activity.',
        querystring: exportUsersQuerySchema,
      },
    },
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
        description: 'Every user with an open tab (activity session) seen in the last 2 minutes.',
        response: { 200: onlineUsersSchema },
      },
    },
    async () => ({ items: await listOnlineUsers(db) }),
  );

  r.post(
    '/api/users',
    {
      config: {
        ...config,
        errors: {
          400: [
            FACTORY,
            WEAK_PASSWORD,
            'Neither a `password` nor `invite: true`, or both (`details.fieldErrors.password`).',
          ],
          409: EMAIL_TAKEN,
        },
      },
      schema: {
        tags,
        summary: 'Create a user who signs in with email and password, or invite them to choose one',
        description:
          'Sign-up is closed: administrators create users. The user signs in with this email and the given ' +
          '`password`, or, with `invite: true` instead of a password, is mailed an invitation (queued in the ' +
          'same transaction) whose link lets them choose their own within 72 hours (`invitationExpiresAt`); ' +
          'until then no password signs them in. They hold the given groups (at least one) and, when ' +
          '`factoryId` is given, belong to that active factory. Audited as `create` (never the password) and, ' +
          'when invited, `invitation_sent`.',
        body: createUserSchema,
        response: { 201: createdUserSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createUser(db, actorOf(request), request.body, mailing)),
  );

  r.get(
    '/api/users/:id',
    {
      config: { ...config, errors: { 404: NO_USER } },
      schema: {
        tags,
        summary: 'One user',
        description: 'One user, as the list shows them.',
        params,
        response: { 200: userSchema },
      },
    },
    async (request) => getUser(db, request.params.id),
  );

  r.patch(
    '/api/users/:id',
    {
      config: {
        ...config,
        errors: {
          400: FACTORY,
          404: NO_USER,
          409: [
            EMAIL_TAKEN,
            'Removing your own Admin group, or the Admin group of the last active Admin (`details.fieldErrors.groups`).',
          ],
        },
      },
      schema: {
        tags,
        summary: 'Change a user (email, name, groups, factory)',
        description:
          'Changes any of the email, the name, the groups (the list replaces them) and the factory (`null`: ' +
          'none); at least one of them. Audited with the user before and after.',
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
      config: { ...config, errors: { 400: WEAK_PASSWORD, 404: NO_USER }, success: NO_CONTENT },
      schema: {
        tags,
        summary: "Set a user's password; ends all their sessions",
        description:
          'Sets a new password (hashed with argon2id) and signs the user out everywhere: every session and ' +
          'tab record of theirs ends; an invitation not yet accepted stops working. Audited without the password.',
        params,
        body: setUserPasswordSchema,
      },
    },
    async (request, reply) => {
      await setUserPassword(db, actorOf(request), request.params.id, request.body.password);
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/users/:id/invitation',
    {
      config: {
        ...config,
        errors: {
          404: NO_USER,
          409: 'The user is deactivated, or already has a password (they accepted, or an Admin set one).',
        },
      },
      schema: {
        tags,
        summary: 'Send a user a new invitation',
        description:
          'Mails a new link to choose their password, valid 72 hours, to an active user who has none yet; ' +
          'the earlier link stops working. Audited as `invitation_sent`.',
        params,
        response: { 200: userSchema },
      },
    },
    async (request) => {
      await resendInvitation(db, actorOf(request), mailing, request.params.id);
      return getUser(db, request.params.id);
    },
  );

  r.post(
    '/api/users/:id/deactivate',
    {
      config: {
        ...config,
        errors: {
          404: NO_USER,
          409: 'The user is already deactivated, is the caller, or is the last active Admin.',
        },
      },
      schema: {
        tags,
        summary: 'Deactivate a user: blocks sign-in, ends all sessions',
        description:
          'The user can no longer sign in and is signed out everywhere; an invitation not yet accepted stops ' +
          'working. Audited.',
        params,
        response: { 200: userSchema },
      },
    },
    async (request) => setUserActive(db, actorOf(request), request.params.id, false),
  );

  r.post(
    '/api/users/:id/reactivate',
    {
      config: { ...config, errors: { 404: NO_USER, 409: 'The user is already active.' } },
      schema: {
        tags,
        summary: 'Reactivate a user',
        description: 'The user may sign in again. Audited.',
        params,
        response: { 200: userSchema },
      },
    },
    async (request) => setUserActive(db, actorOf(request), request.params.id, true),
  );

  r.get(
    '/api/users/:id/sessions',
    {
      config: { ...config, errors: { 404: NO_USER } },
      schema: {
        tags,
        summary: "A user's signed-in sessions",
        description:
          "The user's sessions: browser, IP address, when each started and was last active, and which one " +
          "is the caller's own.",
        params,
        response: { 200: userSessionsSchema },
      },
    },
    async (request) => ({ items: await listUserSessions(db, actorOf(request), request.params.id) }),
  );

  r.delete(
    '/api/users/:id/sessions/:sessionId',
    {
      config: {
        ...config,
        errors: { 404: [NO_USER, 'The user has no such session (it may have ended already).'] },
        success: NO_CONTENT,
      },
      schema: {
        tags,
        summary: 'Revoke one of a user’s sessions',
        description: 'Signs the user out of one browser: the session and its tab records end. Audited.',
        params: sessionParams,
      },
    },
    async (request, reply) => {
      await revokeUserSession(db, actorOf(request), request.params.id, request.params.sessionId);
      return reply.status(204).send();
    },
  );
}
