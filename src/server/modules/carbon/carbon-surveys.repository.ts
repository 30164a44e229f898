/** SQL of usage-survey draws, their stoves and their results (issue 26). */
import { sql } from 'drizzle-orm';
import type {
  SurveyCohortPlan,
  SurveyFuel,
  SurveyMethod,
  SurveyResultFields,
} from '../../../common/contracts/carbon-surveys';
import { queryRows, type Executor } from '../../db/client';

export interface NewDraw {
  from: string;
  to: string;
  factoryId: string | null;
  confidence: number;
  precision: number;
  seed: number;
  cohorts: SurveyCohortPlan[];
}

/** Writes a draw and its stoves (in the order drawn within each cohort). Returns the draw's id. */
export async function insertDraw(
  tx: Executor,
  draw: NewDraw,
  members: readonly { stoveIdId: number; registrationId: string; cohort: number; position: number }[],
  actorId: string,
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into survey_draws (period_from, period_to, factory_id, confidence, precision, seed, cohorts, created_by)
        values (${draw.from}, ${draw.to}, ${draw.factoryId}, ${draw.confidence}, ${draw.precision}, ${draw.seed},
                ${JSON.stringify(draw.cohorts)}::jsonb, ${actorId})
        returning id`,
  );
  if (!row) throw new Error('insertDraw: nothing inserted');
  if (members.length > 0)
    await tx.execute(
      sql`insert into survey_draw_members (draw_id, stove_id_id, registration_id, cohort, position)
          select ${row.id}, x."stoveIdId", x."registrationId", x.cohort, x.position
            from jsonb_to_recordset(${JSON.stringify(members)}::jsonb)
                 as x("stoveIdId" bigint, "registrationId" uuid, cohort int, position int)`,
    );
  return row.id;
}

export interface DrawRow {
  id: string;
  number: number;
  from: string;
  to: string;
  factoryId: string | null;
  factoryName: string | null;
  factoryCode: string | null;
  confidence: number;
  precision: number;
  seed: number | string;
  cohorts: SurveyCohortPlan[];
  createdAt: string;
  createdById: string | null;
  createdByName: string | null;
  createdByEmail: string | null;
  sampled: number;
  surveyed: number;
}

/** Draws, newest first; `factoryId` set: that factory's draws only; `id` set: that draw only. */
export function drawRows(db: Executor, filters: { factoryId?: string | undefined; id?: string }): Promise<DrawRow[]> {
  return queryRows<DrawRow>(
    db,
    sql`select d.id, d.number::int as number, d.period_from::text as "from", d.period_to::text as "to",
               f.id as "factoryId", f.name as "factoryName", f.code as "factoryCode",
               d.confidence, d.precision, d.seed, d.cohorts,
               to_char(d.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
               d.created_by as "createdById", coalesce(pr.name, u.name) as "createdByName", u.email as "createdByEmail",
               (select count(*)::int from survey_draw_members m where m.draw_id = d.id) as sampled,
               (select count(*)::int from survey_draw_members m join survey_results sr on sr.member_id = m.id
                 where m.draw_id = d.id and sr.reached) as surveyed
          from survey_draws d
          left join factories f on f.id = d.factory_id
          left join users u on u.id = d.created_by
          left join profiles pr on pr.id = d.created_by
         where true
           ${filters.factoryId ? sql`and d.factory_id = ${filters.factoryId}` : sql``}
           ${filters.id ? sql`and d.id = ${filters.id}` : sql``}
         order by d.number desc`,
  );
}

export interface MemberRow {
  id: string;
  code: string;
  cohort: number;
  position: number;
  name: string;
  phone: string | null;
  county: string | null;
  subCounty: string | null;
  village: string | null;
  method: SurveyMethod | null;
  surveyedOn: string | null;
  reached: boolean | null;
  inUse: boolean | null;
  working: boolean | null;
  fuelBefore: SurveyFuel | null;
  fuelAfter: SurveyFuel | null;
  surveyor: string | null;
  note: string | null;
  updatedAt: string | null;
}

/** A draw's stoves by cohort and order drawn, each with its end user at the draw and its result. */
export function memberRows(db: Executor, drawId: string): Promise<MemberRow[]> {
  return queryRows<MemberRow>(
    db,
    sql`select m.id, si.code, m.cohort, m.position,
               r.name, r.phone, r.county, r.sub_county as "subCounty", r.village,
               sr.method, sr.surveyed_on::text as "surveyedOn", sr.reached, sr.in_use as "inUse", sr.working,
               sr.fuel_before as "fuelBefore", sr.fuel_after as "fuelAfter", sr.surveyor, sr.note,
               to_char(sr.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt"
          from survey_draw_members m
          join stove_ids si on si.id = m.stove_id_id
          join end_user_registrations r on r.id = m.registration_id
          left join survey_results sr on sr.member_id = m.id
         where m.draw_id = ${drawId}
         order by m.cohort, m.position`,
  );
}

/** The members of a draw by stove ID, locked against a concurrent edit of their results. */
export async function membersByCode(
  tx: Executor,
  drawId: string,
  codes: readonly string[],
): Promise<Map<string, { id: string; before: SurveyResultFields | null }>> {
  const rows = await queryRows<{ id: string; code: string; before: SurveyResultFields | null }>(
    tx,
    sql`select m.id, si.code,
               case when sr.member_id is null then null else json_build_object(
                 'method', sr.method, 'surveyedOn', sr.surveyed_on, 'reached', sr.reached, 'inUse', sr.in_use,
                 'working', sr.working, 'fuelBefore', sr.fuel_before, 'fuelAfter', sr.fuel_after,
                 'surveyor', sr.surveyor, 'note', sr.note) end as before
          from survey_draw_members m
          join stove_ids si on si.id = m.stove_id_id
          left join survey_results sr on sr.member_id = m.id
         where m.draw_id = ${drawId}
           and si.code = any(array(select jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb)))
         order by m.id
         for update of m`,
  );
  return new Map(rows.map((r) => [r.code, { id: r.id, before: r.before }]));
}

/** Adds or replaces the results of these members, in one statement. */
export async function upsertResults(
  tx: Executor,
  rows: readonly (SurveyResultFields & { memberId: string })[],
  actorId: string,
): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(
    sql`insert into survey_results (member_id, method, surveyed_on, reached, in_use, working, fuel_before, fuel_after,
                                    surveyor, note, updated_by)
        select x."memberId", x.method, x."surveyedOn", x.reached, x."inUse", x.working, x."fuelBefore", x."fuelAfter",
               x.surveyor, x.note, ${actorId}
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(
               "memberId" uuid, method survey_method, "surveyedOn" date, reached boolean, "inUse" boolean,
               working boolean, "fuelBefore" survey_fuel, "fuelAfter" survey_fuel, surveyor text, note text)
        on conflict (member_id) do update
           set method = excluded.method, surveyed_on = excluded.surveyed_on, reached = excluded.reached,
               in_use = excluded.in_use, working = excluded.working, fuel_before = excluded.fuel_before,
               fuel_after = excluded.fuel_after, surveyor = excluded.surveyor, note = excluded.note,
               updated_by = excluded.updated_by, updated_at = now()`,
  );
}

/** Per cohort of a draw: stoves sampled, reached, and reached and in use. */
export function dropOffCounts(
  db: Executor,
  drawId: string,
): Promise<{ year: number; sampled: number; surveyed: number; inUse: number }[]> {
  return queryRows(
    db,
    sql`select m.cohort as year, count(*)::int as sampled,
               count(*) filter (where sr.reached)::int as surveyed,
               count(*) filter (where sr.reached and sr.in_use)::int as "inUse"
          from survey_draw_members m
          left join survey_results sr on sr.member_id = m.id
         where m.draw_id = ${drawId}
         group by m.cohort
         order by m.cohort`,
  );
}
