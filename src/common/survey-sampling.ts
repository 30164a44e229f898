/**
 * Usage-survey sampling (issue 26): how many stoves of a cohort to survey, which ones, and what the
 * answers say about the cohort. Pure: the server and the screen use the same formulae.
 *
 * - Sample size (Cochran): n0 = z²·p(1−p)/e², with the finite population correction
 *   n = n0 / (1 + (n0 − 1)/N), rounded up and never more than N.
 * - The sample: a seeded PRNG (mulberry32) drives a Fisher–Yates shuffle of the cohort's stoves in
 *   stove ID order; the first n are the sample. The same seed and population give the same stoves.
 * - The share in use: the Wilson score interval at the draw's confidence.
 */

export const SURVEY_CONFIDENCES = [90, 95] as const;
export type SurveyConfidence = (typeof SURVEY_CONFIDENCES)[number];
export const SURVEY_PRECISIONS = [5, 10] as const;
export type SurveyPrecision = (typeof SURVEY_PRECISIONS)[number];

/** The two-sided standard normal quantile of each confidence level (1.645 and 1.96, as the tables give). */
export const Z_OF_CONFIDENCE: Readonly<Record<SurveyConfidence, number>> = { 90: 1.645, 95: 1.96 };

/**
 * The sample size of a cohort of `population` stoves at `confidence` % and ± `precision` %
 * (p = 0.5 unless told: the largest sample). 0 for an empty cohort.
 */
export function sampleSize(
  population: number,
  confidence: SurveyConfidence,
  precision: SurveyPrecision,
  proportion = 0.5,
): number {
  if (population <= 0) return 0;
  const z = Z_OF_CONFIDENCE[confidence];
  const e = precision / 100;
  const n0 = (z * z * proportion * (1 - proportion)) / (e * e);
  const n = n0 / (1 + (n0 - 1) / population);
  // Rounded to 9 decimals first: 67.65000000000001 is 67.65, not a reason for one more stove.
  return Math.min(population, Math.ceil(Number(n.toFixed(9))));
}

/** mulberry32: a small 32-bit seeded generator of numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The largest seed: seeds are unsigned 32-bit integers. */
export const SURVEY_SEED_MAX = 4294967295;

/**
 * The positions (0-based, in the order drawn) of a sample of `size` out of `populationSize` items:
 * a partial Fisher–Yates shuffle of 0 … populationSize − 1 driven by mulberry32(`seed`). Only the
 * swapped places are kept (a map), so memory follows the sample, not the population.
 */
export function samplePositions(populationSize: number, size: number, seed: number): number[] {
  const random = mulberry32(seed);
  const n = Math.max(0, Math.min(size, populationSize));
  const moved = new Map<number, number>();
  const drawn: number[] = [];
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (populationSize - i));
    const picked = moved.get(j) ?? j;
    moved.set(j, moved.get(i) ?? i);
    drawn.push(picked);
  }
  return drawn;
}

/**
 * `size` items of `population` (in the order given, which the caller makes stable: stove ID order)
 * at samplePositions(population.length, size, seed), in the order drawn.
 */
export function drawSample<T>(population: readonly T[], size: number, seed: number): T[] {
  return samplePositions(population.length, size, seed).map((i) => population[i] as T);
}

export interface Interval {
  low: number;
  high: number;
}

/**
 * The Wilson score interval of `successes` out of `trials` at `confidence` % (Wilson 1927;
 * Newcombe 1998, method 3). null when nothing was surveyed.
 */
export function wilsonInterval(successes: number, trials: number, confidence: SurveyConfidence): Interval | null {
  if (trials <= 0) return null;
  const z = Z_OF_CONFIDENCE[confidence];
  const p = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

export interface InUseEstimate {
  share: number | null;
  low: number | null;
  high: number | null;
  estimated: number | null;
  estimatedLow: number | null;
  estimatedHigh: number | null;
}

/**
 * What `inUse` of `surveyed` reached stoves say of a cohort of `population`: the share in use, its
 * Wilson interval, and the stoves still in use (share × population, rounded, with the interval's).
 */
export function estimateInUse(
  population: number,
  surveyed: number,
  inUse: number,
  confidence: SurveyConfidence,
): InUseEstimate {
  const interval = wilsonInterval(inUse, surveyed, confidence);
  if (!interval)
    return { share: null, low: null, high: null, estimated: null, estimatedLow: null, estimatedHigh: null };
  const share = inUse / surveyed;
  return {
    share,
    low: interval.low,
    high: interval.high,
    estimated: Math.round(share * population),
    estimatedLow: Math.round(interval.low * population),
    estimatedHigh: Math.round(interval.high * population),
  };
}

/**
 * The seed of one cohort's draw: the draw's seed mixed with the cohort's year, so the cohorts of
 * one draw are shuffled independently and each is reproducible from the draw's seed alone.
 */
export function cohortSeed(seed: number, year: number): number {
  return (seed ^ Math.imul(year, 0x9e3779b1)) >>> 0;
}
