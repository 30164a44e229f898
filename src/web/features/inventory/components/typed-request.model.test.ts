import { describe, expect, it } from 'vitest';
import { changesOf, parseTypedNumber } from './typed-request.model';

describe('typed numbers', () => {
  it('reads plain numbers, thousands separators and a decimal comma', () => {
    expect(parseTypedNumber('')).toBeNull();
    expect(parseTypedNumber('  ')).toBeNull();
    expect(parseTypedNumber('12')).toBe(12);
    expect(parseTypedNumber(' 2.5 ')).toBe(2.5);
    expect(parseTypedNumber('.5')).toBe(0.5);
    expect(parseTypedNumber('2,5')).toBe(2.5);
    expect(parseTypedNumber('1,250')).toBe(1250);
    expect(parseTypedNumber('1,250,000.75')).toBe(1250000.75);
    expect(parseTypedNumber('1 250')).toBe(1250);
    expect(parseTypedNumber('-3')).toBe(-3);
  });

  it('gives NaN for anything else', () => {
    for (const text of ['abc', '1.2.3', '12kg', '1e3', '--1', ',']) expect(parseTypedNumber(text)).toBeNaN();
  });
});

describe('changesOf', () => {
  it('keeps only the fields that changed', () => {
    const before = { name: 'Gloves', reorderLevel: 10, description: null as string | null };
    expect(changesOf(before, { ...before })).toEqual({});
    expect(changesOf(before, { name: 'Gloves', reorderLevel: 12, description: 'Nitrile' })).toEqual({
      reorderLevel: 12,
      description: 'Nitrile',
    });
  });
});
