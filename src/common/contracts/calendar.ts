/**
 * Calendar events (DOMAIN.md §4 "Announcements, calendar, documentation"): title, description,
 * start, end, all-day, category and an optional factory (none = company-wide).
 *
 * Times are ISO instants. An all-day event covers whole UTC days: it starts at midnight UTC of its
 * first day and ends at midnight UTC after its last day (the end is exclusive); the server
 * normalises the instants it is sent (start down to its day's midnight, end up to the next
 * midnight, at least one day). Factory-scoped users see company-wide events and their own
 * factory's, and change only their own factory's.
 */
import { z } from 'zod';
import { factoryRefSchema, instantSchema, optionalText, personRefSchema } from './fields';

export const CALENDAR_CATEGORIES = ['production', 'delivery', 'meeting', 'holiday', 'other'] as const;
export type CalendarCategory = (typeof CALENDAR_CATEGORIES)[number];

export const CALENDAR_CATEGORY_LABELS: Record<CalendarCategory, string> = {
  production: 'Production',
  delivery: 'Delivery',
  meeting: 'Meeting',
  holiday: 'Holiday',
  other: 'Other',
};

export const calendarCategorySchema = z.enum(CALENDAR_CATEGORIES, {
  message: `Category must be one of: ${CALENDAR_CATEGORIES.join(', ')}`,
});

/** The widest window GET /api/calendar/events answers (a year, leap day included). */
export const CALENDAR_MAX_RANGE_DAYS = 366;
/** At most this many events in one answer (then `truncated` is true). */
export const CALENDAR_MAX_EVENTS = 1000;
export const CALENDAR_TITLE_MAX = 200;
export const CALENDAR_DESCRIPTION_MAX = 4000;

const DAY_MS = 86_400_000;

const title = z
  .string({ message: 'Title is required' })
  .trim()
  .min(1, 'Title is required')
  .max(CALENDAR_TITLE_MAX, `Title is limited to ${CALENDAR_TITLE_MAX} characters`);
const description = optionalText(CALENDAR_DESCRIPTION_MAX, 'Description');
/** A factory, or null for a company-wide event. */
const factoryId = z.string({ message: 'Choose a factory' }).uuid('Choose a factory').nullable();

/** The start and end an all-day event really has: whole UTC days, at least one. */
export function allDayBounds(startsAt: Date, endsAt: Date): { startsAt: Date; endsAt: Date } {
  const start = Math.floor(startsAt.getTime() / DAY_MS) * DAY_MS;
  const end = Math.max(Math.ceil(endsAt.getTime() / DAY_MS) * DAY_MS, start + DAY_MS);
  return { startsAt: new Date(start), endsAt: new Date(end) };
}

const endNotBeforeStart = (v: { startsAt?: string | undefined; endsAt?: string | undefined }, ctx: z.RefinementCtx) => {
  if (v.startsAt && v.endsAt && Date.parse(v.endsAt) < Date.parse(v.startsAt)) {
    ctx.addIssue({ code: 'custom', message: 'The end cannot be before the start', path: ['endsAt'] });
  }
};

/**
 * POST /api/calendar/events. `factoryId` absent: a factory-scoped user's own factory, a global
 * user's company-wide event; null: company-wide (global users only).
 */
export const createCalendarEventSchema = z
  .object({
    title,
    description,
    allDay: z.boolean({ message: 'All-day must be true or false' }).default(false),
    startsAt: instantSchema('Start'),
    endsAt: instantSchema('End'),
    category: calendarCategorySchema,
    factoryId: factoryId.optional(),
  })
  .superRefine(endNotBeforeStart);
export type CreateCalendarEvent = z.input<typeof createCalendarEventSchema>;

/** PATCH /api/calendar/events/:id: any of the fields; the end is checked against the start after the change. */
export const updateCalendarEventSchema = z
  .object({
    title,
    description,
    allDay: z.boolean({ message: 'All-day must be true or false' }),
    startsAt: instantSchema('Start'),
    endsAt: instantSchema('End'),
    category: calendarCategorySchema,
    factoryId,
  })
  .partial()
  .superRefine(endNotBeforeStart)
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');
export type UpdateCalendarEvent = z.input<typeof updateCalendarEventSchema>;

/** POST /api/calendar/events/:id/move: the new start; the event keeps its duration. */
export const moveCalendarEventSchema = z.object({ startsAt: instantSchema('New start') });

export const calendarEventSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  /** ISO instant. */
  startsAt: z.string(),
  /** ISO instant (exclusive for all-day events: midnight UTC after the last day). */
  endsAt: z.string(),
  allDay: z.boolean(),
  category: calendarCategorySchema,
  /** null: company-wide. */
  factory: factoryRefSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: personRefSchema,
  updatedBy: personRefSchema,
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

/**
 * GET /api/calendar/events: the events overlapping [from, to), ordered by start. `factoryId`: that
 * factory's events and the company-wide ones (a factory-scoped user always gets their own).
 */
export const listCalendarEventsQuerySchema = z
  .object({
    from: instantSchema('From'),
    to: instantSchema('To'),
    category: calendarCategorySchema.optional(),
    factoryId: z.string().uuid('Must be a valid factory id').optional(),
  })
  .superRefine((v, ctx) => {
    const from = Date.parse(v.from);
    const to = Date.parse(v.to);
    if (to <= from) ctx.addIssue({ code: 'custom', message: 'To must be after from', path: ['to'] });
    else if (to - from > CALENDAR_MAX_RANGE_DAYS * DAY_MS)
      ctx.addIssue({
        code: 'custom',
        message: `The range is limited to ${CALENDAR_MAX_RANGE_DAYS} days`,
        path: ['to'],
      });
  });
export type ListCalendarEventsQuery = z.infer<typeof listCalendarEventsQuerySchema>;

export const calendarEventListSchema = z.object({
  items: z.array(calendarEventSchema),
  /** More events overlap the range than CALENDAR_MAX_EVENTS: narrow it. */
  truncated: z.boolean(),
});
export type CalendarEventList = z.infer<typeof calendarEventListSchema>;

/** GET /api/calendar/upcoming: the next events not yet over (ongoing ones first), for dashboards. */
export const upcomingCalendarEventsQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(50, 'Limit must be at most 50')
    .default(5),
  factoryId: z.string().uuid('Must be a valid factory id').optional(),
});
export type UpcomingCalendarEventsQuery = z.infer<typeof upcomingCalendarEventsQuerySchema>;
export const upcomingCalendarEventsSchema = z.object({ items: z.array(calendarEventSchema) });
