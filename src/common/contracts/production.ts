/**
 * Stove reports (DOMAIN.md §4 "Production"): a coupler's report of the stoves assembled at a
 * factory on a day, one kit of the stove model consumed per stove, and its void. One contract
 * per endpoint; the routes and the web forms both use these.
 */
import { z } from 'zod';
import { isIsoDay, latestDayOnEarth } from '../calendar-days';
import type { Group } from '../permissions';
import {
  dayFilterSchema,
  documentNumberLabel,
  factoryRefSchema,
  optionalText,
  parseDocumentNumber,
  personRefSchema,
  reasonSchema,
  statusSchema,
} from './fields';
import { listQuerySchema, listResponseSchema, exportQuerySchema, uuidFilterSchema } from './list';
import { documentIdCheckSchema, documentStoveIdsSchema } from './stove-ids';

export const STOVE_REPORT_STATUSES = ['submitted', 'voided'] as const;
export const stoveReportStatusSchema = statusSchema(STOVE_REPORT_STATUSES);
export type StoveReportStatus = z.infer<typeof stoveReportStatusSchema>;
export const STOVE_REPORT_STATUS_LABELS: Record<StoveReportStatus, string> = {
  submitted: 'Submitted',
  voided: 'Voided',
};

/** Most stove IDs one report holds. */
export const STOVE_REPORT_CODES_MAX = 1000;

/**
 * The groups that may void a stove report (a Factory Manager only their own factory's, as
 * factory scope has it); other holders of production-management may not.
 */
export const STOVE_REPORT_VOID_GROUPS = [
  'Admin',
  'Senior Production Manager',
  'Production Manager',
  'Factory Manager',
] as const satisfies readonly Group[];

export function mayVoidStoveReports(groups: readonly Group[]): boolean {
  return groups.some((g) => (STOVE_REPORT_VOID_GROUPS as readonly Group[]).includes(g));
}

/** A stove report's number as people see it: SR-000123. */
export function stoveReportNumberLabel(number: number): string {
  return documentNumberLabel('SR', number);
}

/** A report number typed in a search ("SR-000012", "sr12", "12"), or null. */
export function parseStoveReportNumber(text: string): number | null {
  return parseDocumentNumber('SR', text);
}

/** A report's day: a real day, not in the future (anywhere on earth: a coupler's "today" in any time zone). */
const day = z
  .string()
  .refine(isIsoDay, 'Use a date like 2026-01-31')
  .refine((d) => d <= latestDayOnEarth(new Date()), 'The date cannot be in the future');

/** Codes as the user typed or scanned them: any text, normalized and judged one by one by the service. */
const reportCodes = z
  .array(z.string().max(100, 'A code is at most 32 characters'))
  .min(1, 'Add at least one stove ID')
  .max(
    STOVE_REPORT_CODES_MAX,
    `A report holds at most ${STOVE_REPORT_CODES_MAX.toLocaleString('en-US')} stove IDs: split it in two`,
  );
const note = optionalText(1000, 'Note');

const categoryRef = z.object({ id: z.string(), name: z.string(), code: z.string(), stoveModel: z.string() });

// ---------------------------------------------------------------------------------------------
// Submitting and checking

/** POST /api/stove-reports (all or nothing). */
export const submitStoveReportSchema = z.object({
  /** A factory-scoped user may only name their own factory. */
  factoryId: z.string().uuid('Choose a factory'),
  /** The day the stoves were coupled. */
  date: day,
  /** The stove model (CKD category): one kit of it is consumed per stove. */
  categoryId: z.string().uuid('Choose a stove model'),
  codes: reportCodes,
  note,
});
export type SubmitStoveReport = z.input<typeof submitStoveReportSchema>;

/** POST /api/stove-reports/check: each code's eligibility while scanning (changes nothing). */
export const checkStoveReportSchema = z.object({
  factoryId: z.string().uuid('Choose a factory'),
  /** With it, the answer also says how many kits of this model the factory has. */
  categoryId: z.string().uuid('Choose a stove model').nullish(),
  codes: reportCodes,
});

