/**
 * Usage surveys of the carbon programme (issue 26): draw a monitoring sample per cohort, record the
 * result of each visit or call, read the drop-off.
 *
 * A draw keeps its seed and parameters and each cohort's population and sample size; it is never
 * replaced (a new draw is a new record). Each cohort's stoves are shuffled by mulberry32 seeded
 * with cohortSeed(seed, year) in stove ID order (only the drawn places are read) (../../../common/survey-sampling.ts): the same seed
 * and parameters on the same population give the same stove IDs. Factory scope: a factory-scoped
 * user draws from, and sees the draws of, their own factory only.
 */
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  SURVEY_RESULT_CSV_COLUMNS,
  surveyDrawLabel,
  surveyResultRowSchema,
  type createSurveyDrawSchema,
  type DropOff,
  type SurveyDrawDetail,
  type SurveyDrawSummary,
  type SurveyFuel,
  type SurveyMember,
  type SurveyPlan,
  type SurveyResultCsvField,
  type SurveyResultFields,
  SURVEY_FUEL_LABELS,
  SURVEY_METHOD_LABELS,
} from '../../../common/contracts/carbon-surveys';
import { endUserLocation } from '../../../common/contracts/carbon';
import { personRef } from '../../../common/contracts/fields';
import type { CsvImportResult, CsvRowError } from '../../../common/contracts/list';
import { normalizeCode } from '../../../common/stove-codes';
import {
  SURVEY_SEED_MAX,
  cohortSeed,
  estimateInUse,
  samplePositions,
  sampleSize,
  type SurveyConfidence,
  type SurveyPrecision,
} from '../../../common/survey-sampling';
import type { Actor } from '../../auth/actor';
import { actingFactory, scopedFactoryFilter } from '../../auth/scope';
import type { Database, Executor } from '../../db/client';
import { refuseFaultyImport, validateCsv } from '../../http/csv-import';
import { errors } from '../../http/errors';
import { insertAudit } from '../audit/audit.repository';
import { handoverCohorts, surveyableStovesAt } from './carbon-cohorts.repository';
import {
  dropOffCounts,
  drawRows,
  insertDraw,
  memberRows,
  membersByCode,
  upsertResults,
  type DrawRow,
  type MemberRow,
} from './carbon-surveys.repository';

const PREVIEW_ROWS = 20;

/** The call list's other columns: read (so a filled-in call list imports back) and ignored. */
const IMPORT_COLUMNS = [
  ...SURVEY_RESULT_CSV_COLUMNS,
  { header: 'Cohort', field: 'cohort' },
  { header: 'End user', field: 'endUser' },
  { header: 'Phone', field: 'phone' },
  { header: 'Location', field: 'location' },
] as const;

/** GET /api/carbon/surveys/plan: the period's cohorts, their populations and sample sizes. */
export async function planSurvey(
  db: Database,
  actor: Actor,
  query: {
    from: string;
    to: string;
    confidence: SurveyConfidence;
    precision: SurveyPrecision;
    factoryId?: string | undefined;
  },
): Promise<SurveyPlan> {
  const cohorts = await handoverCohorts(db, {
    from: query.from,
    to: query.to,
    factoryId: scopedFactoryFilter(actor, query.factoryId),
  });
  return {
    cohorts: cohorts.map((c) => ({ ...c, sampleSize: sampleSize(c.population, query.confidence, query.precision) })),
  };
}

/** The factory a draw samples: a global user's choice (null: every factory), a scoped user's own. */
function drawFactory(actor: Actor, requested: string | null | undefined): string | null {
  if (actor.isGlobal) return requested ?? null;
  return actingFactory(actor, requested ?? actor.factory?.id ?? '');
}

