/**
 * Carbon programme usage surveys (issue 26): draw a monitoring sample per cohort (year of
 * handover), record each visit or call, read the drop-off. The formulae: ../survey-sampling.ts.
 *
 * The population of a cohort: the stoves first sold (handed over) in that year, within the draw's
 * period, that have a registered end user now and were not returned since.
 */
import { z } from 'zod';
import { isIsoDay } from '../calendar-days';
import { SURVEY_CONFIDENCES, SURVEY_PRECISIONS, SURVEY_SEED_MAX } from '../survey-sampling';
import { documentNumberLabel, factoryRefSchema, optionalText, personRefSchema, recordDaySchema } from './fields';
import { csvImportRequestSchema, uuidFilterSchema } from './list';

export const SURVEY_FUELS = [
  'firewood',
  'charcoal',
  'kerosene',
  'lpg',
  'electricity',
  'ethanol',
  'biogas',
  'other',
] as const;
export type SurveyFuel = (typeof SURVEY_FUELS)[number];
export const SURVEY_FUEL_LABELS: Record<SurveyFuel, string> = {
  firewood: 'Firewood',
  charcoal: 'Charcoal',
  kerosene: 'Kerosene',
  lpg: 'LPG',
  electricity: 'Electricity',
  ethanol: 'Ethanol',
  biogas: 'Biogas',
  other: 'Other',
};

export const SURVEY_METHODS = ['visit', 'call'] as const;
export type SurveyMethod = (typeof SURVEY_METHODS)[number];
export const SURVEY_METHOD_LABELS: Record<SurveyMethod, string> = { visit: 'Visit', call: 'Phone call' };

/** "SD-000012": a draw's number as people see it. */
export function surveyDrawLabel(number: number): string {
  return documentNumberLabel('SD', number);
}

/** A cohort of a draw: its year of handover, its population and its sample size at the draw. */
export interface SurveyCohortPlan {
  year: number;
  population: number;
  sampleSize: number;
}
const cohortPlanSchema = z.object({
  year: z.number().int(),
  population: z.number().int(),
  sampleSize: z.number().int(),
});

const confidence = z.coerce.number({ message: 'Confidence must be 90 or 95' }).pipe(
  z.union(
    SURVEY_CONFIDENCES.map((c) => z.literal(c)),
    { message: 'Confidence must be 90 or 95' },
  ),
);
const precision = z.coerce.number({ message: 'Precision must be 5 or 10' }).pipe(
  z.union(
    SURVEY_PRECISIONS.map((p) => z.literal(p)),
    { message: 'Precision must be 5 or 10' },
  ),
);

const periodDay = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .refine(isIsoDay, `${label} must be a date like 2026-01-31`);

