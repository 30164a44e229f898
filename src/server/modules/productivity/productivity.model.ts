/**
 * The rules of productivity, pure: which target is in force on a day, how a day's figures add up
 * into attainment and rates, and how days group into the tracker's periods.
 */
import { eachDay, periodKey, periodSlots, type Period } from '../../../common/calendar-days';
import type {
  PeriodFigures,
  ProductivityFigures,
  ProductivityTracker,
  TargetState,
} from '../../../common/contracts/productivity';

export interface TargetRule {
  /** null: the default for every factory without its own target. */
  factoryId: string | null;
  effectiveFrom: string;
  stovesPerCouplerPerDay: number;
  hoursPerDay: number;
}

/**
 * The target in force on `day` at a factory: the factory's own target with the latest effective
 * date on or before the day; without one, the default's; null when neither has started.
 */
export function targetInForce<T extends TargetRule>(targets: readonly T[], factoryId: string, day: string): T | null {
  let own: T | null = null;
  let fallback: T | null = null;
  for (const t of targets) {
    if (t.effectiveFrom > day) continue;
    if (t.factoryId === factoryId) {
      if (!own || t.effectiveFrom > own.effectiveFrom) own = t;
    } else if (t.factoryId === null) {
      if (!fallback || t.effectiveFrom > fallback.effectiveFrom) fallback = t;
    }
  }
  return own ?? fallback;
}

/**
 * Each target's state on `today`: scheduled (starts later), in force (its scope's latest that has
 * started), or past (replaced by a later one of its scope).
 */
export function targetStates<T extends TargetRule & { id: string }>(
  targets: readonly T[],
  today: string,
): Map<string, TargetState> {
  const current = new Map<string | null, T>();
  for (const t of targets) {
    if (t.effectiveFrom > today) continue;
    const known = current.get(t.factoryId);
    if (!known || t.effectiveFrom > known.effectiveFrom) current.set(t.factoryId, t);
  }
  const states = new Map<string, TargetState>();
  for (const t of targets) {
    if (t.effectiveFrom > today) states.set(t.id, 'scheduled');
    else states.set(t.id, current.get(t.factoryId)?.id === t.id ? 'in_force' : 'past');
  }
  return states;
}

