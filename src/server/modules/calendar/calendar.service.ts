/**
 * The calendar (DOMAIN.md §4 "Announcements, calendar, documentation"). Events are company-wide
 * (no factory) or of one factory. Factory-scoped users see the company-wide events and their own
 * factory's (another factory's is "not found"), and create, change, move and delete only their own
 * factory's (a company-wide event or another factory named: 403); global users do everything.
 * Every change is audited and told to open pages (publishLive) in its transaction.
 */
import type { z } from 'zod';
import {
  allDayBounds,
  CALENDAR_MAX_EVENTS,
  type CalendarEvent,
  type CalendarEventList,
  type createCalendarEventSchema,
  type ListCalendarEventsQuery,
  type moveCalendarEventSchema,
  type UpcomingCalendarEventsQuery,
  type updateCalendarEventSchema,
} from '../../../common/contracts/calendar';
import { personRef } from '../../../common/contracts/fields';
import type { Actor } from '../../auth/actor';
import { actingFactory, inScope, NO_FACTORY, scopedFactoryFilter } from '../../auth/scope';
import type { Database, Executor } from '../../db/client';
import { errors } from '../../http/errors';
import { publishLive } from '../../live/publish-live';
import { insertAudit } from '../audit/audit.repository';
import { changeAudited, deleteAudited } from '../audit/audited-change';
import {
  deleteEvent,
  findEventRow,
  insertEvent,
  listEventRows,
  lockEventRow,
  lockFactoryShared,
  updateEvent,
  upcomingEventRows,
  type CalendarEventRow,
  type EventValues,
} from './calendar.repository';

type CreateInput = z.output<typeof createCalendarEventSchema>;
type UpdateInput = z.output<typeof updateCalendarEventSchema>;
type MoveInput = z.output<typeof moveCalendarEventSchema>;

const RECORD_TYPE = 'calendar_event';
const NOT_FOUND = 'No calendar event with this id.';

export function presentEvent(row: CalendarEventRow): CalendarEvent {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    allDay: row.allDay,
    category: row.category,
    factory:
      row.factoryId && row.factoryName && row.factoryCode
        ? { id: row.factoryId, name: row.factoryName, code: row.factoryCode }
        : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    createdBy: personRef(row.createdById, row.createdByName, row.createdByEmail),
    updatedBy: personRef(row.updatedById, row.updatedByName, row.updatedByEmail),
  };
}

/** Company-wide events and, for a factory-scoped user, their own factory's. */
function visible(actor: Actor, factoryId: string | null): boolean {
  return factoryId === null || inScope(actor, factoryId);
}

const fieldError = (field: string, message: string) => errors.validation(message, { [field]: [message] });

const COMPANY_WIDE_FORBIDDEN =
  'Company-wide events are managed by users who see every factory: you can change your own factory’s events.';

/** A visible event the actor may change; 403 for a factory-scoped user on a company-wide event. */
function assertChangeable(actor: Actor, row: CalendarEventRow): void {
  if (row.factoryId === null && !actor.isGlobal) throw errors.forbidden(COMPANY_WIDE_FORBIDDEN);
}

/**
 * The factory an event is for: null (company-wide) only for global users; a named factory only
 * within the actor's scope (403), existing and active (400). Share-locked until the write.
 */
async function eventFactory(tx: Executor, actor: Actor, requested: string | null): Promise<string | null> {
  if (requested === null) {
    if (!actor.isGlobal) throw errors.forbidden(COMPANY_WIDE_FORBIDDEN);
    return null;
  }
  const id = actingFactory(actor, requested);
  const factory = await lockFactoryShared(tx, id);
  if (!factory) throw fieldError('factoryId', 'This factory does not exist. Choose another factory.');
  if (!factory.active)
    throw fieldError('factoryId', `${factory.name} (${factory.code}) is deactivated: choose an active factory.`);
  return factory.id;
}

/** The start and end as stored: whole UTC days for all-day events; the end never before the start. */
function eventTimes(allDay: boolean, startsAt: Date, endsAt: Date): { startsAt: Date; endsAt: Date } {
  if (endsAt < startsAt) throw fieldError('endsAt', 'The end cannot be before the start');
  return allDay ? allDayBounds(startsAt, endsAt) : { startsAt, endsAt };
}

/** Tells open pages of the factories an event belonged to and belongs to (none: company-wide). */
function announce(tx: Executor, ...factoryIds: (string | null)[]): Promise<void> {
  const ids = [...new Set(factoryIds.filter((id): id is string => id !== null))];
  return publishLive(tx, { kind: 'calendar', factoryIds: ids });
}

async function readEvent(tx: Executor, id: string): Promise<CalendarEventRow> {
  const row = await findEventRow(tx, id);
  if (!row) throw new Error(`calendar event ${id} vanished`);
  return row;
}

export async function listEvents(
  db: Database,
  actor: Actor,
  query: ListCalendarEventsQuery,
): Promise<CalendarEventList> {
  const rows = await listEventRows(
    db,
    {
      from: new Date(query.from),
      to: new Date(query.to),
      category: query.category,
      factoryId: scopedFactoryFilter(actor, query.factoryId),
    },
    CALENDAR_MAX_EVENTS + 1,
  );
  return { items: rows.slice(0, CALENDAR_MAX_EVENTS).map(presentEvent), truncated: rows.length > CALENDAR_MAX_EVENTS };
}

