/**
 * The tracker's filters (period, range preset or custom days, factory), kept in the URL so a view
 * can be bookmarked; and the query they make, checked with the same contract the server uses.
 */
import { addDays, addMonths, isoWeekStart, monthStart, PERIODS, type Period } from '@common/calendar-days';
import { productivityTrackerQuerySchema, type ProductivityTrackerQuery } from '@common/contracts/productivity';

export const RANGE_PRESETS = [
  'last-14-days',
  'last-4-weeks',
  'last-12-weeks',
  'last-6-months',
  'last-12-months',
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export const PRESET_LABELS: Record<RangePreset | 'custom', string> = {
  'last-14-days': 'Last 14 days',
  'last-4-weeks': 'Last 4 weeks',
  'last-12-weeks': 'Last 12 weeks',
  'last-6-months': 'Last 6 months',
  'last-12-months': 'Last 12 months',
  custom: 'Custom range',
};

/** The grouping each preset reads best in. */
const PRESET_PERIOD: Record<RangePreset, Period> = {
  'last-14-days': 'day',
  'last-4-weeks': 'week',
  'last-12-weeks': 'week',
  'last-6-months': 'month',
  'last-12-months': 'month',
};

/** A preset's days up to `today`, starting on a whole week or month where it counts weeks or months. */
export function presetRange(preset: RangePreset, today: string): { from: string; to: string } {
  switch (preset) {
    case 'last-14-days':
      return { from: addDays(today, -13), to: today };
    case 'last-4-weeks':
      return { from: addDays(isoWeekStart(today), -21), to: today };
    case 'last-12-weeks':
      return { from: addDays(isoWeekStart(today), -77), to: today };
    case 'last-6-months':
      return { from: addMonths(monthStart(today), -5), to: today };
    case 'last-12-months':
      return { from: addMonths(monthStart(today), -11), to: today };
  }
}

export interface TrackerFilters {
  period: Period;
  preset: RangePreset | 'custom';
  from: string;
  to: string;
  /** '' = every factory. */
  factoryId: string;
}

const DEFAULT_PRESET: RangePreset = 'last-12-weeks';

function isPreset(value: string | null): value is RangePreset {
  return (RANGE_PRESETS as readonly (string | null)[]).includes(value);
}

function isPeriod(value: string | null): value is Period {
  return (PERIODS as readonly (string | null)[]).includes(value);
}

/** The filters in the URL; anything missing or unknown falls back to the last 12 weeks by week. */
export function readTrackerFilters(params: URLSearchParams, today: string): TrackerFilters {
  const factoryId = params.get('factoryId') ?? '';
  const rawPreset = params.get('range');
  if (rawPreset === 'custom') {
    const fallback = presetRange(DEFAULT_PRESET, today);
    return {
      period: isPeriod(params.get('period')) ? (params.get('period') as Period) : 'week',
      preset: 'custom',
      from: params.get('from') ?? fallback.from,
      to: params.get('to') ?? fallback.to,
      factoryId,
    };
  }
  const preset = isPreset(rawPreset) ? rawPreset : DEFAULT_PRESET;
  const rawPeriod = params.get('period');
  return {
    period: isPeriod(rawPeriod) ? rawPeriod : PRESET_PERIOD[preset],
    preset,
    ...presetRange(preset, today),
    factoryId,
  };
}

/** The URL of the filters: a preset keeps no days (it moves with today); a custom range keeps its own. */
export function writeTrackerFilters(filters: TrackerFilters): URLSearchParams {
  const params = new URLSearchParams();
  params.set('period', filters.period);
  params.set('range', filters.preset);
  if (filters.preset === 'custom') {
    params.set('from', filters.from);
    params.set('to', filters.to);
  }
  if (filters.factoryId) params.set('factoryId', filters.factoryId);
  return params;
}

/** Choosing a preset also picks the grouping it reads best in. */
export function choosePreset(filters: TrackerFilters, preset: RangePreset | 'custom', today: string): TrackerFilters {
  if (preset === 'custom') return { ...filters, preset };
  return { ...filters, preset, period: PRESET_PERIOD[preset], ...presetRange(preset, today) };
}

/** The request the filters make, or the first problem with them in the server's own words. */
export function trackerQuery(
  filters: TrackerFilters,
): { query: ProductivityTrackerQuery; problem: null } | { query: null; problem: string } {
  const query: ProductivityTrackerQuery = {
    period: filters.period,
    from: filters.from,
    to: filters.to,
    ...(filters.factoryId ? { factoryId: filters.factoryId } : {}),
  };
  const parsed = productivityTrackerQuerySchema.safeParse(query);
  if (parsed.success) return { query, problem: null };
  return { query: null, problem: parsed.error.issues[0]?.message ?? 'Choose a valid range.' };
}
