/**
 * CKD reports (DOMAIN.md §4 "CKD kits"): kit stock per factory × category for a date range, and
 * one factory day by day. Both read the kit movements summed per day (ckd_daily); the columns are
 * the same: closing = opening + produced + received − sent − consumed + adjusted, where consumed
 * is net of reversals (a voided stove report gives its kits back).
 */
import { z } from 'zod';
import { isIsoDay } from '../calendar-days';
import { factoryRefSchema } from './fields';
import { uuidFilterSchema } from './list';

/** The longest range of the CKD report (in years, inclusive of both ends). */
export const CKD_REPORT_MAX_YEARS = 3;
/** The longest range of the factory CKD report: one row per day. */
export const FACTORY_CKD_REPORT_MAX_YEARS = 1;

/** The day `years` calendar years after `day` (29 February falls on 1 March in other years). */
export function addYears(day: string, years: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.toISOString().slice(0, 10);
}

const isoDay = (label: string) =>
  z
    .string({ error: `Choose the ${label} date` })
    .trim()
    .min(1, `Choose the ${label} date`)
    .refine(isIsoDay, `The ${label} date must be a real date written like 2026-01-31`);

const range = { from: isoDay('start'), to: isoDay('end') };

/**
 * The date range of a report: both days included, `from` on or before `to`, at most `maxYears`
 * long (from 2025-01-01, up to 2025-12-31 is one year).
 */
function checkRange(maxYears: number) {
  return (q: { from: string; to: string }, issues: z.RefinementCtx) => {
    if (!isIsoDay(q.from) || !isIsoDay(q.to)) return;
    if (q.from > q.to) {
      issues.addIssue({ code: 'custom', path: ['to'], message: 'The end date must be on or after the start date' });
    } else if (q.to >= addYears(q.from, maxYears)) {
      const years = maxYears === 1 ? 'one year' : `${maxYears} years`;
      issues.addIssue({
        code: 'custom',
        path: ['to'],
        message: `The range can be at most ${years}: choose an end date before ${addYears(q.from, maxYears)}`,
      });
    }
  };
}

/** GET /api/ckd/report and /api/ckd/report/export.csv */
export const ckdReportQuerySchema = z
  .object({ ...range, factoryId: uuidFilterSchema, categoryId: uuidFilterSchema })
  .superRefine(checkRange(CKD_REPORT_MAX_YEARS));
export type CkdReportQuery = z.infer<typeof ckdReportQuerySchema>;

/** GET /api/ckd/factory-report and /api/ckd/factory-report/export.csv */
export const factoryCkdReportQuerySchema = z
  .object({
    ...range,
    factoryId: z.string({ error: 'Choose a factory' }).uuid('Choose a factory from the list'),
    categoryId: uuidFilterSchema,
  })
  .superRefine(checkRange(FACTORY_CKD_REPORT_MAX_YEARS));
export type FactoryCkdReportQuery = z.infer<typeof factoryCkdReportQuerySchema>;

/** The kit figures of a row: the stock at the start and end, and what moved in between. */
export const kitFiguresSchema = z.object({
  opening: z.number().int(),
  produced: z.number().int(),
  received: z.number().int(),
  sent: z.number().int(),
  /** Kits used by stove reports, net of voided reports' reversals. */
  consumed: z.number().int(),
  /** Signed: corrections up or down. */
  adjusted: z.number().int(),
  closing: z.number().int(),
});
export type KitFigures = z.infer<typeof kitFiguresSchema>;

/** The figure columns in report order, with their labels (screen and CSV). */
export const KIT_FIGURE_COLUMNS = [
  { key: 'opening', label: 'Opening' },
  { key: 'produced', label: 'Produced' },
  { key: 'received', label: 'Received' },
  { key: 'sent', label: 'Sent' },
  { key: 'consumed', label: 'Consumed' },
  { key: 'adjusted', label: 'Adjusted' },
  { key: 'closing', label: 'Closing' },
] as const satisfies readonly { key: keyof KitFigures; label: string }[];

const categoryRef = z.object({ id: z.string(), name: z.string(), code: z.string() });
export type KitCategoryRef = z.infer<typeof categoryRef>;

/** Every kit category, for the category filter (the report's readers may not hold ckd-categories). */
const categoryOptions = z.array(categoryRef.extend({ active: z.boolean() }));

export const ckdReportRowSchema = kitFiguresSchema.extend({ factory: factoryRefSchema, category: categoryRef });
export type CkdReportRow = z.infer<typeof ckdReportRowSchema>;

/**
 * GET /api/ckd/report: one row per factory × category that had any movement on or before `to`
 * (ordered by factory code, then category code); totals add up every column.
 */
export const ckdReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(ckdReportRowSchema),
  totals: kitFiguresSchema,
  categories: categoryOptions,
});
export type CkdReport = z.infer<typeof ckdReportSchema>;

export const factoryCkdReportDaySchema = kitFiguresSchema.extend({ day: z.string() });
export type FactoryCkdReportDay = z.infer<typeof factoryCkdReportDaySchema>;

/**
 * GET /api/ckd/factory-report: every day of the range in order (days without movement carry the
 * stock forward), for one category or all summed (`category` null); totals: the opening of the
 * first day, the movements summed, the closing of the last day.
 */
export const factoryCkdReportSchema = z.object({
  factory: factoryRefSchema,
  category: categoryRef.nullable(),
  from: z.string(),
  to: z.string(),
  days: z.array(factoryCkdReportDaySchema),
  totals: kitFiguresSchema,
  categories: categoryOptions,
});
export type FactoryCkdReport = z.infer<typeof factoryCkdReportSchema>;
