/** The shared field rules every contract uses. */
import { describe, expect, it } from 'vitest';
import { hasAtMostDecimals, isIsoInstant, unstorableTextProblem } from './fields';

describe('hasAtMostDecimals', () => {
  it('takes values with at most that many places, floating-point noise aside', () => {
    expect(hasAtMostDecimals(20.25, 2)).toBe(true);
    expect(hasAtMostDecimals(0.1 + 0.2, 1)).toBe(true);
    expect(hasAtMostDecimals(1.005, 2)).toBe(false);
    expect(hasAtMostDecimals(0, 0)).toBe(true);
  });

  it('refuses a value closer to zero than the last place, which would round to 0', () => {
    expect(hasAtMostDecimals(5e-324, 3)).toBe(false);
    expect(hasAtMostDecimals(0.0004, 3)).toBe(false);
    expect(hasAtMostDecimals(-0.0004, 3)).toBe(false);
    expect(hasAtMostDecimals(0.001, 3)).toBe(true);
  });
});

describe('unstorableTextProblem', () => {
  it('finds a NUL character and a lone half of a surrogate pair, and takes everything else', () => {
    expect(unstorableTextProblem('a\u0000b')).toMatch(/NUL/);
    expect(unstorableTextProblem('a\ud800')).toMatch(/broken character/);
    expect(unstorableTextProblem('\udfffa')).toMatch(/broken character/);
    expect(unstorableTextProblem('Jiko 😀 \u00e9 \t\n')).toBeNull();
  });
});

describe('isIsoInstant', () => {
  it('takes a date-time with its offset on a real day between 1900 and 2999', () => {
    expect(isIsoInstant('2026-11-05T09:00:00Z')).toBe(true);
    expect(isIsoInstant('2026-11-05T12:00:00.000+03:00')).toBe(true);
    expect(isIsoInstant('2026-02-30T09:00:00Z')).toBe(false);
    expect(isIsoInstant('0000-01-01T00:00:00Z')).toBe(false);
    expect(isIsoInstant('2026-11-05T09:00:00')).toBe(false);
    expect(isIsoInstant('2026-11-05')).toBe(false);
  });
});
