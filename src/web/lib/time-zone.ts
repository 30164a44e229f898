/**
 * The viewer's time zone: the zone of the signed-in user's days and times (their factory's, else
 * the company's; GET /api/me), not this device's. A Kenyan clerk on a laptop left on UTC sees
 * Nairobi's times and "today". Set when /api/me answers; before that (the sign-in page), the device's.
 * Every date shown, every "today" (local-today.ts) and every day typed into a form go through here.
 */
import { dayInZone, instantInZone, isTimeZone, timeInZone, zoneLabel } from '@common/time-zones';

const deviceZone = (): string => new Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

let viewerZone: string | null = null;
let companyZone: string | null = null;

export function viewerTimeZone(): string {
  return viewerZone ?? deviceZone();
}

/** The company's zone, which factories without their own follow (the viewer's before /api/me answers). */
export function companyTimeZone(): string {
  return companyZone ?? viewerTimeZone();
}

/** The signed-in user's zone and the company's (null when signed out: the device's again). */
export function setViewerTimeZone(zone: string | null, company: string | null = null): void {
  viewerZone = zone && isTimeZone(zone) ? zone : null;
  companyZone = company && isTimeZone(company) ? company : null;
}

/** The viewer's calendar day of an instant. */
export function viewerDay(instant: Date): string {
  return dayInZone(instant, viewerTimeZone());
}

/** "09:30" on the viewer's clock. */
export function viewerTime(instant: Date): string {
  return timeInZone(instant, viewerTimeZone());
}

/** The instant of a day and "HH:MM" (midnight by default) on the viewer's clock. */
export function viewerInstant(day: string, time = '00:00'): Date {
  return instantInZone(day, viewerTimeZone(), time);
}

/** "Days follow Nairobi time (UTC+3).": how a report over days says whose calendar it counts them on. */
export function daysNote(now: Date = new Date()): string {
  return `Days follow ${zoneLabel(viewerTimeZone(), now)}.`;
}
