import { describe, expect, it } from 'vitest';
import { carbonQuickPeriods, cohortTable, companyDay, monthName } from './carbon-record-rules';

describe('the period quick picks', () => {
  it('are the quarter of today and the four before it, then this year and last year', () => {
    expect(carbonQuickPeriods('2026-02-10')).toEqual([
      { label: 'Q1 2026', from: '2026-01-01', to: '2026-03-31' },
      { label: 'Q4 2025', from: '2025-10-01', to: '2025-12-31' },
      { label: 'Q3 2025', from: '2025-07-01', to: '2025-09-30' },
      { label: 'Q2 2025', from: '2025-04-01', to: '2025-06-30' },
      { label: 'Q1 2025', from: '2025-01-01', to: '2025-03-31' },
      { label: 'Year 2026', from: '2026-01-01', to: '2026-12-31' },
      { label: 'Year 2025', from: '2025-01-01', to: '2025-12-31' },
    ]);
    expect(carbonQuickPeriods('2024-12-31')[0]).toEqual({ label: 'Q4 2024', from: '2024-10-01', to: '2024-12-31' });
    expect(carbonQuickPeriods('2024-04-01')[0]).toEqual({ label: 'Q2 2024', from: '2024-04-01', to: '2024-06-30' });
  });

  it('start from today in the company’s time zone, not the server’s', () => {
    // 21:30 UTC on 31 March is already 1 April in Nairobi (UTC+3): the quarter is Q2.
    const now = new Date('2026-03-31T21:30:00Z');
    expect(companyDay(now, 'Africa/Nairobi')).toBe('2026-04-01');
    expect(carbonQuickPeriods(companyDay(now, 'Africa/Nairobi'))[0]?.label).toBe('Q2 2026');
    expect(carbonQuickPeriods(companyDay(now, 'UTC'))[0]?.label).toBe('Q1 2026');
    // and 05:00 UTC on 1 July is still 30 June in Los Angeles.
    expect(companyDay(new Date('2026-07-01T05:00:00Z'), 'America/Los_Angeles')).toBe('2026-06-30');
  });
});

describe('the age cohorts table', () => {
  it('fills the months between, subtracts the returned and adds up', () => {
    const table = cohortTable([
      { year: 2025, month: 12, handedOver: 4, returned: 1 },
      { year: 2025, month: 11, handedOver: 10, returned: 0 },
      { year: 2026, month: 2, handedOver: 5, returned: 2 },
    ]);
    expect(table.months).toEqual([
      { year: 2025, month: 11, handedOver: 10, returned: 0, inField: 10, cumulative: 10 },
      { year: 2025, month: 12, handedOver: 4, returned: 1, inField: 3, cumulative: 13 },
      { year: 2026, month: 1, handedOver: 0, returned: 0, inField: 0, cumulative: 13 },
      { year: 2026, month: 2, handedOver: 5, returned: 2, inField: 3, cumulative: 16 },
    ]);
    expect(table.years).toEqual([
      { year: 2025, handedOver: 14, returned: 1, inField: 13, cumulative: 13 },
      { year: 2026, handedOver: 5, returned: 2, inField: 3, cumulative: 16 },
    ]);
  });

  it('is empty without handovers', () => {
    expect(cohortTable([])).toEqual({ months: [], years: [] });
  });

  it('names the months', () => {
    expect([monthName(1), monthName(12)]).toEqual(['January', 'December']);
  });
});
