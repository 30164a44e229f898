import { describe, expect, it } from 'vitest';
import {
  buildTracker,
  summarize,
  targetInForce,
  targetStates,
  type DayCell,
  type TrackerData,
} from './productivity.model';

const F1 = 'factory-1';
const F2 = 'factory-2';
const target = (factoryId: string | null, effectiveFrom: string, stoves: number, hours = 8) => ({
  id: `${factoryId ?? 'default'}@${effectiveFrom}`,
  factoryId,
  effectiveFrom,
  stovesPerCouplerPerDay: stoves,
  hoursPerDay: hours,
});

describe('the target in force', () => {
  const targets = [
    target(null, '2026-01-01', 10),
    target(null, '2026-03-01', 12),
    target(F1, '2026-02-01', 15),
    target(F1, '2026-04-01', 18),
  ];

  it('is none before any target starts', () => {
    expect(targetInForce(targets, F1, '2025-12-31')).toBeNull();
  });

  it('is the default while a factory has no override yet, from its first day on', () => {
    expect(targetInForce(targets, F1, '2026-01-01')?.stovesPerCouplerPerDay).toBe(10);
    expect(targetInForce(targets, F1, '2026-01-31')?.stovesPerCouplerPerDay).toBe(10);
  });

  it("is the factory's own from its effective day, even when the default changes later", () => {
    expect(targetInForce(targets, F1, '2026-02-01')?.stovesPerCouplerPerDay).toBe(15);
    expect(targetInForce(targets, F1, '2026-03-15')?.stovesPerCouplerPerDay).toBe(15);
    expect(targetInForce(targets, F1, '2026-04-01')?.stovesPerCouplerPerDay).toBe(18);
  });

  it("is the latest default for a factory without overrides (another factory's do not apply)", () => {
    expect(targetInForce(targets, F2, '2026-02-15')?.stovesPerCouplerPerDay).toBe(10);
    expect(targetInForce(targets, F2, '2026-03-01')?.stovesPerCouplerPerDay).toBe(12);
  });

  it('marks each target scheduled, in force or replaced on a day', () => {
    const states = targetStates(targets, '2026-03-10');
    expect(Object.fromEntries(states)).toEqual({
      'default@2026-01-01': 'past',
      'default@2026-03-01': 'in_force',
      'factory-1@2026-02-01': 'in_force',
      'factory-1@2026-04-01': 'scheduled',
    });
  });
});

describe('attainment and rates', () => {
  const t12 = { stovesPerCouplerPerDay: 12, hoursPerDay: 8 };
  const day = (coupled: number, present: number | null, hours: number | null, t = t12): DayCell => ({
    coupled,
    present,
    hours,
    target: t,
  });

  it('compares coupled with target × couplers present, and divides by worker-hours', () => {
    // 10 couplers × 12 = 120 target; 10 × 8 h = 80 worker-hours; 96 coupled.
    const f = summarize([day(96, 10, 8)]);
    expect(f).toEqual({
      coupled: 96,
      couplersPresent: 10,
      workerHours: 80,
      target: 120,
      attainment: 0.8,
      stovesPerWorkerHour: 1.2,
      targetPerWorkerHour: 1.5,
      daysReported: 1,
      daysWithoutTarget: 0,
    });
  });

  it('sums days before dividing (not an average of daily percentages)', () => {
    const f = summarize([day(60, 5, 8), day(150, 10, 7.5)]);
    expect(f.target).toBe(180);
    expect(f.attainment).toBeCloseTo(210 / 180, 4);
    expect(f.workerHours).toBe(115);
    expect(f.stovesPerWorkerHour).toBeCloseTo(210 / 115, 3);
  });

  it('leaves days without a daily report or without a target out of attainment, and counts them', () => {
    const f = summarize([day(100, 10, 8), day(40, null, null), day(30, 5, 8, null as never)]);
    expect(f.coupled).toBe(170);
    expect(f.target).toBe(120);
    expect(f.attainment).toBeCloseTo(100 / 120, 4);
    expect(f.workerHours).toBe(120);
    expect(f.stovesPerWorkerHour).toBeCloseTo(130 / 120, 3);
    expect(f.daysWithoutTarget).toBe(2);
  });

  it('gives null, never a division by zero, when there is nothing to compare', () => {
    expect(summarize([])).toMatchObject({
      coupled: 0,
      couplersPresent: null,
      workerHours: null,
      target: null,
      attainment: null,
      stovesPerWorkerHour: null,
      targetPerWorkerHour: null,
    });
    // A reported day with nobody present: target 0, worker-hours 0 — still no ratio.
    expect(summarize([day(0, 0, 8)])).toMatchObject({
      couplersPresent: 0,
      workerHours: 0,
      target: 0,
      attainment: null,
      stovesPerWorkerHour: null,
      targetPerWorkerHour: null,
    });
    // Stoves coupled but no target at all.
    expect(summarize([day(5, null, null, null as never)])).toMatchObject({ target: null, attainment: null });
  });
});

