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
import { NO_CONTENT } from '../../http/api-docs';
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
const NOT_FOUND = "No such event, or another factory's than the caller's.";
const COMPANY_WIDE =
  "A factory-scoped user changing a company-wide event or another factory's, or creating one for them.";
const FIELDS =
  'A blank title, an end before the start, an unknown category, or an unknown or deactivated factory (`details.fieldErrors` on the field).';
/** Who sees and changes which events: said by every route. */
const SCOPE =
  "Factory-scoped users see company-wide events and their own factory's, and create, change, move and delete only their own factory's.";

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
        description:
          'The events overlapping `[from, to)` (ISO instants, at most 366 days apart: 400 otherwise), by ' +
          "start; `category` filters them; `factoryId` gives that factory's events and the company-wide " +
          'ones. At most 1,000, with `truncated` when more overlap the range. ' +
          SCOPE,
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
        description:
          'The next events not over yet, ongoing ones first (`limit`, default 5; `factoryId` as in the ' +
          'list), for dashboards. ' +
          SCOPE,
        querystring: upcomingCalendarEventsQuerySchema,
        response: { 200: upcomingCalendarEventsSchema },
      },
    },
    async (request) => upcomingEvents(db, actorOf(request), request.query),
  );

  r.get(
    '/api/calendar/events/:id',
    {
      config: { ...config, errors: { 404: NOT_FOUND } },
      schema: {
        tags,
        summary: 'One event',
        description: `One event. ${SCOPE}`,
        params,
        response: { 200: calendarEventSchema },
      },
    },
    async (request) => getEvent(db, actorOf(request), request.params.id),
  );

  r.post(
    '/api/calendar/events',
    {
      config: { ...config, errors: { 400: FIELDS, 403: COMPANY_WIDE } },
      schema: {
        tags,
        summary: 'Create an event',
        description:
          'Creates an event in a category (production, delivery, meeting, holiday, other); without a ' +
          'factory it is company-wide. An all-day event is stored as whole UTC days: from midnight UTC of ' +
          'its first day to midnight UTC after its last. Audited and pushed to open pages. Answers 201. ' +
          SCOPE +
          ' A new event of theirs defaults to their factory.',
        body: createCalendarEventSchema,
        response: { 201: calendarEventSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createEvent(db, actorOf(request), request.body)),
  );

  r.patch(
    '/api/calendar/events/:id',
    {
      config: { ...config, errors: { 400: FIELDS, 403: COMPANY_WIDE, 404: NOT_FOUND } },
      schema: {
        tags,
        summary: 'Change an event',
        description:
          'Changes any of the fields, under the same rules as creating one. Audited and pushed to open ' +
          'pages. ' +
          SCOPE,
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
      config: { ...config, errors: { 403: COMPANY_WIDE, 404: NOT_FOUND } },
      schema: {
        tags,
        summary: 'Move an event to a new start, keeping its duration',
        description: 'Moves an event to `startsAt`, keeping its duration. Audited and pushed to open pages. ' + SCOPE,
        params,
        body: moveCalendarEventSchema,
        response: { 200: calendarEventSchema },
      },
    },
    async (request) => moveEvent(db, actorOf(request), request.params.id, request.body),
  );

  r.delete(
    '/api/calendar/events/:id',
    {
      config: { ...config, errors: { 403: COMPANY_WIDE, 404: NOT_FOUND }, success: NO_CONTENT },
      schema: {
        tags,
        summary: 'Delete an event',
        description: 'Deletes an event. Audited and pushed to open pages. ' + SCOPE,
        params,
      },
    },
    async (request, reply) => {
      await removeEvent(db, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
