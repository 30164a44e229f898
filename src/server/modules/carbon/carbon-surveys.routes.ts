import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SURVEY_FUEL_LABELS,
  SURVEY_METHOD_LABELS,
  createSurveyDrawSchema,
  dropOffSchema,
  importSurveyResultsSchema,
  surveyDrawDetailSchema,
  surveyDrawListSchema,
  surveyDrawParamsSchema,
  surveyMemberSchema,
  surveyPlanQuerySchema,
  surveyPlanSchema,
  surveyResultInputSchema,
  surveyResultParamsSchema,
  type DropOffCohort,
  type SurveyMember,
} from '../../../common/contracts/carbon-surveys';
import { csvImportResultSchema } from '../../../common/contracts/list';
import type { Database } from '../../db/client';
import { actorOf } from '../../http/guard';
import { sendCsv } from '../../http/list';
import {
  createDraw,
  dropOff,
  getDraw,
  importResults,
  listDraws,
  planSurvey,
  recordResult,
} from './carbon-surveys.service';

const tags = ['carbon'];
const config = { permission: 'carbon-programme' } as const;
const notFound = { 404: 'No such draw (or it is of another factory than a factory-scoped user’s).' };

const yesNo = (v: boolean | null | undefined) => (v === null || v === undefined ? null : v ? 'yes' : 'no');
const percent = (v: number | null) => (v === null ? null : (v * 100).toFixed(1));

async function* once<T>(rows: T[]): AsyncGenerator<T[]> {
  yield rows;
}

