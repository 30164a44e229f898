import { describe, expect, it } from 'vitest';
import { localToday } from './local-today';

describe('localToday', () => {
  it('is the day on the device calendar, late in the evening too (not the UTC day)', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(localToday(new Date(2026, 11, 31, 0, 1))).toBe('2026-12-31');
  });

  it('pads month and day to two digits', () => {
    expect(localToday(new Date(2026, 2, 7, 12))).toBe('2026-03-07');
  });
});
