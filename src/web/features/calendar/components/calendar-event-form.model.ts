/**
 * The event form: what a person types (days and times on this device's clock, an all-day switch)
 * turned into the endpoint's request of ISO instants, checked by the same contract as the server.
 * An all-day event is sent as whole UTC days: its first day's midnight to the midnight after its last.
 */
import { z } from 'zod';
import { addDays, isIsoDay } from '@common/calendar-days';
import {
  CALENDAR_CATEGORIES,
  CALENDAR_CATEGORY_LABELS,
  createCalendarEventSchema,
  type CalendarEvent,
} from '@common/contracts/calendar';
import { viewerDay, viewerInstant, viewerTime } from '@web/lib/time-zone';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export interface EventFormValues {
  title: string;
  description: string;
  allDay: boolean;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  category: string;
  /** '' = company-wide. */
  factoryId: string;
}

export const CATEGORY_OPTIONS = CALENDAR_CATEGORIES.map((value) => ({ value, label: CALENDAR_CATEGORY_LABELS[value] }));

/** The instants of the typed days and times (all-day: whole UTC days, the end exclusive). */
function instants(v: EventFormValues): { startsAt: string; endsAt: string } {
  if (v.allDay) {
    return { startsAt: `${v.startDate}T00:00:00.000Z`, endsAt: `${addDays(v.endDate, 1)}T00:00:00.000Z` };
  }
  return {
    startsAt: viewerInstant(v.startDate, v.startTime).toISOString(),
    endsAt: viewerInstant(v.endDate, v.endTime).toISOString(),
  };
}

const formShape = z.object({
  title: z.string(),
  description: z.string(),
  allDay: z.boolean(),
  startDate: z.string(),
  startTime: z.string(),
  endDate: z.string(),
  endTime: z.string(),
  category: z.string(),
  factoryId: z.string(),
});

/** The typed days and times: real days and times, and the end not before the start. */
function checkWhen(v: EventFormValues, ctx: z.RefinementCtx): boolean {
  let ok = true;
  const issue = (path: keyof EventFormValues, message: string) => {
    ctx.addIssue({ code: 'custom', message, path: [path] });
    ok = false;
  };
  if (!isIsoDay(v.startDate)) issue('startDate', 'Choose the start date');
  if (!isIsoDay(v.endDate)) issue('endDate', 'Choose the end date');
  if (!v.allDay && !TIME.test(v.startTime)) issue('startTime', 'Choose the start time');
  if (!v.allDay && !TIME.test(v.endTime)) issue('endTime', 'Choose the end time');
  if (!ok) return false;
  const { startsAt, endsAt } = instants(v);
  if (v.allDay ? v.endDate < v.startDate : Date.parse(endsAt) < Date.parse(startsAt)) {
    issue(
      v.allDay || v.endDate !== v.startDate ? 'endDate' : 'endTime',
      v.allDay ? 'The last day cannot be before the first' : 'The end cannot be before the start',
    );
  }
  return ok;
}

/** The request the form sends: POST /api/calendar/events (and the PATCH of every field). */
export const eventFormSchema = formShape.transform((v, ctx) => {
  if (!checkWhen(v, ctx)) return z.NEVER;
  const request = {
    title: v.title,
    description: v.description,
    allDay: v.allDay,
    ...instants(v),
    category: v.category,
    factoryId: v.factoryId === '' ? null : v.factoryId,
  };
  const result = createCalendarEventSchema.safeParse(request);
  if (result.success) return { ...result.data, factoryId: result.data.factoryId ?? null };
  for (const issue of result.error.issues) {
    const field = issue.path[0] === 'startsAt' ? 'startDate' : issue.path[0] === 'endsAt' ? 'endDate' : issue.path[0];
    ctx.addIssue({
      code: 'custom',
      message: issue.path[0] === 'category' ? 'Choose a category' : issue.message,
      path: [String(field)],
    });
  }
  return z.NEVER;
});
export type EventRequest = z.output<typeof eventFormSchema>;

/** A new event on `day`: 09:00 to 10:00, for the user's own factory when they have one, else company-wide. */
export function newEventValues(day: string, factoryId: string | null): EventFormValues {
  return {
    title: '',
    description: '',
    allDay: false,
    startDate: day,
    startTime: '09:00',
    endDate: day,
    endTime: '10:00',
    category: '',
    factoryId: factoryId ?? '',
  };
}

/** An event's values in the form (days and times on this device's clock; an all-day event's last day). */
export function eventValues(event: CalendarEvent): EventFormValues {
  const base = {
    title: event.title,
    description: event.description ?? '',
    allDay: event.allDay,
    category: event.category,
    factoryId: event.factory?.id ?? '',
  };
  if (event.allDay) {
    const first = event.startsAt.slice(0, 10);
    const last = addDays(event.endsAt.slice(0, 10), -1);
    return { ...base, startDate: first, endDate: last < first ? first : last, startTime: '09:00', endTime: '10:00' };
  }
  const start = new Date(event.startsAt);
  const end = new Date(event.endsAt);
  return {
    ...base,
    startDate: viewerDay(start),
    startTime: viewerTime(start),
    endDate: viewerDay(end),
    endTime: viewerTime(end),
  };
}

export interface MoveFormValues {
  date: string;
  time: string;
}

/** The move form: a new first day (and start time for a timed event); the request's new start. */
export function moveFormSchema(allDay: boolean) {
  return z
    .object({ date: z.string(), time: z.string() })
    .superRefine((v, ctx) => {
      if (!isIsoDay(v.date)) ctx.addIssue({ code: 'custom', message: 'Choose the new date', path: ['date'] });
      if (!allDay && !TIME.test(v.time))
        ctx.addIssue({ code: 'custom', message: 'Choose the new time', path: ['time'] });
    })
    .transform((v) => ({
      startsAt: allDay ? `${v.date}T00:00:00.000Z` : viewerInstant(v.date, v.time).toISOString(),
    }));
}

/** Where an event starts now, as the move form shows it. */
export function moveValues(event: CalendarEvent): MoveFormValues {
  if (event.allDay) return { date: event.startsAt.slice(0, 10), time: '09:00' };
  const start = new Date(event.startsAt);
  return { date: viewerDay(start), time: viewerTime(start) };
}