export async function carbonSurveyRoutes(app: FastifyInstance, opts: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/api/carbon/surveys/plan',
    {
      config,
      schema: {
        tags,
        summary: 'The cohorts of a period with their sample sizes',
        description:
          'For the period of handover `from`–`to` (first sale days), each cohort (year of handover) with its ' +
          'population (stoves with a registered end user, not returned) and its sample size at `confidence` ' +
          '(90 or 95, default 90) and `precision` (5 or 10 %, default 10): n0 = z²·0.25/e² with the finite ' +
          "population correction, rounded up. `factoryId` narrows to a factory; a factory-scoped user's is theirs.",
        querystring: surveyPlanQuerySchema,
        response: { 200: surveyPlanSchema },
      },
    },
    async (request) => planSurvey(db, actorOf(request), request.query),
  );

  r.get(
    '/api/carbon/surveys/draws',
    {
      config,
      schema: {
        tags,
        summary: 'List the survey draws',
        description:
          'Every draw, newest first, with its seed, parameters, cohorts (population and sample size at the draw), ' +
          'who drew it and when, and how many of its stoves were sampled and reached. A factory-scoped user sees ' +
          "their own factory's draws only.",
        response: { 200: surveyDrawListSchema },
      },
    },
    async (request) => listDraws(db, actorOf(request)),
  );

  r.post(
    '/api/carbon/surveys/draws',
    {
      config: {
        ...config,
        errors: {
          400: 'The period ends before it starts, a parameter is not one of the choices, or a chosen cohort has no stove to sample.',
        },
      },
      schema: {
        tags,
        summary: 'Draw a monitoring sample',
        description:
          'Draws a sample of each cohort `years` of the period `from`–`to` at `confidence` and `precision` ' +
          '(`factoryId`: one factory; none: every factory; a factory-scoped user draws from their own). Each ' +
          "cohort's stoves, in stove ID order, are shuffled by mulberry32 seeded from `seed` and the year " +
          '(Fisher–Yates); the first n are the sample. Without `seed` a new random one is chosen; with the seed ' +
          'of an earlier draw and its parameters the same stoves are drawn again. Every draw is kept as a new ' +
          'record (never replacing another). Audited. Answers 201 with the draw.',
        body: createSurveyDrawSchema,
        response: { 201: surveyDrawDetailSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createDraw(db, actorOf(request), request.body)),
  );

  r.get(
    '/api/carbon/surveys/draws/:id',
    {
      config: { ...config, errors: notFound },
      schema: {
        tags,
        summary: 'One survey draw with its stoves and results',
        description:
          'The draw and its stoves by cohort in the order drawn, each with its end user at the draw (name, ' +
          'phone, location) and its survey result, if recorded.',
        params: surveyDrawParamsSchema,
        response: { 200: surveyDrawDetailSchema },
      },
    },
    async (request) => getDraw(db, actorOf(request), request.params.id),
  );

  r.get(
    '/api/carbon/surveys/draws/:id/call-list.csv',
    {
      config: {
        ...config,
        errors: notFound,
        success: { status: 200, mediaType: 'text/csv', description: 'The call list (UTF-8 with a byte order mark).' },
      },
      schema: {
        tags,
        summary: "Export a draw's call list as CSV",
        description:
          'The stoves of the draw by cohort in the order drawn: stove ID, cohort, end user, phone, location, ' +
          'then the result columns (method, date, reached, in use, working, fuel before and after, surveyor, ' +
          'note), filled where recorded: the file the results import reads back.',
        params: surveyDrawParamsSchema,
      },
    },
    async (request, reply) => {
      const draw = await getDraw(db, actorOf(request), request.params.id);
      return sendCsv<SurveyMember>(
        reply,
        `call-list-${draw.label}.csv`,
        [
          { header: 'Stove ID', value: (m) => m.code },
          { header: 'Cohort', value: (m) => m.cohort },
          { header: 'End user', value: (m) => m.endUser.name },
          { header: 'Phone', value: (m) => m.endUser.phone },
          { header: 'Location', value: (m) => m.endUser.location },
          { header: 'Method', value: (m) => (m.result ? SURVEY_METHOD_LABELS[m.result.method] : null) },
          { header: 'Date', value: (m) => m.result?.surveyedOn },
          { header: 'Reached', value: (m) => yesNo(m.result?.reached) },
          { header: 'In use', value: (m) => yesNo(m.result?.inUse) },
          { header: 'Working', value: (m) => yesNo(m.result?.working) },
          {
            header: 'Fuel before',
            value: (m) => (m.result?.fuelBefore ? SURVEY_FUEL_LABELS[m.result.fuelBefore] : null),
          },
          { header: 'Fuel after', value: (m) => (m.result?.fuelAfter ? SURVEY_FUEL_LABELS[m.result.fuelAfter] : null) },
          { header: 'Surveyor', value: (m) => m.result?.surveyor },
          { header: 'Note', value: (m) => m.result?.note },
        ],
        once(draw.members),
      );
    },
  );

  r.put(
    '/api/carbon/surveys/draws/:id/results/:code',
    {
      config: {
        ...config,
        errors: { 404: 'No such draw, or the stove is not in its sample.' },
      },
      schema: {
        tags,
        summary: 'Record the survey result of one sampled stove',
        description:
          'Adds or replaces the result of the visit or call to the end user of the sampled stove `code`: method ' +
          '(visit or call), date, reached; when reached, in use and in working order (required) and the main ' +
          'fuel before and after (firewood, charcoal, kerosene, LPG, electricity, ethanol, biogas, other); ' +
          'surveyor and note. Not reached: no answers. Audited.',
        params: surveyResultParamsSchema,
        body: surveyResultInputSchema,
        response: { 200: surveyMemberSchema },
      },
    },
    async (request) => recordResult(db, actorOf(request), request.params.id, request.params.code, request.body),
  );

  r.post(
    '/api/carbon/surveys/draws/:id/results/import',
    {
      config: {
        ...config,
        errors: {
          ...notFound,
          400:
            'The CSV has no header line, unknown columns or more than 100,000 rows; or, on an import, a row has an ' +
            'error: nothing is imported (`details.fieldErrors.csv` lists the first errors).',
        },
      },
      schema: {
        tags,
        summary: "Check (dryRun) or import a draw's survey results from CSV, all or nothing",
        description:
          'A CSV of results (`{ csv, dryRun }`; columns Stove ID, Method, Date, Reached, In use, Working, Fuel ' +
          "before, Fuel after, Surveyor, Note; the call list's other columns are read and ignored, so a filled-in call " +
          'list imports back). ' +
          'Every row is checked: its fields as one recorded result, a stove of this sample, not repeated. A dry ' +
          'run reports the rows in error and a preview; the import writes every row in one transaction (a stove ' +
          "with a result gets the file's), only when no row is in error. Audited.",
        params: surveyDrawParamsSchema,
        body: importSurveyResultsSchema,
        response: { 200: csvImportResultSchema },
      },
    },
    async (request) => importResults(db, actorOf(request), request.params.id, request.body),
  );

  r.get(
    '/api/carbon/surveys/draws/:id/drop-off',
    {
      config: { ...config, errors: notFound },
      schema: {
        tags,
        summary: "A draw's drop-off per cohort",
        description:
          'Per cohort of the draw: population at the draw, stoves sampled, surveyed (reached), in use, the share ' +
          "in use with its Wilson score interval at the draw's confidence (`low`, `high`), and the estimated " +
          'stoves still in use (share × population, and the interval’s bounds × population). Null until a stove ' +
          'of the cohort was reached.',
        params: surveyDrawParamsSchema,
        response: { 200: dropOffSchema },
      },
    },
    async (request) => dropOff(db, actorOf(request), request.params.id),
  );

  r.get(
    '/api/carbon/surveys/draws/:id/drop-off.csv',
    {
      config: {
        ...config,
        errors: notFound,
        success: {
          status: 200,
          mediaType: 'text/csv',
          description: 'The drop-off table (UTF-8 with a byte order mark).',
        },
      },
      schema: {
        tags,
        summary: "Export a draw's drop-off as CSV",
        description:
          'The drop-off table as CSV: cohort, population, sampled, surveyed, in use, share in use (%), its ' +
          'interval (%), estimated stoves in use and its interval.',
        params: surveyDrawParamsSchema,
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const [draw, table] = await Promise.all([
        getDraw(db, actor, request.params.id),
        dropOff(db, actor, request.params.id),
      ]);
      return sendCsv<DropOffCohort>(
        reply,
        `drop-off-${draw.label}.csv`,
        [
          { header: 'Cohort', value: (c) => c.year },
          { header: 'Population', value: (c) => c.population },
          { header: 'Sampled', value: (c) => c.sampled },
          { header: 'Surveyed', value: (c) => c.surveyed },
          { header: 'In use', value: (c) => c.inUse },
          { header: 'Share in use (%)', value: (c) => percent(c.share) },
          { header: `Low (${table.confidence}%)`, value: (c) => percent(c.low) },
          { header: `High (${table.confidence}%)`, value: (c) => percent(c.high) },
          { header: 'Estimated in use', value: (c) => c.estimated },
          { header: 'Estimated low', value: (c) => c.estimatedLow },
          { header: 'Estimated high', value: (c) => c.estimatedHigh },
        ],
        once(table.cohorts),
      );
    },
  );
}
