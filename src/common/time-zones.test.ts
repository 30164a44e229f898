import { describe, expect, it } from 'vitest';
import {
  dayInZone,
  instantInZone,
  isTimeZone,
  knownTimeZones,
  offsetLabel,
  timeInZone,
  zoneLabel,
  zoneOffsetMinutes,
} from './time-zones';

// 23:30 and 00:30 in Nairobi (UTC+3) on the night from 26 to 27 November 2026.
const BEFORE_MIDNIGHT = new Date('2026-11-26T20:30:00Z');
const AFTER_MIDNIGHT = new Date('2026-11-26T21:30:00Z');

describe('time zones', () => {
  it("counts an instant on the zone's calendar, not UTC's", () => {
    expect(dayInZone(BEFORE_MIDNIGHT, 'Africa/Nairobi')).toBe('2026-11-26');
    expect(dayInZone(AFTER_MIDNIGHT, 'Africa/Nairobi')).toBe('2026-11-27');
    // UTC is still on the 26th at 00:30 Nairobi time.
    expect(dayInZone(AFTER_MIDNIGHT, 'UTC')).toBe('2026-11-26');
    expect(timeInZone(AFTER_MIDNIGHT, 'Africa/Nairobi')).toBe('00:30');
    expect(timeInZone(BEFORE_MIDNIGHT, 'Africa/Nairobi')).toBe('23:30');
  });

  it("finds the instant of a zone's wall clock, across daylight-saving changes", () => {
    expect(instantInZone('2026-11-27', 'Africa/Nairobi').toISOString()).toBe('2026-11-26T21:00:00.000Z');
    expect(instantInZone('2026-11-27', 'Africa/Nairobi', '09:15').toISOString()).toBe('2026-11-27T06:15:00.000Z');
    // New York: summer (UTC-4) and winter (UTC-5), and the day of the change.
    expect(instantInZone('2026-07-01', 'America/New_York').toISOString()).toBe('2026-07-01T04:00:00.000Z');
    expect(instantInZone('2026-12-01', 'America/New_York').toISOString()).toBe('2026-12-01T05:00:00.000Z');
    expect(instantInZone('2026-11-01', 'America/New_York', '12:00').toISOString()).toBe('2026-11-01T17:00:00.000Z');
    expect(instantInZone('2026-03-08', 'America/New_York', '02:30').toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(instantInZone('2026-11-27', 'Asia/Kolkata', '00:00').toISOString()).toBe('2026-11-26T18:30:00.000Z');
  });

  it('names zones and offsets in words', () => {
    expect(zoneOffsetMinutes(AFTER_MIDNIGHT, 'Africa/Nairobi')).toBe(180);
    expect(offsetLabel(180)).toBe('UTC+3');
    expect(offsetLabel(-330)).toBe('UTC−5:30');
    expect(offsetLabel(0)).toBe('UTC');
    expect(zoneLabel('Africa/Nairobi', AFTER_MIDNIGHT)).toBe('Nairobi time (UTC+3)');
    expect(zoneLabel('America/Port_of_Spain', AFTER_MIDNIGHT)).toBe('Port of Spain time (UTC−4)');
    expect(zoneLabel('UTC')).toBe('UTC');
  });

  it('knows real zones only', () => {
    expect(isTimeZone('Africa/Nairobi')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Africa/Atlantis')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(knownTimeZones()[0]).toBe('UTC');
    expect(knownTimeZones()).toContain('Africa/Nairobi');
  });
});
