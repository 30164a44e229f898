/**
 * The rule "a record's date is not in the future", on the calendar of the factory the record
 * belongs to: at 00:30 in Nairobi a Kenyan clerk may date a record today (UTC is still on
 * yesterday), and at 23:30 may not date it tomorrow. The contracts refuse only days that have not
 * begun anywhere on earth (they cannot know the factory); the services apply this.
 */
import { dayLabel } from '../../../common/calendar-days';
import { dayInZone, zoneLabel } from '../../../common/time-zones';
import type { Executor } from '../../db/client';
import { errors } from '../../http/errors';
import { factoryTimeZone } from './time-zones.repository';

/** Refuses (400 on `field`) a day after today at the factory; the message names today and the zone. */
export async function refuseFutureDay(
  db: Executor,
  factoryId: string,
  day: string,
  field = 'date',
  now: Date = new Date(),
): Promise<void> {
  const zone = await factoryTimeZone(db, factoryId);
  const today = dayInZone(now, zone);
  if (day <= today) return;
  const message = `The date cannot be in the future: it is ${dayLabel(today)} at the factory (${zoneLabel(zone, now)}).`;
  throw errors.validation(message, { [field]: [message] });
}
