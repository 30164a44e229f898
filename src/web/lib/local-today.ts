import { viewerDay } from './time-zone';

/**
 * Today on the viewer's calendar (their factory's time zone, else the company's), as YYYY-MM-DD:
 * the day a person means by "today" (forms' default date), whatever zone the device is set to.
 */
export function localToday(now: Date = new Date()): string {
  return viewerDay(now);
}
