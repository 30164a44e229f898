/**
 * Where days begin: the company's time zone (app_settings 'time_zone', set on the first start) and
 * each factory's (factories.time_zone; null follows the company's). Read per request where a rule
 * needs a factory's "today"; the actor already carries the viewer's zone (actor.repository.ts).
 */
import { eq, sql } from 'drizzle-orm';
import { dayInZone } from '../../../common/time-zones';
import { queryRows, type Executor } from '../../db/client';
import { appSettings } from '../../db/schema/core';

const COMPANY_TIME_ZONE_KEY = 'time_zone';
/** Before any is set (a database the server has not started on yet). */
export const FALLBACK_TIME_ZONE = 'UTC';

export async function readCompanyTimeZone(db: Executor): Promise<string> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, COMPANY_TIME_ZONE_KEY));
  return row?.value ?? FALLBACK_TIME_ZONE;
}

/** Sets the company's zone; `onlyIfUnset`: the first start's default, kept once an Admin chose one. */
export async function writeCompanyTimeZone(db: Executor, zone: string, onlyIfUnset = false): Promise<void> {
  const insert = db.insert(appSettings).values({ key: COMPANY_TIME_ZONE_KEY, value: zone });
  await (onlyIfUnset
    ? insert.onConflictDoNothing()
    : insert.onConflictDoUpdate({ target: appSettings.key, set: { value: zone, updatedAt: sql`now()` } }));
}

/** The zone a factory's days follow (its own, else the company's); the company's for no factory. */
export async function factoryTimeZone(db: Executor, factoryId: string | null | undefined): Promise<string> {
  if (!factoryId) return readCompanyTimeZone(db);
  const [row] = await queryRows<{ zone: string }>(
    db,
    sql`select coalesce(f.time_zone, (select s.value from app_settings s where s.key = ${COMPANY_TIME_ZONE_KEY}), ${FALLBACK_TIME_ZONE}) as zone
          from factories f where f.id = ${factoryId}`,
  );
  return row?.zone ?? readCompanyTimeZone(db);
}

/** Today at a factory (on its zone's calendar); at the company for no factory. */
export async function factoryToday(db: Executor, factoryId: string | null | undefined, now: Date = new Date()) {
  return dayInZone(now, await factoryTimeZone(db, factoryId));
}