export const STOVE_REPORT_VERDICTS = [
  'ok', // in stock at the factory: can be reported
  'unknown',
  'malformed',
  'bad_check_digit',
  'duplicate',
  'wrong_factory',
  'coupled',
  'validated',
  'sold',
  'in_transit',
  'void',
] as const;
export type StoveReportVerdict = (typeof STOVE_REPORT_VERDICTS)[number];

export const stoveReportCheckSchema = documentIdCheckSchema(STOVE_REPORT_VERDICTS).extend({
  /** Kits of the stove model in stock at the factory (null without a model). */
  kitsAvailable: z.number().int().nullable(),
});
export type StoveReportCheck = z.infer<typeof stoveReportCheckSchema>;

// ---------------------------------------------------------------------------------------------
// Reports

export const stoveReportSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  date: z.string(),
  status: stoveReportStatusSchema,
  factory: factoryRefSchema,
  category: categoryRef,
  stoveCount: z.number().int(),
  note: z.string().nullable(),
  createdAt: z.string(),
  /** The coupler who submitted it. */
  createdBy: personRefSchema,
  voidReason: z.string().nullable(),
  voidedAt: z.string().nullable(),
  voidedBy: personRefSchema,
});
export type StoveReport = z.infer<typeof stoveReportSchema>;

/** GET /api/stove-reports/:id: the report, its stove IDs and what the signed-in user may do. */
export const stoveReportDetailSchema = stoveReportSchema.extend({
  items: documentStoveIdsSchema,
  can: z.object({ void: z.boolean() }),
  /**
   * Why a submitted report can no longer be voided (some of its IDs moved on: validated, sold,
   * in transit…), for a user who may void reports; null otherwise.
   */
  voidBlocked: z.string().nullable(),
});
export type StoveReportDetail = z.infer<typeof stoveReportDetailSchema>;

/** POST /api/stove-reports/:id/void */
export const voidStoveReportSchema = z.object({ reason: reasonSchema });
export type VoidStoveReport = z.input<typeof voidStoveReportSchema>;

const stoveReportListOptions = {
  sortable: ['date', 'number'],
  defaultSort: 'date',
  defaultDir: 'desc',
  filters: {
    factoryId: uuidFilterSchema,
    categoryId: uuidFilterSchema,
    status: stoveReportStatusSchema.optional(),
    /** The coupler who submitted the reports. */
    couplerId: uuidFilterSchema,
    /** Reports of this day or later. */
    from: dayFilterSchema,
    /** Reports of this day or earlier. */
    to: dayFilterSchema,
  },
} as const;
/** GET /api/stove-reports (q: a report number or a stove ID on it). Factory-scoped users see their factory's. */
export const listStoveReportsQuerySchema = listQuerySchema(stoveReportListOptions);
export type ListStoveReportsQuery = z.infer<typeof listStoveReportsQuerySchema>;
/** GET /api/stove-reports/export.csv */
export const exportStoveReportsQuerySchema = exportQuerySchema(stoveReportListOptions);

/** The totals of the filtered reports (every page carries the same). */
export const stoveReportSummarySchema = z.object({
  /** Submitted (not voided) reports. */
  reports: z.number().int(),
  voided: z.number().int(),
  /** Stoves coupled by the submitted reports. */
  stoves: z.number().int(),
  byCategory: z.array(categoryRef.extend({ reports: z.number().int(), stoves: z.number().int() })),
});
export type StoveReportSummary = z.infer<typeof stoveReportSummarySchema>;

export const stoveReportListSchema = listResponseSchema(stoveReportSchema).extend({
  summary: stoveReportSummarySchema,
});
export type StoveReportList = z.infer<typeof stoveReportListSchema>;

/** GET /api/stove-reports/couplers: the people who submitted reports (in the caller's scope), for the filter. */
export const stoveReportCouplersQuerySchema = z.object({ factoryId: uuidFilterSchema });
export const stoveReportCouplersSchema = z.object({
  items: z.array(z.object({ id: z.string(), name: z.string().nullable(), email: z.string() })),
});
export type StoveReportCoupler = z.infer<typeof stoveReportCouplersSchema>['items'][number];
