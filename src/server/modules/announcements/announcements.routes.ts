import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  announcementListSchema,
  announcementSchema,
  createAnnouncementSchema,
  listAnnouncementsQuerySchema,
  myAnnouncementsSchema,
  unreadAnnouncementsSchema,
  updateAnnouncementSchema,
} from '../../../common/contracts/announcements';
import type { Database } from '../../db/client';
import type { MailingRoutes } from '../notifications/notifications.service';
import { actorOf } from '../../http/guard';
import {
  createAnnouncement,
  expireAnnouncement,
  getAnnouncement,
  listAnnouncements,
  markAllAnnouncementsRead,
  markAnnouncementRead,
  myAnnouncements,
  myUnreadCount,
  updateAnnouncement,
} from './announcements.service';

const tags = ['announcements'];
const params = z.object({ id: z.string().uuid('Not an announcement id') });
const config = { permission: 'announcement-management' } as const;
const NOT_FOUND = 'No such announcement, or one the caller may not manage.';
const AUDIENCE = {
  400: 'An unknown or deactivated factory (`details.fieldErrors.audienceFactoryIds`), or an expiry not after the publish time or in the past (`details.fieldErrors.expiresAt`).',
  403: 'A factory-scoped manager addressing another factory than their own (or having none).',
};
const everyone = { permission: 'authenticated' } as const;

export async function announcementRoutes(app: FastifyInstance, opts: { db: Database; mailing?: MailingRoutes }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, mailing } = opts;

  // Every signed-in user: their own announcements.
  r.get(
    '/api/announcements/mine',
    {
      config: everyone,
      schema: {
        tags,
        summary: 'My published announcements: pinned first, then newest, with read flags',
        description:
          'The published, unexpired announcements addressed to the caller by their groups and factory: ' +
          'pinned first, then newest; at most 50; each with `read`, `author`, `publishAt` and `files` (how many ' +
          'files are attached: GET /api/announcements/:id/files lists them); and `unread`, ' +
          'how many are unread.',
        response: { 200: myAnnouncementsSchema },
      },
    },
    async (request) => myAnnouncements(db, actorOf(request)),
  );

  r.get(
    '/api/announcements/mine/unread-count',
    {
      config: everyone,
      schema: {
        tags,
        summary: 'How many of my announcements I have not read',
        description: "The count of the caller's unread announcements, `{ unread }`.",
        response: { 200: unreadAnnouncementsSchema },
      },
    },
    async (request) => myUnreadCount(db, actorOf(request)),
  );

  r.post(
    '/api/announcements/read-all',
    {
      config: everyone,
      schema: {
        tags,
        summary: 'Mark all my announcements as read',
        description: 'Marks every announcement addressed to the caller as read; answers `{ unread }`.',
        response: { 200: unreadAnnouncementsSchema },
      },
    },
    async (request) => markAllAnnouncementsRead(db, actorOf(request)),
  );

  r.post(
    '/api/announcements/:id/read',
    {
      config: {
        ...everyone,
        errors: {
          404: 'The announcement does not reach the caller now (not addressed to them, not published, or expired).',
        },
      },
      schema: {
        tags,
        summary: 'Mark one of my announcements as read (idempotent)',
        description: 'Marks one announcement as read by the caller (again is fine); answers `{ unread }`.',
        params,
        response: { 200: unreadAnnouncementsSchema },
      },
    },
    async (request) => markAnnouncementRead(db, actorOf(request), request.params.id),
  );

  // Management.
  r.get(
    '/api/announcements',
    {
      config,
      schema: {
        tags,
        summary: 'List announcements',
        description:
          'The announcements the caller manages, newest publish time first. `q` searches the title and ' +
          'text; filters `status` (`scheduled`, `live` or `expired`) and `pinned`. A factory-scoped manager ' +
          '(if granted the permission) sees the announcements addressed to exactly their factory.',
        querystring: listAnnouncementsQuerySchema,
        response: { 200: announcementListSchema },
      },
    },
    async (request) => listAnnouncements(db, actorOf(request), request.query),
  );

  r.get(
    '/api/announcements/:id',
    {
      config: { ...config, errors: { 404: NOT_FOUND } },
      schema: {
        tags,
        summary: 'One announcement',
        description: 'One announcement the caller manages.',
        params,
        response: { 200: announcementSchema },
      },
    },
    async (request) => getAnnouncement(db, actorOf(request), request.params.id),
  );

  r.post(
    '/api/announcements',
    {
      config: { ...config, errors: AUDIENCE },
      schema: {
        tags,
        summary: 'Create (publish or schedule) an announcement',
        description:
          'Publishes an announcement (a title, a Markdown text of at most 20,000 characters) now, or ' +
          'schedules it for `publishAt`, until `expiresAt` if given. Empty audiences: everyone; with both ' +
          'groups and factories, a reader must match both. A factory-scoped manager addresses only their ' +
          'own factory (the default). Audited and pushed to open pages. Once published (now, or at ' +
          '`publishAt`) it is mailed once to the readers who chose announcements by mail. Answers 201.',
        body: createAnnouncementSchema,
        response: { 201: announcementSchema },
      },
    },
    async (request, reply) => {
      const created = await createAnnouncement(db, actorOf(request), request.body, mailing);
      mailing?.mail.wake();
      return reply.status(201).send(created);
    },
  );

  r.patch(
    '/api/announcements/:id',
    {
      config: { ...config, errors: { ...AUDIENCE, 404: NOT_FOUND } },
      schema: {
        tags,
        summary: 'Change an announcement (text, audience, pin, publish and expiry times)',
        description:
          'Changes any of its fields: pin and unpin, a new publish time, `expiresAt: null` removes the ' +
          'expiry. Audited and pushed to open pages.',
        params,
        body: updateAnnouncementSchema,
        response: { 200: announcementSchema },
      },
    },
    async (request) => {
      const updated = await updateAnnouncement(db, actorOf(request), request.params.id, request.body, mailing);
      mailing?.mail.wake();
      return updated;
    },
  );

  r.post(
    '/api/announcements/:id/expire',
    {
      config: { ...config, errors: { 404: NOT_FOUND, 409: 'The announcement has already expired.' } },
      schema: {
        tags,
        summary: 'Expire an announcement now',
        description:
          'Ends the announcement now (a scheduled one is never published). Audited and pushed to open ' + 'pages.',
        params,
        response: { 200: announcementSchema },
      },
    },
    async (request) => expireAnnouncement(db, actorOf(request), request.params.id),
  );
}
