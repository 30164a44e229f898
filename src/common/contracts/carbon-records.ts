/**
 * The carbon programme's records (issue 26): the sales record of a monitoring period (every stove
 * whose first handover falls in it) and the age cohorts (stoves in the field by month of first
 * handover). The rules: src/common/carbon-record-rules.ts.
 */
import { z } from 'zod';
import { isIsoDay } from '../calendar-days';
import { END_USER_KINDS } from './carbon';
import { EARLIEST_RECORD_DAY, factoryRefSchema } from './fields';
import { exportQuerySchema, listQuerySchema, listResponseSchema, uuidFilterSchema } from './list';
import { PARTNER_TYPES } from './partners';
import { stoveIdStatusSchema } from './stove-ids';

/** A monitoring period spans at most ten years. */
export const CARBON_PERIOD_DAYS_MAX = 3_653;

const day = (label: string) =>
  z
    .string({ error: `Choose the ${label}` })
    .trim()
    .refine(isIsoDay, `The ${label} must be a date like 2026-01-31`)
    .refine((d) => d >= EARLIEST_RECORD_DAY, `The ${label} is too far in the past`);

const periodShape = { from: day('first day'), to: day('last day') };

/** The period's days in order, and not longer than ten years. */
function checkPeriod(v: { from: string; to: string }, ctx: z.RefinementCtx): void {
  if (!isIsoDay(v.from) || !isIsoDay(v.to)) return;
  if (v.from > v.to) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day is before the first' });
    return;
  }
  const days = (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 + 1;
  if (days > CARBON_PERIOD_DAYS_MAX)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'A period spans at most ten years' });
}

/** What a stove of the sales record lacks: no end user; no location (no end user, or one without a place). */
export const SALES_RECORD_MISSING = ['endUser', 'location'] as const;
export type SalesRecordMissing = (typeof SALES_RECORD_MISSING)[number];
export const SALES_RECORD_MISSING_LABELS: Record<SalesRecordMissing, string> = {
  endUser: 'Missing end user',
  location: 'Missing location',
};

export const SALES_RECORD_SORTS = ['saleDate', 'code'] as const;
const listOptions = {
  sortable: SALES_RECORD_SORTS,
  defaultSort: 'saleDate',
  defaultDir: 'asc',
  filters: {
    ...periodShape,
    factoryId: uuidFilterSchema,
    missing: z.enum(SALES_RECORD_MISSING, { message: 'Missing must be endUser or location' }).optional(),
  },
} as const;

/**
 * GET /api/carbon/sales-record: the stoves whose first handover is from `from` to `to` (the
 * company's days, both included); q searches the stove ID and the end user's name.
 */
export const listSalesRecordQuerySchema = listQuerySchema(listOptions).superRefine(checkPeriod);
export type ListSalesRecordQuery = z.infer<typeof listSalesRecordQuerySchema>;
export const exportSalesRecordQuerySchema = exportQuerySchema(listOptions).superRefine(checkPeriod);
export type ExportSalesRecordQuery = z.infer<typeof exportSalesRecordQuerySchema>;

/** GET /api/carbon/sales-record/summary: the period and the factory only. */
export const salesRecordSummaryQuerySchema = z
  .object({ ...periodShape, factoryId: uuidFilterSchema })
  .superRefine(checkPeriod);
export type SalesRecordSummaryQuery = z.infer<typeof salesRecordSummaryQuerySchema>;

export const salesRecordItemSchema = z.object({
  /** The stove ID's record. */
  id: z.string(),
  code: z.string(),
  model: z.string().nullable(),
  factory: factoryRefSchema,
  saleDate: z.string(),
  order: z.object({ id: z.string(), label: z.string() }),
  partner: z.object({ id: z.string(), name: z.string(), type: z.enum(PARTNER_TYPES) }),
  /** The end user registered under this sale (the latest one, if the stove was returned). */
  endUser: z
    .object({
      kind: z.enum(END_USER_KINDS),
      name: z.string(),
      phone: z.string().nullable(),
      county: z.string().nullable(),
      subCounty: z.string().nullable(),
      village: z.string().nullable(),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
      handoverDate: z.string(),
    })
    .nullable(),
  /** The stove ID's status now. */
  status: stoveIdStatusSchema,
  /** Returned from this sale on a return note. */
  returned: z.boolean(),
});
export type SalesRecordItem = z.infer<typeof salesRecordItemSchema>;
export const salesRecordListSchema = listResponseSchema(salesRecordItemSchema);

/** Whether the end user's place is known: a county, sub-county or village, or a GPS point. */
export function hasLocation(u: NonNullable<SalesRecordItem['endUser']>): boolean {
  return Boolean(u.county || u.subCounty || u.village) || u.latitude !== null;
}

export const salesRecordSummarySchema = z.object({
  total: z.number().int(),
  returned: z.number().int(),
  missingEndUser: z.number().int(),
  missingLocation: z.number().int(),
  /** Months with a first handover, in order ("2026-03"). */
  byMonth: z.array(z.object({ month: z.string(), quantity: z.number().int() })),
  /** Most first; stoves of no known model last. */
  byModel: z.array(z.object({ model: z.string().nullable(), quantity: z.number().int() })),
});
export type SalesRecordSummary = z.infer<typeof salesRecordSummarySchema>;

/** GET /api/carbon/cohorts and its CSV: every first handover, of one factory or all. */
export const carbonCohortsQuerySchema = z.object({ factoryId: uuidFilterSchema });

const cohortCounts = {
  handedOver: z.number().int(),
  returned: z.number().int(),
  inField: z.number().int(),
  cumulative: z.number().int(),
};
export const carbonCohortsSchema = z.object({
  months: z.array(z.object({ year: z.number().int(), month: z.number().int(), ...cohortCounts })),
  years: z.array(z.object({ year: z.number().int(), ...cohortCounts })),
});
export type CarbonCohorts = z.infer<typeof carbonCohortsSchema>;
