/**
 * Daily production reports, productivity targets and the productivity tracker (DOMAIN.md §4
 * "Production"). One contract per endpoint; the routes and the web forms both use these.
 */
import { z } from 'zod';
import { daysBetween, isIsoDay, latestDayOnEarth, PERIODS, type Period } from '../calendar-days';
import { factoryRefSchema, personRefSchema } from './fields';
import { exportQuerySchema, listQuerySchema, listResponseSchema, uuidFilterSchema } from './list';

const day = (label: string) =>
  z.string({ error: `${label} is required` }).refine(isIsoDay, `${label}: use a real date like 2026-01-31`);

/** Whether a day has not begun anywhere on earth yet (so it is in the future whatever the time zone). */
export function isFutureDay(value: string, now: Date): boolean {
  return value > latestDayOnEarth(now);
}

/** A day that has begun: what a report may be about. */
const pastDay = (label: string) =>
  day(label).refine((v) => !isFutureDay(v, new Date()), `${label} is in the future: report a day that has begun`);

/** A form's number: a number, or its text ('' = missing). */
function numberInput(label: string, rules: { min: number; max: number; whole?: boolean; minExclusive?: boolean }) {
  let schema = z.number({
    error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`),
  });
  schema = rules.minExclusive
    ? schema.gt(rules.min, `${label} must be more than ${rules.min}`)
    : schema.min(rules.min, `${label} cannot be less than ${rules.min}`);
  schema = schema.max(rules.max, `${label} cannot be more than ${rules.max.toLocaleString('en-US')}`);
  const checked = rules.whole
    ? schema.int(`${label} must be a whole number`)
    : schema.refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, `${label} has at most 2 decimals`);
  return z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v.trim()) : v),
    checked,
  );
}

const notes = z
  .string()
  .trim()
  .max(2000, 'Notes are limited to 2,000 characters')
  .nullish()
  .transform((v) => (v ? v : null));

// ---------------------------------------------------------------------------------------------
// Daily production reports

export const DAILY_REPORT_LIMITS = {
  couplersMax: 10_000,
  hoursMax: 24,
  defectsMax: 1_000_000,
  downtimeMax: 1440,
} as const;

const dailyFigures = {
  couplersPresent: numberInput('Couplers present', { min: 0, max: DAILY_REPORT_LIMITS.couplersMax, whole: true }),
  hoursWorked: numberInput('Hours worked', { min: 0, max: DAILY_REPORT_LIMITS.hoursMax }),
  defects: numberInput('Defects/rework', { min: 0, max: DAILY_REPORT_LIMITS.defectsMax, whole: true }),
  downtimeMinutes: numberInput('Downtime minutes', { min: 0, max: DAILY_REPORT_LIMITS.downtimeMax, whole: true }),
  notes,
};

/** POST /api/daily-production-reports: one report per factory and day. */
export const createDailyProductionReportSchema = z.object({
  /** A factory-scoped user may only name their own factory. */
  factoryId: z.string({ error: 'Choose a factory' }).uuid('Choose a factory'),
  /** The day reported: not in the future. */
  date: pastDay('Date'),
  ...dailyFigures,
});
export type CreateDailyProductionReport = z.input<typeof createDailyProductionReportSchema>;

/** PATCH /api/daily-production-reports/:id: the figures and notes (factory and day stay). */
export const updateDailyProductionReportSchema = z
  .object(dailyFigures)
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');
export type UpdateDailyProductionReport = z.input<typeof updateDailyProductionReportSchema>;

export const dailyProductionReportSchema = z.object({
  id: z.string(),
  factory: factoryRefSchema,
  date: z.string(),
  couplersPresent: z.number().int(),
  hoursWorked: z.number(),
  /** Couplers present × hours worked. */
  workerHours: z.number(),
  defects: z.number().int(),
  downtimeMinutes: z.number().int(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  createdBy: personRefSchema,
  updatedAt: z.string(),
  updatedBy: personRefSchema,
});
export type DailyProductionReport = z.infer<typeof dailyProductionReportSchema>;

const dayFilter = z.string().refine(isIsoDay, 'Use a real date like 2026-01-31').optional();

const dailyReportListOptions = {
  sortable: ['date'],
  defaultSort: 'date',
  defaultDir: 'desc',
  filters: {
    /** Global users: one factory (absent = all); factory-scoped users always see their own. */
    factoryId: uuidFilterSchema,
    /** Reports of this day or later. */
    from: dayFilter,
    /** Reports of this day or earlier. */
    to: dayFilter,
  },
} as const;
/** GET /api/daily-production-reports (q: words in the notes). */
export const listDailyProductionReportsQuerySchema = listQuerySchema(dailyReportListOptions);
export type ListDailyProductionReportsQuery = z.infer<typeof listDailyProductionReportsQuerySchema>;
/** GET /api/daily-production-reports/export.csv */
export const exportDailyProductionReportsQuerySchema = exportQuerySchema(dailyReportListOptions);
export const dailyProductionReportListSchema = listResponseSchema(dailyProductionReportSchema);

// ---------------------------------------------------------------------------------------------
// Productivity targets

export const TARGET_LIMITS = { stovesMax: 1000, hoursMax: 24 } as const;

/** POST /api/productivity/targets: the default (no factory) or one factory's override, from a day on. */
export const createProductivityTargetSchema = z.object({
  /** null or '' = the default for every factory. */
  factoryId: z
    .string()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || z.uuid().safeParse(v).success, 'Choose a factory, or the default'),
  effectiveFrom: day('Effective from'),
  stovesPerCouplerPerDay: numberInput('Stoves per coupler per day', {
    min: 0,
    minExclusive: true,
    max: TARGET_LIMITS.stovesMax,
  }),
  hoursPerDay: numberInput('Working hours per day', { min: 0, minExclusive: true, max: TARGET_LIMITS.hoursMax }),
});
export type CreateProductivityTarget = z.input<typeof createProductivityTargetSchema>;

export const TARGET_STATES = ['scheduled', 'in_force', 'past'] as const;
export type TargetState = (typeof TARGET_STATES)[number];
export const TARGET_STATE_LABELS: Record<TargetState, string> = {
  scheduled: 'Scheduled',
  in_force: 'In force',
  past: 'Replaced',
};

export const productivityTargetSchema = z.object({
  id: z.string(),
  /** null: the default for every factory without its own target. */
  factory: factoryRefSchema.nullable(),
  effectiveFrom: z.string(),
  stovesPerCouplerPerDay: z.number(),
  hoursPerDay: z.number(),
  /** scheduled: starts after today (may be deleted); in_force: its scope's target today; past: replaced. */
  state: z.enum(TARGET_STATES),
  createdAt: z.string(),
  createdBy: personRefSchema,
});
export type ProductivityTarget = z.infer<typeof productivityTargetSchema>;

/** GET /api/productivity/targets: the default first, then each factory by name; newest first within a scope. */
export const productivityTargetListSchema = z.object({
  items: z.array(productivityTargetSchema),
  /** The day "in force" was judged on (UTC). */
  today: z.string(),
});
export type ProductivityTargetList = z.infer<typeof productivityTargetListSchema>;

// ---------------------------------------------------------------------------------------------
// Productivity tracker

/** The longest range each grouping covers. */
export const TRACKER_RANGE_MAX_DAYS: Record<Period, number> = { day: 92, week: 371, month: 731 };
export const PERIOD_LABELS: Record<Period, string> = { day: 'Day', week: 'Week', month: 'Month' };

const RANGE_ADVICE: Record<Period, string> = {
  day: 'choose a shorter range, or group by week',
  week: 'choose a shorter range, or group by month',
  month: 'choose a shorter range',
};

/** GET /api/productivity/tracker */
export const productivityTrackerQuerySchema = z
  .object({
    period: z.enum(PERIODS, { message: `Period must be one of: ${PERIODS.join(', ')}` }).default('week'),
    from: day('From'),
    to: day('To'),
    /** Global users: one factory (absent = all); factory-scoped users always get their own. */
    factoryId: uuidFilterSchema,
  })
  .superRefine((v, ctx) => {
    if (!isIsoDay(v.from) || !isIsoDay(v.to)) return;
    const days = daysBetween(v.from, v.to) + 1;
    if (days < 1) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'To is before From: choose an end on or after the start' });
      return;
    }
    const max = TRACKER_RANGE_MAX_DAYS[v.period];
    if (days > max)
      ctx.addIssue({
        code: 'custom',
        path: ['from'],
        message: `By ${v.period}, a range covers at most ${max} days (this one has ${days}): ${RANGE_ADVICE[v.period]}`,
      });
  });
export type ProductivityTrackerQuery = z.input<typeof productivityTrackerQuerySchema>;

/**
 * The figures of one factory, coupler or total over some days. Attainment and rates compare like
 * with like: only days that have a target (a daily report and a target in force) count in
 * attainment, only days with a daily report count per worker-hour. null = nothing to compare
 * (shown as "—"), never a division by zero.
 */
export const productivityFiguresSchema = z.object({
  /** Stoves coupled: submitted (not voided) stove reports. */
  coupled: z.number().int(),
  /** Couplers present summed over the days reported (coupler-days); a coupler counts 1 on each day they reported. */
  couplersPresent: z.number().int().nullable(),
  /** Couplers present × hours worked, summed. */
  workerHours: z.number().nullable(),
  /** Target in force each day × couplers present, summed over the days that have both. */
  target: z.number().nullable(),
  /** Stoves coupled on the days with a target ÷ target (1 = 100%). */
  attainment: z.number().nullable(),
  /** Stoves coupled on the days with a daily report ÷ worker-hours. */
  stovesPerWorkerHour: z.number().nullable(),
  /** The target's own rate: target ÷ (couplers present × the target's working hours per day). */
  targetPerWorkerHour: z.number().nullable(),
  /** Days counted as reported (factory: a daily report; coupler: a stove report). */
  daysReported: z.number().int(),
  /** Days with stoves coupled but no target to compare with (no daily report, or no target in force). */
  daysWithoutTarget: z.number().int(),
});
export type ProductivityFigures = z.infer<typeof productivityFiguresSchema>;

const periodFiguresSchema = productivityFiguresSchema.extend({ key: z.string() });
export type PeriodFigures = z.infer<typeof periodFiguresSchema>;

export const productivityTrackerSchema = z.object({
  period: z.enum(PERIODS),
  from: z.string(),
  to: z.string(),
  /** The periods in order: key = the period's first day; start/end clipped to the range. */
  periods: z.array(z.object({ key: z.string(), label: z.string(), start: z.string(), end: z.string() })),
  /** Every factory shown, over the whole range. */
  totals: productivityFiguresSchema,
  /** Every factory shown, per period (the trend chart). */
  trend: z.array(periodFiguresSchema),
  factories: z.array(
    z.object({ factory: factoryRefSchema, totals: productivityFiguresSchema, periods: z.array(periodFiguresSchema) }),
  ),
  /** The couplers (authors of stove reports) at each factory. */
  couplers: z.array(
    z.object({
      coupler: z.object({ id: z.string(), name: z.string().nullable(), email: z.string() }),
      factory: factoryRefSchema,
      totals: productivityFiguresSchema,
      periods: z.array(periodFiguresSchema),
    }),
  ),
});
export type ProductivityTracker = z.infer<typeof productivityTrackerSchema>;
