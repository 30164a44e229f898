/**
 * The calendar page's state and arithmetic: view, date and filters in the URL; the days a view
 * shows and the window of instants it asks for; which days an event covers on this device's
 * calendar (timed events in local time, all-day events on their own days).
 */
import { addDays, addMonths, eachDay, isIsoDay, isoWeekStart, monthEnd, monthStart } from '@common/calendar-days';
import { CALENDAR_CATEGORIES, type CalendarCategory, type CalendarEvent } from '@common/contracts/calendar';
import { viewerDay, viewerInstant, viewerTime } from '@web/lib/time-zone';

export const CALENDAR_VIEWS = ['month', 'week', 'list'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];
export const CALENDAR_VIEW_LABELS: Record<CalendarView, string> = { month: 'Month', week: 'Week', list: 'List' };

/** Days the list view shows from its date. */
export const LIST_DAYS = 30;

export interface CalendarState {
  view: CalendarView;
  /** A day in the period shown (YYYY-MM-DD, this device's calendar). */
  date: string;
  category: CalendarCategory | null;
  factoryId: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isView(value: string | null): value is CalendarView {
  return (CALENDAR_VIEWS as readonly (string | null)[]).includes(value);
}

function isCategory(value: string | null): value is CalendarCategory {
  return (CALENDAR_CATEGORIES as readonly (string | null)[]).includes(value);
}

/** The state in the URL; anything missing or unknown falls back to this month, every category and factory. */
export function readCalendarState(params: URLSearchParams, today: string): CalendarState {
  const view = params.get('view');
  const date = params.get('date');
  const category = params.get('category');
  const factory = params.get('factory');
  return {
    view: isView(view) ? view : 'month',
    date: date && isIsoDay(date) ? date : today,
    category: isCategory(category) ? category : null,
    factoryId: factory && UUID.test(factory) ? factory : null,
  };
}

/** The URL of a state (defaults left out, except the view and date once chosen). */
export function writeCalendarState(state: CalendarState): URLSearchParams {
  const params = new URLSearchParams({ view: state.view, date: state.date });
  if (state.category) params.set('category', state.category);
  if (state.factoryId) params.set('factory', state.factoryId);
  return params;
}

/** The days a view shows: whole weeks (Monday first) around the month, the week, or the list's days. */
export function viewDays(view: CalendarView, date: string): string[] {
  switch (view) {
    case 'month':
      return eachDay(isoWeekStart(monthStart(date)), addDays(isoWeekStart(monthEnd(date)), 6));
    case 'week':
      return eachDay(isoWeekStart(date), addDays(isoWeekStart(date), 6));
    case 'list':
      return eachDay(date, addDays(date, LIST_DAYS - 1));
  }
}

/** The date of the period before (-1) or after (+1). */
export function stepDate(view: CalendarView, date: string, step: 1 | -1): string {
  switch (view) {
    case 'month':
      return addMonths(monthStart(date), step);
    case 'week':
      return addDays(date, 7 * step);
    case 'list':
      return addDays(date, LIST_DAYS * step);
  }
}

/** The window of instants the days cover: from the first day's midnight to the midnight after the last. */
export function daysWindow(days: readonly string[]): { from: string; to: string } {
  const first = days[0] ?? '1970-01-01';
  const last = days[days.length - 1] ?? first;
  return { from: viewerInstant(first).toISOString(), to: viewerInstant(addDays(last, 1)).toISOString() };
}

/** The days an event covers: an all-day event its own days; a timed one the local days it touches. */
export function eventDays(event: Pick<CalendarEvent, 'startsAt' | 'endsAt' | 'allDay'>): string[] {
  if (event.allDay) {
    const first = event.startsAt.slice(0, 10);
    const last = addDays(event.endsAt.slice(0, 10), -1);
    return eachDay(first, last < first ? first : last);
  }
  const start = new Date(event.startsAt);
  const end = new Date(event.endsAt);
  // An end at midnight belongs to the day before; an event of no length to its day.
  const lastInstant = end > start ? new Date(end.getTime() - 1) : start;
  return eachDay(viewerDay(start), viewerDay(lastInstant));
}

/** The events of each day shown, in the order given (the server's: by start). */
export function eventsByDay<E extends Pick<CalendarEvent, 'startsAt' | 'endsAt' | 'allDay'>>(
  events: readonly E[],
  days: readonly string[],
): Map<string, E[]> {
  const byDay = new Map<string, E[]>(days.map((d) => [d, []]));
  for (const event of events) {
    for (const day of eventDays(event)) byDay.get(day)?.push(event);
  }
  // All-day events first on each day, then by start.
  for (const list of byDay.values()) list.sort((a, b) => Number(b.allDay) - Number(a.allDay));
  return byDay;
}

/** The start of an event moved to `day`: an all-day one to that day, a timed one at the same local time. */
export function movedStart(event: Pick<CalendarEvent, 'startsAt' | 'allDay'>, day: string): string {
  if (event.allDay) return `${day}T00:00:00.000Z`;
  return viewerInstant(day, viewerTime(new Date(event.startsAt))).toISOString();
}

/** The first day an event shows on (where a move starts from). */
export function firstDay(event: Pick<CalendarEvent, 'startsAt' | 'endsAt' | 'allDay'>): string {
  return eventDays(event)[0] ?? event.startsAt.slice(0, 10);
}

const monthTitle = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const shortDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const weekdayLong = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' });
const monthLong = new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' });
const weekdayShort = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' });
const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

const asUtc = (day: string) => new Date(`${day}T00:00:00Z`);

/** "Thursday 5 November 2026". */
export function formatLongDay(day: string): string {
  // Composed, not one format: browsers differ on a comma after the weekday.
  const date = asUtc(day);
  return `${weekdayLong.format(date)} ${date.getUTCDate()} ${monthLong.format(date)} ${date.getUTCFullYear()}`;
}

/** "5 Nov 2026". */
export function formatShortDay(day: string): string {
  return shortDay.format(asUtc(day));
}

/** "Thu". */
export function formatWeekday(day: string): string {
  return weekdayShort.format(asUtc(day));
}

/** "5 Nov". */
export function formatDayMonth(day: string): string {
  return dayMonth.format(asUtc(day));
}

/** The heading of the period shown: "November 2026", "2 Nov – 8 Nov 2026", "21 Nov – 20 Dec 2026". */
export function periodTitle(view: CalendarView, date: string): string {
  if (view === 'month') return monthTitle.format(asUtc(date));
  const days = viewDays(view, date);
  const first = days[0] ?? date;
  const last = days[days.length - 1] ?? date;
  return `${formatDayMonth(first)} – ${formatShortDay(last)}`;
}

/** "All day", "09:00 – 10:30", or with days when it spans several: "5 Nov 09:00 – 6 Nov 17:00". */
export function formatEventTime(event: Pick<CalendarEvent, 'startsAt' | 'endsAt' | 'allDay'>): string {
  const days = eventDays(event);
  const first = days[0] ?? '';
  const last = days[days.length - 1] ?? first;
  if (event.allDay) {
    return days.length > 1 ? `All day, ${formatDayMonth(first)} – ${formatShortDay(last)}` : 'All day';
  }
  const start = viewerTime(new Date(event.startsAt));
  const end = viewerTime(new Date(event.endsAt));
  if (event.startsAt === event.endsAt) return start;
  if (days.length > 1) return `${formatDayMonth(first)} ${start} – ${formatDayMonth(last)} ${end}`;
  return `${start} – ${end}`;
}

/** "Thursday 5 November 2026, 09:00 – 10:30" (the details dialog). */
export function formatEventWhen(event: Pick<CalendarEvent, 'startsAt' | 'endsAt' | 'allDay'>): string {
  const days = eventDays(event);
  const first = days[0] ?? '';
  if (days.length > 1) {
    return event.allDay
      ? `${formatLongDay(first)} – ${formatLongDay(days[days.length - 1] ?? first)} (all day)`
      : `${formatLongDay(first)} ${viewerTime(new Date(event.startsAt))} – ${formatLongDay(days[days.length - 1] ?? first)} ${viewerTime(new Date(event.endsAt))}`;
  }
  return `${formatLongDay(first)}, ${formatEventTime(event).replace('All day', 'all day')}`;
}

/** The day a new event starts on: today when the view shows it, else the view's first day (of the month). */
export function defaultNewEventDay(state: CalendarState, today: string): string {
  const days = viewDays(state.view, state.date);
  if (days.includes(today)) return today;
  return state.view === 'month' ? monthStart(state.date) : (days[0] ?? today);
}

/** Whether a day is outside the month shown (greyed in the month grid). */
export function outsideMonth(day: string, date: string): boolean {
  return day.slice(0, 7) !== date.slice(0, 7);
}

/** The weeks of the month grid (7 days each). */
export function weeksOf(days: readonly string[]): string[][] {
  const weeks: string[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return weeks;
}
