/** SQL of the calendar: events with their factory and people, the overlap query, writes and locks. */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { CalendarCategory } from '../../../common/contracts/calendar';
import { queryRows, type Executor } from '../../db/client';
import { calendarEvents } from '../../db/schema/communication';
import { whereAll } from '../../http/list';

/** An event as the API presents it: instants as ISO strings, the factory and people joined. */
export interface CalendarEventRow {
  id: string;
  title: string;
  description: string | null;
  startsAt: string;
  endsAt: string;
  allDay: boolean;
  category: CalendarCategory;
  factoryId: string | null;
  factoryName: string | null;
  factoryCode: string | null;
  createdAt: string;
  updatedAt: string;
  createdById: string | null;
  createdByName: string | null;
  createdByEmail: string | null;
  updatedById: string | null;
  updatedByName: string | null;
  updatedByEmail: string | null;
}

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const EVENT_COLUMNS = sql`e.id, e.title, e.description,
       ${iso(sql`e.starts_at`)} as "startsAt", ${iso(sql`e.ends_at`)} as "endsAt",
       e.all_day as "allDay", e.category::text as category,
       e.factory_id as "factoryId", f.name as "factoryName", f.code as "factoryCode",
       ${iso(sql`e.created_at`)} as "createdAt", ${iso(sql`e.updated_at`)} as "updatedAt",
       e.created_by as "createdById", coalesce(cp.name, cu.name) as "createdByName", cu.email as "createdByEmail",
       e.updated_by as "updatedById", coalesce(up.name, uu.name) as "updatedByName", uu.email as "updatedByEmail"`;

const EVENT_JOINS = sql`left join factories f on f.id = e.factory_id
       left join users cu on cu.id = e.created_by
       left join profiles cp on cp.id = e.created_by
       left join users uu on uu.id = e.updated_by
       left join profiles up on up.id = e.updated_by`;

export interface EventFilters {
  /** Events overlapping [from, to). */
  from: Date;
  to: Date;
  category?: CalendarCategory | undefined;
  /** A factory's events and the company-wide ones; undefined: every event. */
  factoryId?: string | undefined;
}

function factoryWhere(factoryId: string | undefined): SQL | undefined {
  return factoryId ? sql`(e.factory_id = ${factoryId} or e.factory_id is null)` : undefined;
}

/**
 * The events overlapping [from, to), by start (then end, then id). An event overlaps when it starts
 * before `to` and ends after `from`; an event of no length counts when it is at or after `from`.
 */
export function listEventRows(db: Executor, f: EventFilters, limit: number): Promise<CalendarEventRow[]> {
  const where = whereAll(
    sql`e.starts_at < ${f.to.toISOString()}::timestamptz`,
    sql`(e.ends_at > ${f.from.toISOString()}::timestamptz or e.starts_at >= ${f.from.toISOString()}::timestamptz)`,
    f.category ? sql`e.category = ${f.category}` : undefined,
    factoryWhere(f.factoryId),
  );
  return queryRows<CalendarEventRow>(
    db,
    sql`select ${EVENT_COLUMNS} from calendar_events e ${EVENT_JOINS}
         ${where ? sql`where ${where}` : sql``}
         order by e.starts_at, e.ends_at, e.id
         limit ${limit}`,
  );
}

/** The next events not over at `now` (ongoing ones first), by start. */
export function upcomingEventRows(
  db: Executor,
  now: Date,
  factoryId: string | undefined,
  limit: number,
): Promise<CalendarEventRow[]> {
  const where = whereAll(sql`e.ends_at > ${now.toISOString()}::timestamptz`, factoryWhere(factoryId));
  return queryRows<CalendarEventRow>(
    db,
    sql`select ${EVENT_COLUMNS} from calendar_events e ${EVENT_JOINS}
         where ${where}
         order by e.starts_at, e.ends_at, e.id
         limit ${limit}`,
  );
}

export async function findEventRow(db: Executor, id: string): Promise<CalendarEventRow | null> {
  const [row] = await queryRows<CalendarEventRow>(
    db,
    sql`select ${EVENT_COLUMNS} from calendar_events e ${EVENT_JOINS} where e.id = ${id}`,
  );
  return row ?? null;
}

/** Locks the event for the rest of the transaction and reads it. */
export async function lockEventRow(db: Executor, id: string): Promise<CalendarEventRow | null> {
  const [locked] = await queryRows<{ id: string }>(db, sql`select id from calendar_events where id = ${id} for update`);
  return locked ? findEventRow(db, id) : null;
}

export interface FactoryForEvent {
  id: string;
  name: string;
  code: string;
  active: boolean;
}

/** The factory, share-locked against deactivation until the event is written. */
export async function lockFactoryShared(db: Executor, id: string): Promise<FactoryForEvent | null> {
  const [row] = await queryRows<FactoryForEvent>(
    db,
    sql`select id, name, code, active from factories where id = ${id} for share`,
  );
  return row ?? null;
}

export type EventValues = Pick<
  typeof calendarEvents.$inferInsert,
  'title' | 'description' | 'startsAt' | 'endsAt' | 'allDay' | 'category' | 'factoryId'
>;

export async function insertEvent(db: Executor, values: EventValues, actorId: string): Promise<string> {
  const [row] = await db
    .insert(calendarEvents)
    .values({ ...values, createdBy: actorId, updatedBy: actorId })
    .returning({ id: calendarEvents.id });
  if (!row) throw new Error('insert into calendar_events returned no row');
  return row.id;
}

export async function updateEvent(db: Executor, id: string, values: EventValues, actorId: string): Promise<void> {
  await db
    .update(calendarEvents)
    .set({ ...values, updatedBy: actorId, updatedAt: new Date() })
    .where(eq(calendarEvents.id, id));
}

export async function deleteEvent(db: Executor, id: string): Promise<void> {
  await db.delete(calendarEvents).where(eq(calendarEvents.id, id));
}
