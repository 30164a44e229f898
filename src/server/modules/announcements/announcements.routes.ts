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
const everyone = { permission: 'authenticated' } as const;

export async function announcementRoutes(app: FastifyInstance, opts: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  // Every signed-in user: their own announcements.
  r.get(
    '/api/announcements/mine',
    {
      config: everyone,
      schema: {
        tags,
        summary: 'My published announcements: pinned first, then newest, with read flags',
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
        response: { 200: unreadAnnouncementsSchema },
      },
    },
    async (request) => myUnreadCount(db, actorOf(request)),
  );

  r.post(
    '/api/announcements/read-all',
    {
      config: everyone,
      schema: { tags, summary: 'Mark all my announcements as read', response: { 200: unreadAnnouncementsSchema } },
    },
    async (request) => markAllAnnouncementsRead(db, actorOf(request)),
  );

  r.post(
    '/api/announcements/:id/read',
    {
      config: everyone,
      schema: {
        tags,
        summary: 'Mark one of my announcements as read (idempotent)',
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
        querystring: listAnnouncementsQuerySchema,
        response: { 200: announcementListSchema },
      },
    },
    async (request) => listAnnouncements(db, actorOf(request), request.query),
  );

  r.get(
    '/api/announcements/:id',
    { config, schema: { tags, summary: 'One announcement', params, response: { 200: announcementSchema } } },
    async (request) => getAnnouncement(db, actorOf(request), request.params.id),
  );

  r.post(
    '/api/announcements',
    {
      config,
      schema: {
        tags,
        summary: 'Create (publish or schedule) an announcement',
        body: createAnnouncementSchema,
        response: { 201: announcementSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createAnnouncement(db, actorOf(request), request.body)),
  );

  r.patch(
    '/api/announcements/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Change an announcement (text, audience, pin, publish and expiry times)',
        params,
        body: updateAnnouncementSchema,
        response: { 200: announcementSchema },
      },
    },
    async (request) => updateAnnouncement(db, actorOf(request), request.params.id, request.body),
  );

  r.post(
    '/api/announcements/:id/expire',
    {
      config,
      schema: { tags, summary: 'Expire an announcement now', params, response: { 200: announcementSchema } },
    },
    async (request) => expireAnnouncement(db, actorOf(request), request.params.id),
  );
}
