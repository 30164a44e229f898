/**
 * Demo calendar (`npm run demo`): about three dozen events from two weeks ago to six weeks ahead of
 * today, in every category, company-wide and at each demo factory, made through the calendar
 * service (audited). Times are Nairobi's (UTC+3); the same events relative to today on every run.
 */
import { count } from 'drizzle-orm';
import { addDays, isoWeekday } from '../../common/calendar-days';
import type { CalendarCategory } from '../../common/contracts/calendar';
import { loadActor } from '../auth/actor';
import type { Database } from '../db/client';
import { calendarEvents } from '../db/schema/communication';
import { createEvent } from '../modules/calendar/calendar.service';
import { DEMO_TIME_ZONE, demoToday } from './accounts';
import { instantInZone } from '../../common/time-zones';

interface DemoEvent {
  /** Days from today (moved off the weekend for work events). */
  day: number;
  title: string;
  category: CalendarCategory;
  /** A demo factory's code, or null for company-wide. */
  factory: string | null;
  /** Local start "HH:MM" and length in hours; absent: all day, for `days` days. */
  at?: [string, number];
  days?: number;
  description?: string;
}

const DEMO_EVENTS: DemoEvent[] = [
  { day: -13, title: 'Monthly management meeting', category: 'meeting', factory: null, at: ['09:00', 2] },
  { day: -12, title: 'Steel delivery from Apex Steel', category: 'delivery', factory: 'NBO', at: ['10:00', 2] },
  { day: -10, title: 'Line 2 maintenance', category: 'production', factory: 'NBO', at: ['07:00', 6] },
  { day: -8, title: 'Kit shipment to Kisumu', category: 'delivery', factory: 'KSM', at: ['14:00', 2] },
  { day: -7, title: 'Safety drill', category: 'other', factory: 'MSA', at: ['11:00', 1] },
  { day: -6, title: 'Distributor visit: Coast Clean Cooking', category: 'meeting', factory: 'MSA', at: ['10:00', 2] },
  { day: -4, title: 'Quality audit', category: 'production', factory: 'KSM', days: 2 },
  { day: -3, title: 'Weekly production review', category: 'meeting', factory: null, at: ['08:30', 1] },
  { day: -1, title: 'Stove order dispatch to Jiko Bora', category: 'delivery', factory: 'NBO', at: ['15:00', 2] },
  { day: 0, title: 'Coupler training: new burner model', category: 'production', factory: 'MSA', at: ['09:00', 3] },
  { day: 0, title: 'Sales team stand-up', category: 'meeting', factory: null, at: ['08:00', 0.5] },
  { day: 1, title: 'CKD kits arriving from Nairobi', category: 'delivery', factory: 'MSA', at: ['11:00', 2] },
  { day: 2, title: 'Stock take', category: 'production', factory: 'KSM', days: 1 },
  {
    day: 3,
    title: 'Board meeting',
    category: 'meeting',
    factory: null,
    at: ['14:00', 3],
    description: 'Quarterly results, new assembly line budget.',
  },
  { day: 4, title: 'Weekly production review', category: 'meeting', factory: null, at: ['08:30', 1] },
  { day: 5, title: 'Delivery to Moi Teaching Hospital', category: 'delivery', factory: 'KSM', at: ['10:00', 3] },
  { day: 7, title: 'Generator service', category: 'production', factory: 'NBO', at: ['13:00', 4] },
  { day: 8, title: 'Supplier review: sheet steel prices', category: 'meeting', factory: 'NBO', at: ['10:00', 1.5] },
  { day: 9, title: 'Community cooking demonstration', category: 'other', factory: 'KSM', at: ['09:00', 5] },
  { day: 11, title: 'Weekly production review', category: 'meeting', factory: null, at: ['08:30', 1] },
  { day: 12, title: 'Trade fair: Nairobi Clean Energy Expo', category: 'other', factory: null, days: 3 },
  { day: 14, title: 'Production sprint: institutional order', category: 'production', factory: 'MSA', days: 5 },
  { day: 15, title: 'Container of kits to Mombasa', category: 'delivery', factory: 'NBO', at: ['07:30', 2] },
  { day: 18, title: 'Weekly production review', category: 'meeting', factory: null, at: ['08:30', 1] },
  { day: 19, title: 'Factory closed: public holiday', category: 'holiday', factory: 'KSM', days: 1 },
  { day: 21, title: 'Fire safety inspection', category: 'other', factory: 'NBO', at: ['11:00', 2] },
  { day: 22, title: 'Delivery to Nyeri County Prisons', category: 'delivery', factory: 'NBO', at: ['09:00', 4] },
  { day: 25, title: 'Weekly production review', category: 'meeting', factory: null, at: ['08:30', 1] },
  { day: 26, title: 'New coupler onboarding', category: 'production', factory: 'KSM', at: ['09:00', 4] },
  { day: 28, title: 'Company retreat', category: 'holiday', factory: null, days: 2 },
  { day: 32, title: 'Monthly management meeting', category: 'meeting', factory: null, at: ['09:00', 2] },
  { day: 33, title: 'Steel delivery from Apex Steel', category: 'delivery', factory: 'NBO', at: ['10:00', 2] },
  { day: 36, title: 'Line 1 maintenance', category: 'production', factory: 'NBO', at: ['07:00', 6] },
  { day: 38, title: 'Annual leave shutdown', category: 'holiday', factory: 'MSA', days: 2 },
  { day: 40, title: 'Distributor training day', category: 'meeting', factory: 'KSM', at: ['10:00', 5] },
  { day: 42, title: 'Year-end stock count', category: 'production', factory: null, days: 1 },
];

/** A work day: a Saturday or Sunday moves to the Monday after. */
function workday(day: string): string {
  const weekday = isoWeekday(day);
  return weekday > 5 ? addDays(day, 8 - weekday) : day;
}

/** A timed event on its (work) day, Nairobi time; an all-day one over its whole UTC days. */
function demoTimes(e: DemoEvent, today: string): { startsAt: Date; endsAt: Date } {
  if (!e.at) {
    const day = addDays(today, e.day);
    return { startsAt: new Date(`${day}T00:00:00Z`), endsAt: new Date(`${addDays(day, e.days ?? 1)}T00:00:00Z`) };
  }
  const startsAt = instantInZone(workday(addDays(today, e.day)), DEMO_TIME_ZONE, e.at[0]);
  return { startsAt, endsAt: new Date(startsAt.getTime() + e.at[1] * 3_600_000) };
}

/**
 * Idempotent: nothing happens when any event exists. Returns the number of events created.
 * `actorId`: the demo user who plans them (an admin).
 */
export async function seedDemoCalendar(
  db: Database,
  factoryIds: ReadonlyMap<string, string>,
  actorId: string | undefined,
): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(calendarEvents);
  if ((existing?.n ?? 0) > 0) return 0;
  const actor = actorId ? await loadActor(db, actorId) : null;
  if (!actor) throw new Error('demo calendar: the demo admin is missing');
  const factory = (code: string | null) => {
    if (code === null) return null;
    const id = factoryIds.get(code);
    if (!id) throw new Error(`demo calendar: factory ${code} is missing`);
    return id;
  };

  const today = demoToday();
  for (const e of DEMO_EVENTS) {
    const times = demoTimes(e, today);
    await createEvent(db, actor, {
      title: e.title,
      description: e.description ?? null,
      category: e.category,
      allDay: !e.at,
      startsAt: times.startsAt.toISOString(),
      endsAt: times.endsAt.toISOString(),
      factoryId: factory(e.factory),
    });
  }
  return DEMO_EVENTS.length;
}
