import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calendarEventListSchema,
  calendarEventSchema,
  createCalendarEventSchema,
  listCalendarEventsQuerySchema,
  moveCalendarEventSchema,
  upcomingCalendarEventsQuerySchema,
  upcomingCalendarEventsSchema,
  updateCalendarEventSchema,
} from '../../../common/contracts/calendar';
import type { Database } from '../../db/client';
import { actorOf } from '../../http/guard';
import {
  createEvent,
  editEvent,
  getEvent,
  listEvents,
  moveEvent,
  removeEvent,
  upcomingEvents,
} from './calendar.service';

const tags = ['calendar'];
const params = z.object({ id: z.string().uuid('Not a calendar event id') });
const config = { permission: 'calendar-management' } as const;

export async function calendarRoutes(app: FastifyInstance, opts: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/api/calendar/events',
    {
      config,
      schema: {
        tags,
        summary: 'The events overlapping [from, to) (at most 366 days), by start',
        querystring: listCalendarEventsQuerySchema,
        response: { 200: calendarEventListSchema },
      },
    },
    async (request) => listEvents(db, actorOf(request), request.query),
  );

  r.get(
    '/api/calendar/upcoming',
    {
      config,
      schema: {
        tags,
        summary: 'The next events not over yet, for dashboards',
        querystring: upcomingCalendarEventsQuerySchema,
        response: { 200: upcomingCalendarEventsSchema },
      },
    },
    async (request) => upcomingEvents(db, actorOf(request), request.query),
  );

  r.get(
    '/api/calendar/events/:id',
    { config, schema: { tags, summary: 'One event', params, response: { 200: calendarEventSchema } } },
    async (request) => getEvent(db, actorOf(request), request.params.id),
  );

  r.post(
    '/api/calendar/events',
    {
      config,
      schema: {
        tags,
        summary: 'Create an event',
        body: createCalendarEventSchema,
        response: { 201: calendarEventSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createEvent(db, actorOf(request), request.body)),
  );

  r.patch(
    '/api/calendar/events/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Change an event',
        params,
        body: updateCalendarEventSchema,
        response: { 200: calendarEventSchema },
      },
    },
    async (request) => editEvent(db, actorOf(request), request.params.id, request.body),
  );

  r.post(
    '/api/calendar/events/:id/move',
    {
      config,
      schema: {
        tags,
        summary: 'Move an event to a new start, keeping its duration',
        params,
        body: moveCalendarEventSchema,
        response: { 200: calendarEventSchema },
      },
    },
    async (request) => moveEvent(db, actorOf(request), request.params.id, request.body),
  );

  r.delete(
    '/api/calendar/events/:id',
    { config, schema: { tags, summary: 'Delete an event', params } },
    async (request, reply) => {
      await removeEvent(db, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
