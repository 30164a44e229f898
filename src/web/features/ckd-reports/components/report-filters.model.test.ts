import { describe, expect, it } from 'vitest';
import { ckdReportQuerySchema } from '@common/contracts/ckd-reports';
import {
  daysSummary,
  fieldMessages,
  formatDay,
  formatRange,
  presetOf,
  presetRange,
  readReportFilters,
  reportQueryString,
  writeReportFilters,
} from './report-filters.model';

const figures = { produced: 0, received: 0, sent: 0, adjusted: 0 };

describe('report filters', () => {
  it('gives the days of each preset, up to today for the current month and year', () => {
    expect(presetRange('this-month', '2025-03-17')).toEqual({ from: '2025-03-01', to: '2025-03-17' });
    expect(presetRange('last-month', '2025-03-17')).toEqual({ from: '2025-02-01', to: '2025-02-28' });
    expect(presetRange('last-month', '2024-03-31')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(presetRange('last-month', '2025-01-05')).toEqual({ from: '2024-12-01', to: '2024-12-31' });
    expect(presetRange('this-year', '2025-03-17')).toEqual({ from: '2025-01-01', to: '2025-03-17' });
  });

  it('recognises a preset from its days, unless custom dates were chosen', () => {
    const today = '2025-03-17';
    expect(presetOf({ from: '2025-02-01', to: '2025-02-28', period: undefined }, today)).toBe('last-month');
    expect(presetOf({ from: '2025-02-01', to: '2025-02-28', period: 'custom' }, today)).toBe('custom');
    expect(presetOf({ from: '2025-02-02', to: '2025-02-28', period: undefined }, today)).toBe('custom');
  });

  it('reads the URL, this month by default, and writes changes keeping other parameters', () => {
    const today = '2025-03-17';
    expect(readReportFilters(new URLSearchParams(), today)).toEqual({
      from: '2025-03-01',
      to: '2025-03-17',
      period: undefined,
      factoryId: undefined,
      categoryId: undefined,
    });
    // One day given: the other is missing (the contract says so), not silently this month's.
    expect(readReportFilters(new URLSearchParams('from=2025-01-01'), today).to).toBe('');
    const next = writeReportFilters(new URLSearchParams('x=1&categoryId=c'), {
      from: '2025-01-01',
      to: '2025-01-31',
      period: 'custom',
      categoryId: undefined,
    });
    expect(next.toString()).toBe('x=1&from=2025-01-01&to=2025-01-31&period=custom');
    expect(readReportFilters(next, today)).toMatchObject({ period: 'custom', from: '2025-01-01' });
  });

  it("takes the first message per field from the contract's check", () => {
    const checked = ckdReportQuerySchema.safeParse({ from: '2025-03-01', to: '2025-02-01' });
    expect(fieldMessages(checked.error)).toEqual({ to: 'The end date must be on or after the start date' });
    expect(fieldMessages(undefined)).toEqual({});
  });

  it('formats days in the calendar, not the time zone', () => {
    expect(formatDay('2025-03-05')).toBe('5 Mar 2025');
    expect(formatRange({ from: '2025-03-01', to: '2025-03-31' })).toBe('1 Mar 2025 – 31 Mar 2025');
    expect(formatRange({ from: '2025-03-01', to: '2025-03-01' })).toBe('1 Mar 2025');
    expect(reportQueryString({ from: '2025-01-01', factoryId: undefined, to: '2025-01-31' })).toBe(
      'from=2025-01-01&to=2025-01-31',
    );
  });

  it('sums a factory period up in a sentence', () => {
    expect(
      daysSummary([
        { day: '2025-01-01', ...figures, opening: 10, consumed: 2, closing: 8 },
        { day: '2025-01-02', ...figures, opening: 8, consumed: 5, closing: 1203 },
      ]),
    ).toBe(
      'Stock went from 10 kits at the start of 1 Jan 2025 to 1,203 at the end of 2 Jan 2025. 7 kits were consumed in all, most on 2 Jan 2025 (5).',
    );
    expect(daysSummary([{ day: '2025-01-01', ...figures, opening: 0, consumed: 0, closing: 0 }])).toContain(
      'No kits were consumed.',
    );
  });
});
