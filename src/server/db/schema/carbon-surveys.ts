/**
 * Carbon programme usage surveys (issue 26): monitoring sample draws, the stoves each drew and the
 * survey result of each. A draw is never replaced: a new draw is a new row. Its seed and parameters
 * (period, cohorts, confidence, precision, factory) are kept, and each cohort's population and
 * sample size at the draw, so the same seed redraws the same stoves from the same population.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { SURVEY_FUELS, SURVEY_METHODS, type SurveyCohortPlan } from '../../../common/contracts/carbon-surveys';
import { users } from './auth';
import { endUserRegistrations } from './carbon';
import { factories } from './core';
import { stoveIds } from './stove-ids';

export const surveyFuelEnum = pgEnum('survey_fuel', SURVEY_FUELS);
export const surveyMethodEnum = pgEnum('survey_method', SURVEY_METHODS);

export const surveyDraws = pgTable(
  'survey_draws',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: bigint('number', { mode: 'number' }).generatedAlwaysAsIdentity().notNull().unique(),
    /** The period of handover (first sale day) the population was taken from. */
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    /** The factory whose stoves were sampled; null: every factory. */
    factoryId: uuid('factory_id').references(() => factories.id),
    confidence: integer('confidence').notNull(),
    precision: integer('precision').notNull(),
    /** The mulberry32 seed (an unsigned 32-bit integer). */
    seed: bigint('seed', { mode: 'number' }).notNull(),
    /** Each sampled cohort (year of handover): its population and sample size at the draw. */
    cohorts: jsonb('cohorts').$type<SurveyCohortPlan[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id),
  },
  (t) => [
    check('survey_draws_period', sql`${t.periodFrom} <= ${t.periodTo}`),
    check('survey_draws_confidence', sql`${t.confidence} in (90, 95)`),
    check('survey_draws_precision', sql`${t.precision} in (5, 10)`),
    check('survey_draws_seed', sql`${t.seed} between 0 and 4294967295`),
  ],
);

/** A stove a draw chose, in the order drawn, with the end user registration it was drawn under. */
export const surveyDrawMembers = pgTable(
  'survey_draw_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    drawId: uuid('draw_id')
      .notNull()
      .references(() => surveyDraws.id),
    stoveIdId: bigint('stove_id_id', { mode: 'number' })
      .notNull()
      .references(() => stoveIds.id),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => endUserRegistrations.id),
    cohort: integer('cohort').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    unique('survey_draw_members_stove_unique').on(t.drawId, t.stoveIdId),
    index('survey_draw_members_draw_idx').on(t.drawId, t.cohort, t.position),
  ],
);

/** The result of the visit or call to one sampled stove's end user; edited in place. */
export const surveyResults = pgTable(
  'survey_results',
  {
    memberId: uuid('member_id')
      .primaryKey()
      .references(() => surveyDrawMembers.id),
    method: surveyMethodEnum('method').notNull(),
    surveyedOn: date('surveyed_on', { mode: 'string' }).notNull(),
    reached: boolean('reached').notNull(),
    /** Null when the end user was not reached. */
    inUse: boolean('in_use'),
    working: boolean('working'),
    fuelBefore: surveyFuelEnum('fuel_before'),
    fuelAfter: surveyFuelEnum('fuel_after'),
    surveyor: text('surveyor').notNull(),
    note: text('note'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id),
  },
  (t) => [
    check(
      'survey_results_reached',
      sql`${t.reached} or (${t.inUse} is null and ${t.working} is null and ${t.fuelBefore} is null and ${t.fuelAfter} is null)`,
    ),
    check('survey_results_answered', sql`not ${t.reached} or (${t.inUse} is not null and ${t.working} is not null)`),
  ],
);
