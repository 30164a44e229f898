/**
 * Calendar days as ISO strings ('2026-01-31'), computed in UTC so a day never shifts with the
 * machine's time zone: day arithmetic, ISO weeks (Monday start), months, and the periods the
 * productivity tracker groups days into.
 */

const DAY_MS = 86_400_000;
/** YYYY-MM-DD in the years any record or filter of a factory can mean, 1900 to 2999. */
const ISO_DAY = /^(19|2\d)\d{2}-\d{2}-\d{2}$/;

/**
 * Whether `value` is a real calendar day written YYYY-MM-DD between 1900 and 2999 (2026-02-30 is
 * not, nor 0000-01-01, which PostgreSQL cannot hold).
 */
export function isIsoDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function toTime(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

function fromTime(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return fromTime(toTime(day) + days * DAY_MS);
}

/** Days from `from` to `to` (0 for the same day; negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toTime(to) - toTime(from)) / DAY_MS);
}

/** Every day from `from` to `to`, both included. */
export function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** 1 = Monday … 7 = Sunday (ISO). */
export function isoWeekday(day: string): number {
  const weekday = new Date(toTime(day)).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/** The Monday of the ISO week holding `day`. */
export function isoWeekStart(day: string): string {
  return addDays(day, 1 - isoWeekday(day));
}

/** The ISO week-numbering year and week of `day` (the week belongs to the year of its Thursday). */
export function isoWeek(day: string): { year: number; week: number } {
  const thursday = addDays(isoWeekStart(day), 3);
  const year = Number(thursday.slice(0, 4));
  const week = Math.floor(daysBetween(`${year}-01-01`, thursday) / 7) + 1;
  return { year, week };
}

export function monthStart(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

export function monthEnd(day: string): string {
  const [year, month] = [Number(day.slice(0, 4)), Number(day.slice(5, 7))];
  return fromTime(Date.UTC(year, month, 1) - DAY_MS);
}

/** Adds whole months to the first of a month. */
export function addMonths(firstOfMonth: string, months: number): string {
  const [year, month] = [Number(firstOfMonth.slice(0, 4)), Number(firstOfMonth.slice(5, 7))];
  return fromTime(Date.UTC(year, month - 1 + months, 1));
}

/** Today in UTC. */
export function utcToday(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The latest date anywhere on earth right now (UTC+14): a day after it has not begun anywhere, so
 * it is in the future for everyone, whatever their time zone.
 */
export function latestDayOnEarth(now: Date): string {
  return fromTime(now.getTime() + 14 * 3_600_000);
}

export const PERIODS = ['day', 'week', 'month'] as const;
export type Period = (typeof PERIODS)[number];

/** A period of the tracker: its key (its first day, unclipped), and its days within the range asked for. */
export interface PeriodSlot {
  key: string;
  label: string;
  start: string;
  end: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "5 Mar 2026" */
export function dayLabel(day: string): string {
  return `${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;
}

/** The first day of the period of `day`: the day, its ISO week's Monday, or its month's first. */
export function periodKey(period: Period, day: string): string {
  switch (period) {
    case 'day':
      return day;
    case 'week':
      return isoWeekStart(day);
    case 'month':
      return monthStart(day);
  }
}

function periodLabel(period: Period, key: string): string {
  switch (period) {
    case 'day':
      return dayLabel(key);
    case 'week': {
      const { year, week } = isoWeek(key);
      return `Week ${week}, ${year}`;
    }
    case 'month':
      return `${MONTHS[Number(key.slice(5, 7)) - 1]} ${key.slice(0, 4)}`;
  }
}

function periodLastDay(period: Period, key: string): string {
  switch (period) {
    case 'day':
      return key;
    case 'week':
      return addDays(key, 6);
    case 'month':
      return monthEnd(key);
  }
}

/** The periods covering `from`..`to`, in order, each clipped to the range. */
export function periodSlots(period: Period, from: string, to: string): PeriodSlot[] {
  const slots: PeriodSlot[] = [];
  let key = periodKey(period, from);
  while (key <= to) {
    const last = periodLastDay(period, key);
    slots.push({
      key,
      label: periodLabel(period, key),
      start: key < from ? from : key,
      end: last > to ? to : last,
    });
    key = addDays(last, 1);
  }
  return slots;
}
