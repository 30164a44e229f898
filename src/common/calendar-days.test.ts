import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  daysBetween,
  eachDay,
  isIsoDay,
  isoWeek,
  isoWeekStart,
  latestDayOnEarth,
  monthEnd,
  periodKey,
  periodSlots,
} from './calendar-days';

describe('calendar days', () => {
  it('accepts real days only', () => {
    expect(isIsoDay('2026-02-28')).toBe(true);
    expect(isIsoDay('2024-02-29')).toBe(true);
    expect(isIsoDay('2026-02-29')).toBe(false);
    expect(isIsoDay('2026-13-01')).toBe(false);
    expect(isIsoDay('26-01-01')).toBe(false);
    expect(isIsoDay('2026-1-1')).toBe(false);
    // Years a factory's records and filters can mean: 1900 to 2999 (PostgreSQL has no year 0).
    expect(isIsoDay('0000-01-01')).toBe(false);
    expect(isIsoDay('1899-12-31')).toBe(false);
    expect(isIsoDay('1900-01-01')).toBe(true);
    expect(isIsoDay('2999-12-31')).toBe(true);
    expect(isIsoDay('3000-01-01')).toBe(false);
  });

  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(daysBetween('2026-01-01', '2026-12-31')).toBe(364);
    expect(eachDay('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
  });

  it('starts ISO weeks on Monday and numbers them by their Thursday', () => {
    expect(isoWeekStart('2026-03-01')).toBe('2026-02-23'); // a Sunday belongs to the week before
    expect(isoWeekStart('2026-03-02')).toBe('2026-03-02'); // a Monday starts its own week
    expect(isoWeek('2026-01-01')).toEqual({ year: 2026, week: 1 }); // Thursday 1 Jan 2026
    expect(isoWeek('2027-01-01')).toEqual({ year: 2026, week: 53 }); // Friday: still 2026's last week
    expect(isoWeek('2024-12-30')).toEqual({ year: 2025, week: 1 }); // Monday of 2025's first week
  });

  it('knows month ends and adds months', () => {
    expect(monthEnd('2024-02-10')).toBe('2024-02-29');
    expect(monthEnd('2026-12-01')).toBe('2026-12-31');
    expect(addMonths('2026-11-01', 3)).toBe('2027-02-01');
    expect(addMonths('2026-01-01', -1)).toBe('2025-12-01');
  });

  it('groups a range into periods clipped to it', () => {
    expect(periodKey('week', '2026-03-05')).toBe('2026-03-02');
    expect(periodKey('month', '2026-03-05')).toBe('2026-03-01');
    expect(periodSlots('week', '2026-03-04', '2026-03-17')).toEqual([
      { key: '2026-03-02', label: 'Week 10, 2026', start: '2026-03-04', end: '2026-03-08' },
      { key: '2026-03-09', label: 'Week 11, 2026', start: '2026-03-09', end: '2026-03-15' },
      { key: '2026-03-16', label: 'Week 12, 2026', start: '2026-03-16', end: '2026-03-17' },
    ]);
    expect(periodSlots('month', '2026-01-15', '2026-03-01').map((s) => [s.label, s.start, s.end])).toEqual([
      ['Jan 2026', '2026-01-15', '2026-01-31'],
      ['Feb 2026', '2026-02-01', '2026-02-28'],
      ['Mar 2026', '2026-03-01', '2026-03-01'],
    ]);
    expect(periodSlots('day', '2026-03-01', '2026-03-02').map((s) => s.label)).toEqual(['1 Mar 2026', '2 Mar 2026']);
  });

  it('judges "the future" by the time zone furthest ahead', () => {
    expect(latestDayOnEarth(new Date('2026-03-01T09:59:00Z'))).toBe('2026-03-01');
    expect(latestDayOnEarth(new Date('2026-03-01T10:00:00Z'))).toBe('2026-03-02');
  });
});
