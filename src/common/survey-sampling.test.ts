import { describe, expect, it } from 'vitest';
import {
  cohortSeed,
  drawSample,
  estimateInUse,
  mulberry32,
  samplePositions,
  sampleSize,
  wilsonInterval,
} from './survey-sampling';

describe('sampleSize', () => {
  it('gives 68 at 90/10 for a large cohort: 1.645² × 0.25 / 0.1² = 67.65, rounded up', () => {
    expect(sampleSize(1_000_000, 90, 10)).toBe(68);
  });

  it('gives 385 at 95/5 for a large cohort (Cochran: 1.96² × 0.25 / 0.05² = 384.16)', () => {
    expect(sampleSize(10_000_000, 95, 5)).toBe(385);
  });

  it('applies the finite population correction: 95/5 of 1,000 is 278, 90/10 of 100 is 41', () => {
    // 384.16 / (1 + 383.16/1000) = 277.74; 67.65 / (1 + 66.65/100) = 40.59.
    expect(sampleSize(1000, 95, 5)).toBe(278);
    expect(sampleSize(100, 90, 10)).toBe(41);
  });

  it('never asks for more stoves than the cohort has, and none of an empty one', () => {
    expect(sampleSize(1, 90, 10)).toBe(1);
    expect(sampleSize(5, 95, 5)).toBe(5);
    expect(sampleSize(0, 90, 10)).toBe(0);
  });

  it('asks for fewer stoves when the expected share is far from a half', () => {
    // 1.645² × 0.8 × 0.2 / 0.1² = 43.30
    expect(sampleSize(1_000_000, 90, 10, 0.8)).toBe(44);
  });
});

describe('mulberry32 and drawSample', () => {
  it('gives the same numbers for the same seed and others for another seed', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const c = mulberry32(43);
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect([c(), c(), c()]).not.toEqual(first);
    for (const x of first) expect(x >= 0 && x < 1).toBe(true);
  });

  it('draws the same stoves for the same seed and population, distinct and from the population', () => {
    const population = Array.from({ length: 500 }, (_, i) => `STV${String(i).padStart(8, '0')}`);
    const one = drawSample(population, 68, 123_456_789);
    expect(drawSample(population, 68, 123_456_789)).toEqual(one);
    expect(new Set(one).size).toBe(68);
    for (const code of one) expect(population).toContain(code);
    expect(drawSample(population, 68, 987_654_321)).not.toEqual(one);
  });

  it('draws the positions a full Fisher–Yates shuffle of the whole population would put first', () => {
    // The textbook shuffle, swapping in a full array, driven by the same generator.
    const dense = (size: number, n: number, seed: number) => {
      const items = Array.from({ length: size }, (_, i) => i);
      const random = mulberry32(seed);
      for (let i = 0; i < n; i++) {
        const j = i + Math.floor(random() * (size - i));
        [items[i], items[j]] = [items[j] as number, items[i] as number];
      }
      return items.slice(0, n);
    };
    for (const [size, n, seed] of [
      [10, 10, 1],
      [101, 41, 20_260_115],
      [5000, 68, 4_294_967_295],
      [3, 0, 9],
    ] as const)
      expect(samplePositions(size, n, seed)).toEqual(dense(size, n, seed));
  });

  it('gives each cohort of a draw its own seed, the same every time', () => {
    expect(cohortSeed(42, 2025)).toBe(cohortSeed(42, 2025));
    expect(cohortSeed(42, 2025)).not.toBe(cohortSeed(42, 2026));
    expect(cohortSeed(4294967295, 2999)).toBeLessThanOrEqual(4294967295);
    expect(cohortSeed(4294967295, 2999)).toBeGreaterThanOrEqual(0);
  });

  it('takes the whole population when the sample is as large, and leaves the input alone', () => {
    const population = ['A', 'B', 'C'];
    expect([...drawSample(population, 5, 7)].sort()).toEqual(['A', 'B', 'C']);
    expect(population).toEqual(['A', 'B', 'C']);
  });
});

describe('wilsonInterval', () => {
  // Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I, method 3
  // (score interval without continuity correction), 95 %.
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])('%i of %i at 95 percent is %s to %s', (x, n, low, high) => {
    const interval = wilsonInterval(x, n, 95);
    expect(interval?.low).toBeCloseTo(low, 4);
    expect(interval?.high).toBeCloseTo(high, 4);
  });

  it('is narrower at 90 % and null with nothing surveyed', () => {
    // 8 of 10 at z = 1.645: centre (0.8 + 2.706025/20) / 1.2706025 = 0.73611,
    // half 1.645 / 1.2706025 × √(0.016 + 2.706025/400) = 0.19534.
    const interval = wilsonInterval(8, 10, 90);
    expect(interval?.low).toBeCloseTo(0.54077, 4);
    expect(interval?.high).toBeCloseTo(0.93145, 4);
    const at95 = wilsonInterval(8, 10, 95);
    expect(at95 && interval && at95.high - at95.low > interval.high - interval.low).toBe(true);
    expect(wilsonInterval(0, 0, 90)).toBeNull();
  });
});

describe('estimateInUse', () => {
  it('scales the share and its interval to the cohort: 8 of 10 in use of 1,000 stoves at 90 %', () => {
    expect(estimateInUse(1000, 10, 8, 90)).toEqual({
      share: 0.8,
      low: expect.closeTo(0.54077, 4) as number,
      high: expect.closeTo(0.93145, 4) as number,
      estimated: 800,
      estimatedLow: 541,
      estimatedHigh: 931,
    });
  });

  it('says nothing before a stove of the cohort was reached', () => {
    expect(estimateInUse(1000, 0, 0, 90)).toEqual({
      share: null,
      low: null,
      high: null,
      estimated: null,
      estimatedLow: null,
      estimatedHigh: null,
    });
  });
});
