/** What the tracker page says about its figures: the chart's points and its summary sentence. */
import { plural } from '@common/counted';
import type { ProductivityTracker } from '@common/contracts/productivity';
import { formatFigure, formatPercent } from './productivity-format.model';

const PERIOD_NOUNS = { day: ['day', 'days'], week: ['week', 'weeks'], month: ['month', 'months'] } as const;

export interface TrendPoint {
  key: string;
  label: string;
  coupled: number;
  /** null: no target that period (the line has a gap). */
  target: number | null;
}

export function trendPoints(tracker: ProductivityTracker): TrendPoint[] {
  const labels = new Map(tracker.periods.map((p) => [p.key, p.label]));
  return tracker.trend.map((p) => ({
    key: p.key,
    label: labels.get(p.key) ?? p.key,
    coupled: p.coupled,
    target: p.target,
  }));
}

/**
 * One sentence for screen readers and for everyone: the range's coupled vs target and its
 * attainment, and the best and worst period against target.
 */
export function trendSummary(tracker: ProductivityTracker): string {
  const [one, many] = PERIOD_NOUNS[tracker.period];
  const count = tracker.periods.length;
  const span = `${count} ${plural(count, one, many)}`;
  const { coupled, target, attainment } = tracker.totals;
  const head =
    target === null
      ? `${span}: ${formatFigure(coupled, 0)} stoves coupled; no target to compare with.`
      : `${span}: ${formatFigure(coupled, 0)} stoves coupled against a target of ${formatFigure(target, 0)} (${formatPercent(attainment)}).`;
  const rated = tracker.trend.filter((p) => p.attainment !== null);
  if (rated.length < 2) return head;
  const labels = new Map(tracker.periods.map((p) => [p.key, p.label]));
  const best = rated.reduce((a, b) => ((b.attainment ?? 0) > (a.attainment ?? 0) ? b : a));
  const worst = rated.reduce((a, b) => ((b.attainment ?? 0) < (a.attainment ?? 0) ? b : a));
  if (best.attainment === worst.attainment) return head;
  return `${head} Best ${one}: ${labels.get(best.key)} (${formatPercent(best.attainment)}); lowest: ${labels.get(worst.key)} (${formatPercent(worst.attainment)}).`;
}
