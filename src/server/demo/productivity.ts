/**
 * Demo productivity (`npm run demo`): a default target since a year ago, Mombasa's own target
 * from about three months ago, and the daily production reports of every working day (Monday to
 * Friday) of the last ~3 months at NBO, MSA and KSM, made through the same services the screens
 * use, so audit and stamps are real. The figures are plausible and the same on every run.
 */
import { count } from 'drizzle-orm';
import { addDays, eachDay, isoWeekday, isoWeekStart, utcToday } from '../../common/calendar-days';
import { loadActor } from '../auth/actor';
import type { Database } from '../db/client';
import { dailyProductionReports, productivityTargets } from '../db/schema/production';
import { createDailyReport } from '../modules/daily-production-reports/daily-production-reports.service';
import { createTarget } from '../modules/productivity/productivity-targets.service';

/** How each demo factory's days usually look. */
const PROFILES: Record<string, { couplers: [number, number]; hours: number }> = {
  NBO: { couplers: [10, 14], hours: 8 },
  MSA: { couplers: [7, 10], hours: 8 },
  KSM: { couplers: [4, 6], hours: 7.5 },
};

/** A number in 0..1 that depends only on the text (FNV-1a), so every run makes the same days. */
function unit(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  return (hash >>> 0) / 4294967296;
}

function dayFigures(code: string, date: string, profile: { couplers: [number, number]; hours: number }) {
  const [low, high] = profile.couplers;
  const couplersPresent = low + Math.floor(unit(`${code}:${date}:couplers`) * (high - low + 1));
  const outage = unit(`${code}:${date}:outage`) < 0.08;
  const shortage = !outage && unit(`${code}:${date}:shortage`) < 0.05;
  const downtimeMinutes = outage
    ? 60 + Math.floor(unit(`${code}:${date}:down`) * 7) * 15
    : ([0, 0, 15, 30][Math.floor(unit(`${code}:${date}:d`) * 4)] ?? 0);
  const hoursWorked = outage || shortage ? profile.hours - 2 : profile.hours;
  const defects = Math.floor(unit(`${code}:${date}:defects`) * (couplersPresent / 2 + 1));
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
  const factory = (code: string) => {
    const id = factoryIds.get(code);
    if (!id) throw new Error(`demo productivity: factory ${code} is missing`);
    return id;
  };

  const today = utcToday(new Date());
  const since = isoWeekStart(addDays(today, -91));
  let created = 0;
  await createTarget(db, actor, {
    factoryId: null,
    effectiveFrom: addDays(today, -365),
    stovesPerCouplerPerDay: 12,
    hoursPerDay: 8,
  });
  await createTarget(db, actor, {
    factoryId: factory('MSA'),
    effectiveFrom: since,
    stovesPerCouplerPerDay: 14,
    hoursPerDay: 8,
  });
  created += 2;

  for (const date of eachDay(since, addDays(today, -1))) {
    if (isoWeekday(date) > 5) continue;
    for (const [code, profile] of Object.entries(PROFILES)) {
      await createDailyReport(db, actor, { factoryId: factory(code), date, ...dayFigures(code, date, profile) });
      created++;
    }
  }
  return created;
}