/** One factory's (or coupler's) day. */
export interface DayCell {
  coupled: number;
  /** Couplers present (the daily report's; 1 for a coupler on a day they reported); null = unknown. */
  present: number | null;
  /** Hours each coupler present worked (the daily report's); null = no daily report. */
  hours: number | null;
  /** The target in force that day; null = none. */
  target: Pick<TargetRule, 'stovesPerCouplerPerDay' | 'hoursPerDay'> | null;
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;
const ratio = (part: number, whole: number, places: number) => (whole > 0 ? round(part / whole, places) : null);

/**
 * Adds days up. Attainment compares the stoves coupled on the days that have a target with that
 * target; stoves per worker-hour uses the days with hours. Nothing to compare gives null, never a
 * division by zero.
 */
export function summarize(cells: Iterable<DayCell>): ProductivityFigures {
  let coupled = 0;
  let present = 0;
  let daysReported = 0;
  let workerHours = 0;
  let hourDays = 0;
  let coupledInHours = 0;
  let target = 0;
  let targetDays = 0;
  let coupledAgainstTarget = 0;
  let targetHours = 0;
  let daysWithoutTarget = 0;
  for (const c of cells) {
    coupled += c.coupled;
    if (c.present !== null) {
      present += c.present;
      daysReported++;
      if (c.hours !== null) {
        workerHours += c.present * c.hours;
        coupledInHours += c.coupled;
        hourDays++;
      }
    }
    if (c.present !== null && c.target) {
      target += c.target.stovesPerCouplerPerDay * c.present;
      targetHours += c.present * c.target.hoursPerDay;
      coupledAgainstTarget += c.coupled;
      targetDays++;
    } else if (c.coupled > 0) daysWithoutTarget++;
  }
  return {
    coupled,
    couplersPresent: daysReported > 0 ? present : null,
    workerHours: hourDays > 0 ? round(workerHours, 2) : null,
    target: targetDays > 0 ? round(target, 2) : null,
    attainment: targetDays > 0 ? ratio(coupledAgainstTarget, target, 4) : null,
    stovesPerWorkerHour: hourDays > 0 ? ratio(coupledInHours, workerHours, 3) : null,
    targetPerWorkerHour: targetDays > 0 ? ratio(target, targetHours, 3) : null,
    daysReported,
    daysWithoutTarget,
  };
}

export interface FactoryInfo {
  id: string;
  name: string;
  code: string;
}

export interface TrackerData {
  period: Period;
  from: string;
  to: string;
  factories: readonly FactoryInfo[];
  /** Daily reports in the range. */
  reports: readonly { factoryId: string; date: string; couplersPresent: number; hoursWorked: number }[];
  /** Stoves coupled (submitted reports) per coupler, factory and day; couplerId null = unknown author. */
  coupled: readonly { couplerId: string | null; factoryId: string; date: string; stoves: number }[];
  couplers: ReadonlyMap<string, { name: string | null; email: string }>;
  targets: readonly TargetRule[];
}

/** Per period of the range (every period, empty ones too), and over the whole range. */
function byPeriod(period: Period, from: string, to: string, cells: readonly (DayCell & { date: string })[]) {
  const groups = new Map<string, DayCell[]>();
  for (const slot of periodSlots(period, from, to)) groups.set(slot.key, []);
  for (const cell of cells) groups.get(periodKey(period, cell.date))?.push(cell);
  const periods: PeriodFigures[] = [...groups].map(([key, list]) => ({ key, ...summarize(list) }));
  return { totals: summarize(cells), periods };
}

/** The tracker: every factory's and coupler's days, summed per period and over the range. */
export function buildTracker(data: TrackerData): ProductivityTracker {
  const { period, from, to } = data;
  const days = eachDay(from, to);
  const reportOf = new Map(data.reports.map((r) => [`${r.factoryId}|${r.date}`, r]));
  const coupledOf = new Map<string, number>();
  for (const c of data.coupled) {
    const key = `${c.factoryId}|${c.date}`;
    coupledOf.set(key, (coupledOf.get(key) ?? 0) + c.stoves);
  }
  const targetOn = (factoryId: string, date: string) => {
    const t = targetInForce(data.targets, factoryId, date);
    return t ? { stovesPerCouplerPerDay: t.stovesPerCouplerPerDay, hoursPerDay: t.hoursPerDay } : null;
  };

  const allCells: (DayCell & { date: string })[] = [];
  const factories = data.factories.map((factory) => {
    const cells: (DayCell & { date: string })[] = [];
    for (const date of days) {
      const report = reportOf.get(`${factory.id}|${date}`);
      const coupled = coupledOf.get(`${factory.id}|${date}`) ?? 0;
      if (!report && coupled === 0) continue;
      cells.push({
        date,
        coupled,
        present: report ? report.couplersPresent : null,
        hours: report ? report.hoursWorked : null,
        target: targetOn(factory.id, date),
      });
    }
    allCells.push(...cells);
    return { factory, ...byPeriod(period, from, to, cells) };
  });

  const shown = new Map(data.factories.map((f) => [f.id, f]));
  const couplerCells = new Map<
    string,
    { couplerId: string; factory: FactoryInfo; cells: (DayCell & { date: string })[] }
  >();
  for (const c of data.coupled) {
    const factory = shown.get(c.factoryId);
    if (!c.couplerId || !factory || c.stoves <= 0) continue;
    const key = `${c.couplerId}|${c.factoryId}`;
    let entry = couplerCells.get(key);
    if (!entry) {
      entry = { couplerId: c.couplerId, factory, cells: [] };
      couplerCells.set(key, entry);
    }
    const report = reportOf.get(`${c.factoryId}|${c.date}`);
    entry.cells.push({
      date: c.date,
      coupled: c.stoves,
      present: 1,
      hours: report ? report.hoursWorked : null,
      target: targetOn(c.factoryId, c.date),
    });
  }
  const couplers = [...couplerCells.values()]
    .map((entry) => {
      const person = data.couplers.get(entry.couplerId);
      return {
        coupler: { id: entry.couplerId, name: person?.name ?? null, email: person?.email ?? '' },
        factory: entry.factory,
        ...byPeriod(period, from, to, entry.cells),
      };
    })
    .sort(
      (a, b) =>
        a.factory.name.localeCompare(b.factory.name) ||
        (a.coupler.name ?? a.coupler.email).localeCompare(b.coupler.name ?? b.coupler.email),
    );

  const overall = byPeriod(period, from, to, allCells);
  return {
    period,
    from,
    to,
    periods: periodSlots(period, from, to),
    totals: overall.totals,
    trend: overall.periods,
    factories,
    couplers,
  };
}