describe('the tracker', () => {
  const base: TrackerData = {
    period: 'week',
    from: '2026-03-01', // a Sunday: the last day of ISO week 9
    to: '2026-03-10',
    factories: [
      { id: F1, name: 'Alpha', code: 'ALP' },
      { id: F2, name: 'Beta', code: 'BET' },
    ],
    reports: [
      { factoryId: F1, date: '2026-03-01', couplersPresent: 2, hoursWorked: 8 },
      { factoryId: F1, date: '2026-03-02', couplersPresent: 4, hoursWorked: 8 },
      { factoryId: F1, date: '2026-03-09', couplersPresent: 4, hoursWorked: 6 },
    ],
    coupled: [
      { couplerId: 'u1', factoryId: F1, date: '2026-03-01', stoves: 20 },
      { couplerId: 'u1', factoryId: F1, date: '2026-03-02', stoves: 25 },
      { couplerId: 'u2', factoryId: F1, date: '2026-03-02', stoves: 15 },
      { couplerId: null, factoryId: F1, date: '2026-03-09', stoves: 30 },
      { couplerId: 'u3', factoryId: F2, date: '2026-03-03', stoves: 7 },
    ],
    couplers: new Map([
      ['u1', { name: 'Una', email: 'una@example.com' }],
      ['u2', { name: 'Bo', email: 'bo@example.com' }],
      ['u3', { name: null, email: 'cy@example.com' }],
    ]),
    targets: [target(null, '2026-01-01', 10), target(F1, '2026-03-02', 12)],
  };

  it('groups days into ISO weeks starting on Monday, clipped to the range', () => {
    const t = buildTracker(base);
    expect(t.periods.map((p) => [p.key, p.start, p.end])).toEqual([
      ['2026-02-23', '2026-03-01', '2026-03-01'],
      ['2026-03-02', '2026-03-02', '2026-03-08'],
      ['2026-03-09', '2026-03-09', '2026-03-10'],
    ]);
    const alpha = t.factories.find((f) => f.factory.id === F1);
    // Week 9 (Sunday 1 March): the default (10) × 2 couplers; week 10: the override (12) × 4.
    expect(alpha?.periods.map((p) => [p.coupled, p.target, p.attainment])).toEqual([
      [20, 20, 1],
      [40, 48, 0.8333],
      [30, 48, 0.625],
    ]);
    expect(alpha?.totals).toMatchObject({ coupled: 90, target: 116, workerHours: 72, daysReported: 3 });
  });

  it('counts a factory without daily reports in coupled but not in attainment', () => {
    const beta = buildTracker(base).factories.find((f) => f.factory.id === F2);
    expect(beta?.totals).toMatchObject({ coupled: 7, target: null, attainment: null, daysWithoutTarget: 1 });
  });

  it('gives each coupler the target per day they reported, and their factory’s hours', () => {
    const t = buildTracker(base);
    const una = t.couplers.find((c) => c.coupler.id === 'u1');
    // 1 March: default 10, 2 March: override 12 → target 22 for 45 stoves; 16 worker-hours.
    expect(una?.totals).toMatchObject({ coupled: 45, target: 22, daysReported: 2, workerHours: 16 });
    expect(una?.totals.attainment).toBeCloseTo(45 / 22, 4);
    expect(t.couplers.map((c) => c.coupler.email)).toEqual(['bo@example.com', 'una@example.com', 'cy@example.com']);
  });

  it('totals every factory, over the range and per period', () => {
    const t = buildTracker(base);
    expect(t.totals.coupled).toBe(97);
    expect(t.trend.map((p) => p.coupled)).toEqual([20, 47, 30]);
    expect(t.trend[1]?.target).toBe(48);
  });

  it('groups by month and by day', () => {
    const monthly = buildTracker({ ...base, period: 'month', from: '2026-02-15', to: '2026-03-31' });
    expect(monthly.trend.map((p) => [p.key, p.coupled])).toEqual([
      ['2026-02-01', 0],
      ['2026-03-01', 97],
    ]);
    const daily = buildTracker({ ...base, period: 'day' });
    expect(daily.trend).toHaveLength(10);
    expect(daily.trend[1]).toMatchObject({ key: '2026-03-02', coupled: 40, target: 48 });
  });
});