export async function upcomingEvents(
  db: Database,
  actor: Actor,
  query: UpcomingCalendarEventsQuery,
  now: Date = new Date(),
): Promise<{ items: CalendarEvent[] }> {
  const rows = await upcomingEventRows(db, now, scopedFactoryFilter(actor, query.factoryId), query.limit);
  return { items: rows.map(presentEvent) };
}

export async function getEvent(db: Database, actor: Actor, id: string): Promise<CalendarEvent> {
  const row = await findEventRow(db, id);
  if (!row || !visible(actor, row.factoryId)) throw errors.notFound(NOT_FOUND);
  return presentEvent(row);
}

export async function createEvent(db: Database, actor: Actor, input: CreateInput): Promise<CalendarEvent> {
  // Absent: a factory-scoped user's own factory (403 without one), a global user's company-wide event.
  const requested =
    input.factoryId !== undefined ? input.factoryId : actor.isGlobal ? null : (actor.factory?.id ?? NO_FACTORY);
  const times = eventTimes(input.allDay, new Date(input.startsAt), new Date(input.endsAt));
  return db.transaction(async (tx) => {
    const factoryId = await eventFactory(tx, actor, requested);
    const id = await insertEvent(
      tx,
      {
        title: input.title,
        description: input.description,
        allDay: input.allDay,
        category: input.category,
        factoryId,
        ...times,
      },
      actor.userId,
    );
    const event = presentEvent(await readEvent(tx, id));
    await insertAudit(tx, {
      actorId: actor.userId,
      action: 'create',
      recordType: RECORD_TYPE,
      recordId: id,
      after: event,
    });
    await announce(tx, factoryId);
    return event;
  });
}

/** Locks a visible event (404 otherwise) the actor may change (403 otherwise). */
function lockChangeable(actor: Actor) {
  return async (tx: Executor, id: string): Promise<CalendarEventRow | null> => {
    const row = await lockEventRow(tx, id);
    if (!row || !visible(actor, row.factoryId)) return null;
    assertChangeable(actor, row);
    return row;
  };
}

/** Changes one event under its row lock, audits before and after, and tells open pages. */
async function changeEvent(
  db: Database,
  actor: Actor,
  id: string,
  action: 'update' | 'move',
  change: (tx: Executor, current: CalendarEventRow) => Promise<EventValues>,
): Promise<CalendarEvent> {
  const row = await changeAudited(db, {
    actorId: actor.userId,
    recordType: RECORD_TYPE,
    id,
    action,
    notFound: NOT_FOUND,
    lock: lockChangeable(actor),
    apply: async (tx, current) => {
      const values = await change(tx, current);
      await updateEvent(tx, id, values, actor.userId);
      await announce(tx, current.factoryId, values.factoryId ?? null);
      return readEvent(tx, id);
    },
    audited: presentEvent,
  });
  return presentEvent(row);
}

/** The values of an event as stored now (the base a change starts from). */
function currentValues(row: CalendarEventRow): EventValues {
  return {
    title: row.title,
    description: row.description,
    allDay: row.allDay,
    category: row.category,
    factoryId: row.factoryId,
    startsAt: new Date(row.startsAt),
    endsAt: new Date(row.endsAt),
  };
}

export function editEvent(db: Database, actor: Actor, id: string, input: UpdateInput): Promise<CalendarEvent> {
  return changeEvent(db, actor, id, 'update', async (tx, current) => {
    const base = currentValues(current);
    const allDay = input.allDay ?? base.allDay ?? false;
    const startsAt = input.startsAt !== undefined ? new Date(input.startsAt) : base.startsAt;
    const endsAt = input.endsAt !== undefined ? new Date(input.endsAt) : base.endsAt;
    const factoryId =
      input.factoryId !== undefined && input.factoryId !== current.factoryId
        ? await eventFactory(tx, actor, input.factoryId)
        : current.factoryId;
    return {
      title: input.title ?? base.title,
      description: input.description !== undefined ? input.description : base.description,
      category: input.category ?? base.category,
      allDay,
      factoryId,
      ...eventTimes(allDay, startsAt, endsAt),
    };
  });
}

/** Moves an event to a new start, keeping its duration (an all-day event to the start's UTC day). */
export function moveEvent(db: Database, actor: Actor, id: string, input: MoveInput): Promise<CalendarEvent> {
  return changeEvent(db, actor, id, 'move', async (_tx, current) => {
    const base = currentValues(current);
    const duration = base.endsAt.getTime() - base.startsAt.getTime();
    const requested = new Date(input.startsAt);
    const startsAt = current.allDay ? allDayBounds(requested, requested).startsAt : requested;
    return { ...base, startsAt, endsAt: new Date(startsAt.getTime() + duration) };
  });
}

export function removeEvent(db: Database, actor: Actor, id: string): Promise<void> {
  return deleteAudited(db, {
    actorId: actor.userId,
    recordType: RECORD_TYPE,
    id,
    notFound: NOT_FOUND,
    lock: lockChangeable(actor),
    inUse: () => Promise.resolve(null),
    remove: async (tx, eventId) => {
      const current = await readEvent(tx, eventId);
      await deleteEvent(tx, eventId);
      await announce(tx, current.factoryId);
    },
    audited: presentEvent,
  });
}
