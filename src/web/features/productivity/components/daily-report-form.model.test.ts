import { describe, expect, it } from 'vitest';
import type { DailyProductionReport } from '@common/contracts/productivity';
import { figuresAfterLookup, lookupKey, NEW_DAY_FIGURES } from './daily-report-form.model';

const report: DailyProductionReport = {
  id: 'r1',
  factory: { id: 'f1', name: 'Mombasa Assembly', code: 'MSA' },
  date: '2026-03-02',
  couplersPresent: 9,
  hoursWorked: 7.5,
  workerHours: 67.5,
  defects: 1,
  downtimeMinutes: 20,
  notes: null,
  createdAt: '2026-03-02T15:00:00.000Z',
  createdBy: null,
  updatedAt: '2026-03-02T15:00:00.000Z',
  updatedBy: null,
};

describe('the daily report form after a lookup', () => {
  it("loads an existing report's figures to edit them", () => {
    expect(figuresAfterLookup(report, { reportId: null })).toEqual({
      couplersPresent: '9',
      hoursWorked: '7.5',
      defects: '1',
      downtimeMinutes: '20',
      notes: '',
    });
  });

  it("clears another report's figures for a new day, and keeps what is typed otherwise", () => {
    expect(figuresAfterLookup(null, { reportId: 'r1' })).toEqual(NEW_DAY_FIGURES);
    expect(figuresAfterLookup(null, { reportId: null })).toBeNull();
  });

  it('refills when the report changes', () => {
    expect(lookupKey('f1', '2026-03-02', report)).not.toBe(
      lookupKey('f1', '2026-03-02', { ...report, updatedAt: '2026-03-03T08:00:00.000Z' }),
    );
    expect(lookupKey('f1', '2026-03-02', null)).toBe('f1|2026-03-02|new');
  });
});
