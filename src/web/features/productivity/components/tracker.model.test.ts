import { describe, expect, it } from 'vitest';
import type { ProductivityFigures, ProductivityTracker } from '@common/contracts/productivity';
import { trendPoints, trendSummary } from './tracker.model';

const figures = (coupled: number, target: number | null): ProductivityFigures => ({
  coupled,
  couplersPresent: target === null ? null : 1,
  workerHours: null,
  target,
  attainment: target ? coupled / target : null,
  stovesPerWorkerHour: null,
  targetPerWorkerHour: null,
  daysReported: 0,
  daysWithoutTarget: 0,
});

const tracker = (trend: [number, number | null][]): ProductivityTracker => {
  const keys = ['2026-03-02', '2026-03-09', '2026-03-16'].slice(0, trend.length);
  const total = trend.reduce((a, [c]) => a + c, 0);
  const target = trend.some(([, t]) => t !== null) ? trend.reduce((a, [, t]) => a + (t ?? 0), 0) : null;
  return {
    period: 'week',
    from: keys[0] ?? '',
    to: '2026-03-22',
    periods: keys.map((key, i) => ({ key, label: `Week ${10 + i}, 2026`, start: key, end: key })),
    totals: figures(total, target),
    trend: trend.map(([c, t], i) => ({ key: keys[i] ?? '', ...figures(c, t) })),
    factories: [],
    couplers: [],
  };
};

describe('the tracker summary', () => {
  it('says coupled vs target, attainment, and the best and lowest period', () => {
    expect(
      trendSummary(
        tracker([
          [90, 100],
          [120, 100],
          [45, 60],
        ]),
      ),
    ).toBe(
      '3 weeks: 255 stoves coupled against a target of 260 (98%). Best week: Week 11, 2026 (120%); lowest: Week 12, 2026 (75%).',
    );
  });

  it('names no best or lowest period when every period did the same', () => {
    expect(
      trendSummary(
        tracker([
          [0, 10],
          [0, 20],
        ]),
      ),
    ).toBe('2 weeks: 0 stoves coupled against a target of 30 (0%).');
  });

  it('says when there is no target to compare with', () => {
    expect(trendSummary(tracker([[5, null]]))).toBe('1 week: 5 stoves coupled; no target to compare with.');
  });

  it('charts each period by its label, with gaps where there is no target', () => {
    expect(
      trendPoints(
        tracker([
          [5, null],
          [7, 10],
        ]),
      ),
    ).toEqual([
      { key: '2026-03-02', label: 'Week 10, 2026', coupled: 5, target: null },
      { key: '2026-03-09', label: 'Week 11, 2026', coupled: 7, target: 10 },
    ]);
  });
});
