import { describe, expect, it } from 'vitest';
import {
  choosePreset,
  presetRange,
  readTrackerFilters,
  trackerQuery,
  writeTrackerFilters,
} from './tracker-filters.model';

const TODAY = '2026-03-18'; // a Wednesday

describe('tracker filters', () => {
  it('starts presets on whole weeks and months', () => {
    expect(presetRange('last-14-days', TODAY)).toEqual({ from: '2026-03-05', to: TODAY });
    expect(presetRange('last-4-weeks', TODAY)).toEqual({ from: '2026-02-23', to: TODAY });
    expect(presetRange('last-12-weeks', TODAY)).toEqual({ from: '2025-12-29', to: TODAY });
    expect(presetRange('last-6-months', TODAY)).toEqual({ from: '2025-10-01', to: TODAY });
    expect(presetRange('last-12-months', TODAY)).toEqual({ from: '2025-04-01', to: TODAY });
  });

  it('reads the last 12 weeks by week when the URL says nothing', () => {
    expect(readTrackerFilters(new URLSearchParams(), TODAY)).toEqual({
      period: 'week',
      preset: 'last-12-weeks',
      from: '2025-12-29',
      to: TODAY,
      factoryId: '',
    });
  });

  it('keeps a preset moving with today and a custom range fixed, through the URL', () => {
    const preset = choosePreset(readTrackerFilters(new URLSearchParams(), TODAY), 'last-6-months', TODAY);
    expect(preset.period).toBe('month');
    expect(writeTrackerFilters(preset).toString()).toBe('period=month&range=last-6-months');
    const custom = { ...preset, preset: 'custom' as const, from: '2026-01-01', to: '2026-01-31', factoryId: 'f1' };
    const url = writeTrackerFilters(custom);
    expect(url.toString()).toBe('period=month&range=custom&from=2026-01-01&to=2026-01-31&factoryId=f1');
    expect(readTrackerFilters(url, '2027-01-01')).toEqual(custom);
  });

  it("checks the range with the server's own rules before asking", () => {
    const base = readTrackerFilters(new URLSearchParams(), TODAY);
    expect(trackerQuery(base)).toEqual({ query: { period: 'week', from: '2025-12-29', to: TODAY }, problem: null });
    expect(trackerQuery({ ...base, period: 'day', from: '2025-04-01' }).problem).toMatch(
      /By day, a range covers at most 92 days/,
    );
    expect(trackerQuery({ ...base, from: '2026-04-01' }).problem).toMatch(/To is before From/);
    expect(trackerQuery({ ...base, from: '' }).problem).toMatch(/use a real date/);
  });
});
