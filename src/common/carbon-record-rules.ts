/**
 * Rules of the carbon programme's records (issue 26, DOMAIN.md §4 "Carbon programme"): the
 * monitoring period's quick picks, and the age cohorts' table.
 *
 * A stove's first handover is the day of its first sale that stands (a completed order; a canceled
 * order never handed anything over). The days are the company's calendar days: a sale's day is the
 * day entered on the order, and "this quarter" is the quarter of today in the company's time zone.
 */
import { addMonths, monthEnd } from './calendar-days';
import { dayInZone } from './time-zones';

export interface CarbonPeriod {
  label: string;
  from: string;
  to: string;
}

function quarter(year: number, q: number): CarbonPeriod {
  const from = `${year}-${String(q * 3 - 2).padStart(2, '0')}-01`;
  return { label: `Q${q} ${year}`, from, to: monthEnd(addMonths(from, 2)) };
}

/**
 * The period choices of the Sales Record: the quarter of `today` and the four before it (newest
 * first), then this year and last year. `today` is the company's day (companyDay).
 */
export function carbonQuickPeriods(today: string): CarbonPeriod[] {
  const year = Number(today.slice(0, 4));
  const q = Math.floor((Number(today.slice(5, 7)) - 1) / 3) + 1;
  const quarters: CarbonPeriod[] = [];
  for (let i = 0; i < 5; i++) {
    const n = year * 4 + q - 1 - i;
    quarters.push(quarter(Math.floor(n / 4), (n % 4) + 1));
  }
  return [
    ...quarters,
    { label: `Year ${year}`, from: `${year}-01-01`, to: `${year}-12-31` },
    { label: `Year ${year - 1}`, from: `${year - 1}-01-01`, to: `${year - 1}-12-31` },
  ];
}

/** Today on the company's calendar: the day in its time zone at `now`. */
export function companyDay(now: Date, companyTimeZone: string): string {
  return dayInZone(now, companyTimeZone);
}

/** One month of first handovers: how many, and how many of those stoves are back with us now. */
export interface CohortCount {
  year: number;
  month: number;
  handedOver: number;
  returned: number;
}

export interface CohortRow extends CohortCount {
  /** Handed over in the month and not returned: the stoves of this cohort in the field. */
  inField: number;
  /** In the field, this month's cohort and every older one. */
  cumulative: number;
}

export interface CohortYear {
  year: number;
  handedOver: number;
  returned: number;
  inField: number;
  /** In the field, this year's cohorts and every older one. */
  cumulative: number;
}

/**
 * The age cohorts' table: a row per month from the first month with a handover to the last (months
 * without one are rows of zeros, so the cumulative reads down without gaps), in the field and
 * cumulative, and the same by year. The rule (App Doc "Age Cohorts"): a stove belongs to the cohort
 * of its first handover for good; it counts in the field unless it is back with us now (returned and
 * not sold again); a stove sold again after a return stays in its first cohort.
 */
export function cohortTable(counts: readonly CohortCount[]): { months: CohortRow[]; years: CohortYear[] } {
  const key = (year: number, month: number) => year * 12 + (month - 1);
  const byKey = new Map(counts.map((c) => [key(c.year, c.month), c]));
  const keys = [...byKey.keys()];
  if (keys.length === 0) return { months: [], years: [] };
  const first = Math.min(...keys);
  const last = Math.max(...keys);
  const months: CohortRow[] = [];
  const years: CohortYear[] = [];
  let cumulative = 0;
  for (let k = first; k <= last; k++) {
    const year = Math.floor(k / 12);
    const month = (k % 12) + 1;
    const c = byKey.get(k);
    const handedOver = c?.handedOver ?? 0;
    const returned = c?.returned ?? 0;
    const inField = handedOver - returned;
    cumulative += inField;
    months.push({ year, month, handedOver, returned, inField, cumulative });
    let y = years[years.length - 1];
    if (!y || y.year !== year) {
      y = { year, handedOver: 0, returned: 0, inField: 0, cumulative: 0 };
      years.push(y);
    }
    y.handedOver += handedOver;
    y.returned += returned;
    y.inField += inField;
    y.cumulative = cumulative;
  }
  return { months, years };
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** "March" for 3. */
export function monthName(month: number): string {
  return MONTH_NAMES[month - 1] ?? String(month);
}
