/**
 * How a demo factory's working day went, the same for every demo: the stove reports (how many
 * stoves each coupler coupled) and the daily production reports (hours, downtime, notes) read it,
 * so the Productivity Tracker's attainment tells a consistent story: mostly 75-110 % of the
 * target, a few bad days with a power outage or a late kit delivery.
 */

/** The demo's productivity targets (stoves per coupler per day): the default, and Mombasa's own. */
export const DEMO_TARGETS = { default: 12, MSA: 14 } as const;
/** Working days (Monday to Friday) of coupling the demo reports, ending yesterday. */
export const DEMO_PRODUCTION_DAYS = 30;

/** A number in 0..1 that depends only on the text (FNV-1a), so every run makes the same days. */
export function unit(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  return (hash >>> 0) / 4294967296;
}

export interface ProductionDay {
  /** The line stopped for part of the day. */
  outage: boolean;
  /** Kits arrived late in the morning. */
  shortage: boolean;
  /** Stoves coupled against the target: 0.75-1.1 on an ordinary day, 0.35-0.55 on a bad one. */
  factor: number;
}

export function productionDay(factoryCode: string, date: string): ProductionDay {
  const outage = unit(`${factoryCode}:${date}:outage`) < 0.08;
  const shortage = !outage && unit(`${factoryCode}:${date}:shortage`) < 0.05;
  const spread = unit(`${factoryCode}:${date}:factor`);
  const factor = outage || shortage ? 0.35 + spread * 0.2 : 0.75 + spread * 0.35;
  return { outage, shortage, factor };
}

/** The target in force at a demo factory. */
export function demoTarget(factoryCode: string): number {
  return factoryCode === 'MSA' ? DEMO_TARGETS.MSA : DEMO_TARGETS.default;
}
