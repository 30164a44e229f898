/**
 * Demo productivity (`npm run demo`): a default target since a year ago and Mombasa's own target
 * from about three months ago (production-days.ts), and a daily production report for every day a
 * factory's couplers reported stoves (stove-reports.ts): the couplers present are those who
 * reported, the hours, downtime and notes follow how the day went. So the Productivity Tracker
 * shows mostly 75-110 % of the target, a few bad days, and each coupler by name. Made through the
 * same services the screens use, so audit and stamps are real; the same on every run.
 */
import { count, sql } from 'drizzle-orm';
import { addDays, isoWeekStart } from '../../common/calendar-days';
import { loadActor } from '../auth/actor';
import { queryRows, type Database } from '../db/client';
import { dailyProductionReports, productivityTargets } from '../db/schema/production';
import { createDailyReport } from '../modules/daily-production-reports/daily-production-reports.service';
import { createTarget } from '../modules/productivity/productivity-targets.service';
import { DEMO_TARGETS, productionDay, unit } from './production-days';
import { demoToday } from './accounts';

/** Hours of a working day at each demo factory. */
const HOURS: Readonly<Record<string, number>> = { NBO: 8, MSA: 8, KSM: 7.5 };

function dayFigures(code: string, date: string, couplersPresent: number) {
  const { outage, shortage } = productionDay(code, date);
  const hours = HOURS[code] ?? 8;
  const downtimeMinutes = outage
    ? 60 + Math.floor(unit(`${code}:${date}:down`) * 7) * 15
    : ([0, 0, 15, 30][Math.floor(unit(`${code}:${date}:d`) * 4)] ?? 0);
  const hoursWorked = outage || shortage ? hours - 2 : hours;
  const defects = Math.floor(unit(`${code}:${date}:defects`) * (couplersPresent + 1));
  const notes = outage
    ? 'Power outage: the line stopped until the generator was running.'
    : shortage
      ? 'Kit shortage in the morning: waited for the delivery from Nairobi.'
      : null;
  return { couplersPresent, hoursWorked, defects, downtimeMinutes, notes };
}

/**
 * Idempotent: nothing happens when any target or daily report exists. Returns the number of
 * targets and reports created. `actorId`: the demo user who sets targets and reports (an admin).
 */
export async function seedDemoProductivity(
  db: Database,
  factoryIds: ReadonlyMap<string, string>,
  actorId: string | undefined,
): Promise<number> {
  const [targets] = await db.select({ n: count() }).from(productivityTargets);
  const [reports] = await db.select({ n: count() }).from(dailyProductionReports);
  if ((targets?.n ?? 0) > 0 || (reports?.n ?? 0) > 0) return 0;
  const actor = actorId ? await loadActor(db, actorId) : null;
  if (!actor) throw new Error('demo productivity: the demo admin is missing');
  const msa = factoryIds.get('MSA');
  if (!msa) throw new Error('demo productivity: factory MSA is missing');

  const today = demoToday();
  let created = 0;
  await createTarget(db, actor, {
    factoryId: null,
    effectiveFrom: addDays(today, -365),
    stovesPerCouplerPerDay: DEMO_TARGETS.default,
    hoursPerDay: 8,
  });
  await createTarget(db, actor, {
    factoryId: msa,
    effectiveFrom: isoWeekStart(addDays(today, -91)),
    stovesPerCouplerPerDay: DEMO_TARGETS.MSA,
    hoursPerDay: 8,
  });
  created += 2;

  // The days the couplers reported, with how many of them did.
  const codeOf = new Map([...factoryIds].map(([code, id]) => [id, code]));
  const days = await queryRows<{ factoryId: string; date: string; couplers: number }>(
    db,
    sql`select factory_id as "factoryId", date::text as date, count(distinct created_by)::int as couplers
          from stove_reports
         group by factory_id, date
         order by date, factory_id`,
  );
  for (const day of days) {
    const code = codeOf.get(day.factoryId);
    if (!code) continue;
    await createDailyReport(db, actor, {
      factoryId: day.factoryId,
      date: day.date,
      ...dayFigures(code, day.date, day.couplers),
    });
    created++;
  }
  return created;
}
