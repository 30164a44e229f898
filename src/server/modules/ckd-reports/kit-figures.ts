/**
 * The arithmetic of the CKD reports: closing = opening + produced + received − sent − consumed
 * + adjusted; a period's closing is the next period's opening.
 */
import { addDays } from '../../../common/calendar-days';
import type { FactoryCkdReportDay, KitFigures } from '../../../common/contracts/ckd-reports';
import type { DayActivityRow, KitActivity } from './ckd-reports.repository';

/** The stock after a period that started with `opening` and saw `activity`. */
export function closingOf(opening: number, activity: KitActivity): number {
  return opening + activity.produced + activity.received - activity.sent - activity.consumed + activity.adjusted;
}

/** Opening, activity and the closing they give. */
export function figuresOf(opening: number, activity: KitActivity): KitFigures {
  return {
    opening,
    produced: activity.produced,
    received: activity.received,
    sent: activity.sent,
    consumed: activity.consumed,
    adjusted: activity.adjusted,
    closing: closingOf(opening, activity),
  };
}

const NO_ACTIVITY: KitActivity = { produced: 0, received: 0, sent: 0, consumed: 0, adjusted: 0 };

/** Every column summed (rows side by side: openings add up, closings add up). */
export function sumFigures(rows: readonly KitFigures[]): KitFigures {
  const total: KitFigures = { opening: 0, ...NO_ACTIVITY, closing: 0 };
  for (const row of rows) {
    total.opening += row.opening;
    total.produced += row.produced;
    total.received += row.received;
    total.sent += row.sent;
    total.consumed += row.consumed;
    total.adjusted += row.adjusted;
    total.closing += row.closing;
  }
  return total;
}

/**
 * Every day of `from`..`to` (both included) in order: each day opens with the previous day's
 * closing (the first with `opening`); days without a row of `activity` (ordered by day) moved
 * nothing and carry the stock forward.
 */
export function dayByDay(
  from: string,
  to: string,
  opening: number,
  activity: readonly DayActivityRow[],
): FactoryCkdReportDay[] {
  const byDay = new Map(activity.map((a) => [a.day, a]));
  const days: FactoryCkdReportDay[] = [];
  let stock = opening;
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const figures = figuresOf(stock, byDay.get(day) ?? NO_ACTIVITY);
    days.push({ day, ...figures });
    stock = figures.closing;
  }
  return days;
}

/** A run of consecutive days as one period: the first day's opening, the movements summed, the last day's closing. */
export function periodTotals(opening: number, days: readonly FactoryCkdReportDay[]): KitFigures {
  const moved = sumFigures(days);
  return { ...moved, opening, closing: days.at(-1)?.closing ?? opening };
}