/** POST /api/carbon/surveys/draws: draws and records a sample; answers the new draw. */
export async function createDraw(
  db: Database,
  actor: Actor,
  input: z.output<typeof createSurveyDrawSchema>,
): Promise<SurveyDrawDetail> {
  const factoryId = drawFactory(actor, input.factoryId);
  const years = [...new Set(input.years)].sort((a, b) => a - b);
  const seed = input.seed ?? randomInt(0, SURVEY_SEED_MAX + 1);
  const filters = { from: input.from, to: input.to, factoryId: factoryId ?? undefined };
  const id = await db.transaction(async (tx) => {
    // One snapshot for the counts and the stoves read at the drawn places.
    await tx.execute(sql`set transaction isolation level repeatable read`);
    const populations = new Map((await handoverCohorts(tx, filters)).map((c) => [c.year, c.population]));
    const cohorts = years.map((year) => {
      const population = populations.get(year) ?? 0;
      return { year, population, sampleSize: sampleSize(population, input.confidence, input.precision) };
    });
    const empty = cohorts.filter((c) => c.population === 0).map((c) => c.year);
    if (empty.length > 0)
      throw errors.validation(
        `No stove handed over in ${empty.join(', ')} within the period has a registered end user: choose other cohorts.`,
        { years: [`Nothing to sample in ${empty.join(', ')}`] },
      );
    const members: { stoveIdId: number; registrationId: string; cohort: number; position: number }[] = [];
    for (const c of cohorts) {
      const positions = samplePositions(c.population, c.sampleSize, cohortSeed(seed, c.year));
      const at = new Map((await surveyableStovesAt(tx, filters, c.year, positions)).map((s) => [s.position, s]));
      positions.forEach((p, i) => {
        const stove = at.get(p);
        if (!stove) throw new Error(`survey draw: no stove at place ${p} of ${c.year}`);
        members.push({
          stoveIdId: stove.stoveIdId,
          registrationId: stove.registrationId,
          cohort: c.year,
          position: i + 1,
        });
      });
    }
    const plans = cohorts.map((c) => ({ year: c.year, population: c.population, sampleSize: c.sampleSize }));
    const drawId = await insertDraw(
      tx,
      {
        from: input.from,
        to: input.to,
        factoryId,
        confidence: input.confidence,
        precision: input.precision,
        seed,
        cohorts: plans,
      },
      members,
      actor.userId,
    );
    await insertAudit(tx, {
      actorId: actor.userId,
      action: 'create',
      recordType: 'survey_draw',
      recordId: drawId,
      after: {
        from: input.from,
        to: input.to,
        factoryId,
        confidence: input.confidence,
        precision: input.precision,
        seed,
        cohorts: plans,
      },
    });
    return drawId;
  });
  return getDraw(db, actor, id);
}

function summary(row: DrawRow): SurveyDrawSummary {
  return {
    id: row.id,
    label: surveyDrawLabel(row.number),
    from: row.from,
    to: row.to,
    factory:
      row.factoryId && row.factoryName && row.factoryCode
        ? { id: row.factoryId, name: row.factoryName, code: row.factoryCode }
        : null,
    confidence: row.confidence,
    precision: row.precision,
    seed: Number(row.seed),
    cohorts: row.cohorts,
    createdAt: row.createdAt,
    createdBy: personRef(row.createdById, row.createdByName, row.createdByEmail),
    sampled: row.sampled,
    surveyed: row.surveyed,
  };
}

/** A factory-scoped user's draws are their factory's; a draw of every factory is not theirs. */
function scopeOf(actor: Actor): string | undefined {
  return scopedFactoryFilter(actor, undefined);
}

/** GET /api/carbon/surveys/draws: every draw, newest first. */
export async function listDraws(db: Database, actor: Actor): Promise<SurveyDrawSummary[]> {
  return (await drawRows(db, { factoryId: scopeOf(actor) })).map(summary);
}

async function findDraw(db: Executor, actor: Actor, id: string): Promise<DrawRow> {
  const [row] = await drawRows(db, { factoryId: scopeOf(actor), id });
  if (!row) throw errors.notFound('No such survey draw.');
  return row;
}

function member(row: MemberRow): SurveyMember {
  return {
    code: row.code,
    cohort: row.cohort,
    position: row.position,
    endUser: { name: row.name, phone: row.phone, location: endUserLocation(row) },
    result:
      row.method && row.surveyedOn && row.reached !== null && row.surveyor !== null && row.updatedAt
        ? {
            method: row.method,
            surveyedOn: row.surveyedOn,
            reached: row.reached,
            inUse: row.inUse,
            working: row.working,
            fuelBefore: row.fuelBefore,
            fuelAfter: row.fuelAfter,
            surveyor: row.surveyor,
            note: row.note,
            updatedAt: row.updatedAt,
          }
        : null,
  };
}

/** GET /api/carbon/surveys/draws/:id: the draw with its stoves, end users and results. */
export async function getDraw(db: Database, actor: Actor, id: string): Promise<SurveyDrawDetail> {
  const row = await findDraw(db, actor, id);
  return { ...summary(row), members: (await memberRows(db, id)).map(member) };
}

/** PUT /api/carbon/surveys/draws/:id/results/:code: adds or replaces one sampled stove's result. */
export async function recordResult(
  db: Database,
  actor: Actor,
  id: string,
  rawCode: string,
  fields: SurveyResultFields,
): Promise<SurveyMember> {
  const code = normalizeCode(rawCode);
  await findDraw(db, actor, id);
  await db.transaction(async (tx) => {
    const found = (await membersByCode(tx, id, [code])).get(code);
    if (!found) throw errors.notFound(`Stove ${code} is not in this sample.`);
    await upsertResults(tx, [{ ...fields, memberId: found.id }], actor.userId);
    await insertAudit(tx, {
      actorId: actor.userId,
      action: found.before ? 'update' : 'create',
      recordType: 'survey_result',
      recordId: found.id,
      before: found.before,
      after: { code, ...fields },
    });
  });
  const updated = (await memberRows(db, id)).find((m) => m.code === code);
  if (!updated) throw new Error(`survey member ${code}: not found after update`);
  return member(updated);
}

