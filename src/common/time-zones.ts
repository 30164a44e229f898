/**
 * Time zones (IANA names like 'Africa/Nairobi'): a factory's days begin at its own midnight, not
 * UTC's. The calendar day and the wall-clock time of an instant in a zone, the instant of a zone's
 * wall-clock time, and a zone's name in words. Built on Intl, so server and browser agree.
 */

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone (building one costs far more than using it). */
function partsFormat(zone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    dayFormats.set(zone, format);
  }
  return format;
}

/** Whether `zone` is an IANA time zone this runtime knows ('Africa/Nairobi', 'UTC'). */
export function isTimeZone(zone: string): boolean {
  if (zone.trim() === '' || zone.length > 64) return false;
  try {
    partsFormat(zone);
    return true;
  } catch {
    return false;
  }
}

interface WallClock {
  day: string;
  time: string;
  /** The wall clock read as if it were UTC, in ms: its difference from the instant is the zone's offset. */
  asUtc: number;
}

function wallClock(instant: Date, zone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const part of partsFormat(zone).formatToParts(instant)) parts[part.type] = part.value;
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  const time = `${parts.hour}:${parts.minute}`;
  return { day, time, asUtc: Date.parse(`${day}T${time}:${parts.second}Z`) + instant.getUTCMilliseconds() };
}

/** The calendar day of `instant` in `zone`, YYYY-MM-DD: at 00:30 in Nairobi, Nairobi's day, not UTC's previous one. */
export function dayInZone(instant: Date, zone: string): string {
  return wallClock(instant, zone).day;
}

/** "09:30": the wall-clock time of `instant` in `zone`. */
export function timeInZone(instant: Date, zone: string): string {
  return wallClock(instant, zone).time;
}

/** Minutes `zone` is ahead of UTC at `instant` (180 for Nairobi). */
export function zoneOffsetMinutes(instant: Date, zone: string): number {
  return Math.round((wallClock(instant, zone).asUtc - instant.getTime()) / 60_000);
}

/**
 * The instant a wall clock in `zone` shows `day` at `time` ("HH:MM", midnight by default). A time
 * skipped by a daylight-saving change resolves to the instant just after the gap.
 */
export function instantInZone(day: string, zone: string, time = '00:00'): Date {
  const asUtc = Date.parse(`${day}T${time}:00Z`);
  // The offset at the guess, then at the corrected guess: right on both sides of a change.
  const first = asUtc - zoneOffsetMinutes(new Date(asUtc), zone) * 60_000;
  const second = asUtc - zoneOffsetMinutes(new Date(first), zone) * 60_000;
  // In a gap no instant shows that time: the later guess is the one after the gap.
  if (timeInZone(new Date(second), zone) !== time) return new Date(Math.max(first, second));
  return new Date(second);
}

/** "UTC+3", "UTC−5:30", "UTC". */
export function offsetLabel(minutes: number): string {
  if (minutes === 0) return 'UTC';
  const sign = minutes > 0 ? '+' : '−';
  const hours = Math.floor(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  return `UTC${sign}${hours}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

/** "Nairobi time (UTC+3)": how a screen names the zone its days are counted in. */
export function zoneLabel(zone: string, now: Date = new Date()): string {
  const offset = offsetLabel(zoneOffsetMinutes(now, zone));
  if (zone === 'UTC' || zone === 'Etc/UTC') return 'UTC';
  const city = zone.slice(zone.lastIndexOf('/') + 1).replaceAll('_', ' ');
  return `${city} time (${offset})`;
}

/** Every zone this runtime knows, for a chooser (UTC first). */
export function knownTimeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...zones.filter((zone) => zone !== 'UTC')];
}

/** The zone this machine runs in (its TZ): the company default on a first start. */
export function machineTimeZone(): string {
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : 'UTC';
}