const periodShape = { from: periodDay('From'), to: periodDay('To') };
function periodForwards(v: { from: string; to: string }, ctx: z.RefinementCtx): void {
  if (v.from > v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The period ends before it starts' });
}

/** GET /api/carbon/surveys/plan: the cohorts of a period with their populations and sample sizes. */
export const surveyPlanQuerySchema = z
  .object({
    ...periodShape,
    confidence: confidence.default(90),
    precision: precision.default(10),
    factoryId: uuidFilterSchema,
  })
  .superRefine(periodForwards);
export const surveyPlanSchema = z.object({ cohorts: z.array(cohortPlanSchema) });
export type SurveyPlan = z.infer<typeof surveyPlanSchema>;

/** POST /api/carbon/surveys/draws: draw a sample. `seed` redraws a recorded draw; without it, a new seed. */
export const createSurveyDrawSchema = z
  .object({
    ...periodShape,
    years: z
      .array(z.number().int('A cohort is a year').min(2000, 'A cohort is a year').max(2999, 'A cohort is a year'))
      .min(1, 'Choose at least one cohort')
      .max(50, 'Choose at most 50 cohorts'),
    confidence: confidence.default(90),
    precision: precision.default(10),
    factoryId: z.string().uuid('Choose a factory').nullish(),
    seed: z
      .number()
      .int('The seed is a whole number')
      .min(0, 'The seed is a whole number from 0 to 4294967295')
      .max(SURVEY_SEED_MAX, 'The seed is a whole number from 0 to 4294967295')
      .nullish(),
  })
  .superRefine(periodForwards);
export type CreateSurveyDraw = z.input<typeof createSurveyDrawSchema>;

const resultCounts = {
  sampled: z.number().int(),
  surveyed: z.number().int(),
};

export const surveyDrawSummarySchema = z.object({
  id: z.string(),
  label: z.string(),
  from: z.string(),
  to: z.string(),
  factory: factoryRefSchema.nullable(),
  confidence: z.number().int(),
  precision: z.number().int(),
  seed: z.number().int(),
  cohorts: z.array(cohortPlanSchema),
  createdAt: z.string(),
  createdBy: personRefSchema,
  ...resultCounts,
});
export type SurveyDrawSummary = z.infer<typeof surveyDrawSummarySchema>;
export const surveyDrawListSchema = z.array(surveyDrawSummarySchema);

/** A yes/no answer: a boolean (form) or yes / no read from a CSV cell; empty is none. */
const yesNo = (label: string) =>
  z
    .union([z.boolean(), z.string()])
    .nullish()
    .transform((v, ctx) => {
      if (v === null || v === undefined) return null;
      if (typeof v === 'boolean') return v;
      const t = v.trim().toLowerCase();
      if (t === '') return null;
      if (t === 'yes' || t === 'y' || t === 'true') return true;
      if (t === 'no' || t === 'n' || t === 'false') return false;
      ctx.addIssue({ code: 'custom', message: `${label} must be yes or no` });
      return z.NEVER;
    });

const fuel = (label: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(
      z
        .enum(SURVEY_FUELS, {
          message: `${label} must be one of: ${SURVEY_FUELS.map((f) => SURVEY_FUEL_LABELS[f].toLowerCase()).join(', ')}`,
        })
        .nullable(),
    );

const surveyResultShape = {
  method: z
    .string()
    .trim()
    .toLowerCase()
    .nullish()
    // Empty is a visit; the call list's label "Phone call" reads as a call.
    .transform((v) => (v ? (v === 'phone call' || v === 'phone' ? 'call' : v) : 'visit'))
    .pipe(z.enum(SURVEY_METHODS, { message: 'Method must be visit or call' })),
  surveyedOn: recordDaySchema,
  reached: yesNo('Reached').pipe(z.boolean({ message: 'Say whether the end user was reached' })),
  inUse: yesNo('In use'),
  working: yesNo('In working order'),
  fuelBefore: fuel('Fuel before'),
  fuelAfter: fuel('Fuel after'),
  surveyor: z.string().trim().min(1, 'Surveyor is required').max(200, 'Surveyor is limited to 200 characters'),
  note: optionalText(1000, 'Note'),
};

/** Reached: in use and working are answered; not reached: nothing else is. */
function answeredWhenReached(
  v: { reached: boolean; inUse: boolean | null; working: boolean | null; fuelBefore: unknown; fuelAfter: unknown },
  ctx: z.RefinementCtx,
): void {
  if (v.reached) {
    if (v.inUse === null) ctx.addIssue({ code: 'custom', path: ['inUse'], message: 'Say whether the stove is in use' });
    if (v.working === null)
      ctx.addIssue({ code: 'custom', path: ['working'], message: 'Say whether the stove is in working order' });
  } else if (v.inUse !== null || v.working !== null || v.fuelBefore !== null || v.fuelAfter !== null) {
    ctx.addIssue({
      code: 'custom',
      path: ['reached'],
      message: 'An end user not reached has no answers: leave in use, working and fuels empty',
    });
  }
}

/** PUT /api/carbon/surveys/draws/:id/results/:code: the result of one sampled stove (added or edited). */
export const surveyResultInputSchema = z.object(surveyResultShape).superRefine(answeredWhenReached);
export type SurveyResultFields = z.output<typeof surveyResultInputSchema>;

/** One row of the results CSV, as the server reads it. */
export const surveyResultRowSchema = z
  .object({
    code: z.string().trim().min(1, 'Stove ID is required').max(32, 'A stove ID has at most 32 characters'),
    ...surveyResultShape,
  })
  .superRefine(answeredWhenReached);

export type SurveyResultCsvField =
  'code' | 'method' | 'surveyedOn' | 'reached' | 'inUse' | 'working' | 'fuelBefore' | 'fuelAfter' | 'surveyor' | 'note';

/** The results CSV's columns (the import's and the call list's result columns). */
export const SURVEY_RESULT_CSV_COLUMNS: readonly { header: string; field: SurveyResultCsvField }[] = [
  { header: 'Stove ID', field: 'code' },
  { header: 'Method', field: 'method' },
  { header: 'Date', field: 'surveyedOn' },
  { header: 'Reached', field: 'reached' },
  { header: 'In use', field: 'inUse' },
  { header: 'Working', field: 'working' },
  { header: 'Fuel before', field: 'fuelBefore' },
  { header: 'Fuel after', field: 'fuelAfter' },
  { header: 'Surveyor', field: 'surveyor' },
  { header: 'Note', field: 'note' },
];

/** POST /api/carbon/surveys/draws/:id/results/import: results by CSV, all or nothing. */
export const importSurveyResultsSchema = csvImportRequestSchema;

export const surveyResultSchema = z.object({
  method: z.enum(SURVEY_METHODS),
  surveyedOn: z.string(),
  reached: z.boolean(),
  inUse: z.boolean().nullable(),
  working: z.boolean().nullable(),
  fuelBefore: z.enum(SURVEY_FUELS).nullable(),
  fuelAfter: z.enum(SURVEY_FUELS).nullable(),
  surveyor: z.string(),
  note: z.string().nullable(),
  updatedAt: z.string(),
});

export const surveyMemberSchema = z.object({
  code: z.string(),
  cohort: z.number().int(),
  position: z.number().int(),
  endUser: z.object({
    name: z.string(),
    phone: z.string().nullable(),
    location: z.string(),
  }),
  result: surveyResultSchema.nullable(),
});
export type SurveyMember = z.infer<typeof surveyMemberSchema>;

export const surveyDrawDetailSchema = surveyDrawSummarySchema.extend({ members: z.array(surveyMemberSchema) });
export type SurveyDrawDetail = z.infer<typeof surveyDrawDetailSchema>;

export const surveyDrawParamsSchema = z.object({ id: z.string().uuid('No such draw') });
export const surveyResultParamsSchema = surveyDrawParamsSchema.extend({ code: z.string().trim().min(1).max(32) });

/** A cohort's drop-off: the share of surveyed stoves in use, its interval, and the stoves still in use. */
export const dropOffCohortSchema = z.object({
  year: z.number().int(),
  population: z.number().int(),
  sampled: z.number().int(),
  surveyed: z.number().int(),
  inUse: z.number().int(),
  /** null until a stove of the cohort was reached. */
  share: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  estimated: z.number().int().nullable(),
  estimatedLow: z.number().int().nullable(),
  estimatedHigh: z.number().int().nullable(),
});
export type DropOffCohort = z.infer<typeof dropOffCohortSchema>;
export const dropOffSchema = z.object({ confidence: z.number().int(), cohorts: z.array(dropOffCohortSchema) });
export type DropOff = z.infer<typeof dropOffSchema>;