const yesNoText = (v: boolean | null) => (v === null ? null : v ? 'yes' : 'no');
const fuelText = (v: SurveyFuel | null) => (v === null ? null : SURVEY_FUEL_LABELS[v]);

/**
 * POST /api/carbon/surveys/draws/:id/results/import: results by CSV (columns as the call list's
 * result columns). Every row is checked (its fields, a stove of this sample, not repeated); a dry
 * run previews; the import writes every row in one transaction or, with any row in error, nothing.
 */
export async function importResults(
  db: Database,
  actor: Actor,
  id: string,
  request: { csv: string; dryRun: boolean },
): Promise<CsvImportResult> {
  await findDraw(db, actor, id);
  const run = async (tx: Executor) => {
    const validated = validateCsv(request.csv, IMPORT_COLUMNS, surveyResultRowSchema);
    const rowErrors: CsvRowError[] = [...validated.errors];
    const members = await membersByCode(
      tx,
      id,
      validated.rows.map((r) => normalizeCode(r.value.code)),
    );
    const seen = new Map<string, number>();
    const ready: { line: number; code: string; memberId: string; fields: SurveyResultFields }[] = [];
    for (const { line, value } of validated.rows) {
      const { code: raw, ...fields } = value;
      const code = normalizeCode(raw);
      const earlier = seen.get(code);
      const found = members.get(code);
      if (earlier !== undefined)
        rowErrors.push({ line, field: 'code', message: `${code}: Same stove ID as line ${earlier}` });
      else if (!found) rowErrors.push({ line, field: 'code', message: `${code}: Not in this sample` });
      else ready.push({ line, code, memberId: found.id, fields });
      if (earlier === undefined) seen.set(code, line);
    }
    rowErrors.sort((a, b) => a.line - b.line);
    return { validated, rowErrors, ready };
  };
  const result = (checked: Awaited<ReturnType<typeof run>>, imported: number): CsvImportResult => ({
    dryRun: request.dryRun,
    totalRows: checked.validated.totalRows,
    validRows: checked.ready.length,
    imported,
    errors: checked.rowErrors,
    columns: SURVEY_RESULT_CSV_COLUMNS.map(({ field, header }) => ({ field, header })),
    preview: checked.ready
      .slice(0, PREVIEW_ROWS)
      .map(({ code, fields }): Record<SurveyResultCsvField, string | null> => ({
        code,
        method: SURVEY_METHOD_LABELS[fields.method],
        surveyedOn: fields.surveyedOn,
        reached: yesNoText(fields.reached),
        inUse: yesNoText(fields.inUse),
        working: yesNoText(fields.working),
        fuelBefore: fuelText(fields.fuelBefore),
        fuelAfter: fuelText(fields.fuelAfter),
        surveyor: fields.surveyor,
        note: fields.note,
      })),
  });

  if (request.dryRun) return result(await run(db), 0);
  return db.transaction(async (tx) => {
    const checked = await run(tx);
    refuseFaultyImport(checked.rowErrors, checked.validated.totalRows, checked.ready.length);
    await upsertResults(
      tx,
      checked.ready.map((r) => ({ ...r.fields, memberId: r.memberId })),
      actor.userId,
    );
    await insertAudit(tx, {
      actorId: actor.userId,
      action: 'import',
      recordType: 'survey_result',
      recordId: id,
      after: { results: checked.ready.length, codes: checked.ready.map((r) => r.code) },
    });
    return result(checked, checked.ready.length);
  });
}

/** GET /api/carbon/surveys/draws/:id/drop-off: per cohort, the share in use and the stoves still in use. */
export async function dropOff(db: Database, actor: Actor, id: string): Promise<DropOff> {
  const draw = await findDraw(db, actor, id);
  const counts = new Map((await dropOffCounts(db, id)).map((c) => [c.year, c]));
  const confidence = draw.confidence as SurveyConfidence;
  return {
    confidence,
    cohorts: draw.cohorts.map((c) => {
      const n = counts.get(c.year) ?? { sampled: 0, surveyed: 0, inUse: 0 };
      return {
        year: c.year,
        population: c.population,
        sampled: n.sampled,
        surveyed: n.surveyed,
        inUse: n.inUse,
        ...estimateInUse(c.population, n.surveyed, n.inUse, confidence),
      };
    }),
  };
}
