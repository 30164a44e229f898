/** Stove ID codes (DOMAIN.md §4): Damm check digit, generated codes, normalizing, lists and ranges. */
import { describe, expect, it } from 'vitest';
import {
  checkDigitOk,
  codesInRange,
  dammCheckDigit,
  dammValid,
  looksGenerated,
  maxNumberFor,
  normalizeCode,
  splitCodeList,
  STOVE_CODE_PATTERN,
  STOVE_PREFIX_PATTERN,
  stoveCode,
} from './stove-codes';

describe('Damm check digit', () => {
  it('matches the published examples', () => {
    // Wikipedia "Damm algorithm": 572 → check digit 4.
    expect(dammCheckDigit('572')).toBe(4);
    expect(dammValid('5724')).toBe(true);
    expect(dammCheckDigit('0')).toBe(0);
    expect(dammCheckDigit('0000000')).toBe(0);
  });

  it('a number followed by its check digit always validates', () => {
    for (let n = 0; n < 5000; n++) {
      const digits = String(n * 7919).padStart(7, '0');
      expect(dammValid(`${digits}${dammCheckDigit(digits)}`)).toBe(true);
    }
  });

  it('catches every single-digit error and every adjacent transposition', () => {
    const digits = '0012345';
    const good = `${digits}${dammCheckDigit(digits)}`;
    for (let i = 0; i < good.length; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === good[i]) continue;
        expect(dammValid(`${good.slice(0, i)}${d}${good.slice(i + 1)}`)).toBe(false);
      }
    }
    for (let i = 0; i + 1 < good.length; i++) {
      if (good[i] === good[i + 1]) continue;
      const swapped = `${good.slice(0, i)}${good[i + 1]}${good[i]}${good.slice(i + 2)}`;
      expect(dammValid(swapped)).toBe(false);
    }
  });

  it('refuses what is not a digit string', () => {
    expect(() => dammCheckDigit('12a')).toThrow(/Not a digit string/);
    expect(dammValid('5')).toBe(false);
  });
});

describe('stoveCode', () => {
  it('is the prefix, the zero-padded number and the check digit (DOMAIN.md example shape)', () => {
    expect(stoveCode('STV', 1234, 7)).toBe(`STV0001234${dammCheckDigit('0001234')}`);
    expect(stoveCode('STV', 1234, 7)).toHaveLength(11);
    expect(stoveCode('A', 0, 3)).toBe('A0000');
  });

  it('gives well-formed, generated-looking codes whose check digit is right', () => {
    for (const n of [0, 1, 9, 10, 99, 12345, 9_999_999]) {
      const code = stoveCode('NBO-', n, 7);
      expect(STOVE_CODE_PATTERN.test(code)).toBe(true);
      expect(looksGenerated(code)).toBe(true);
      expect(checkDigitOk(code)).toBe(true);
    }
  });

  it('distinct numbers give distinct codes', () => {
    const codes = new Set(Array.from({ length: 10_000 }, (_, n) => stoveCode('STV', n, 5)));
    expect(codes.size).toBe(10_000);
  });
});

describe('checkDigitOk', () => {
  it('true for a right digit, false for a wrong one, null for codes of another shape', () => {
    const code = stoveCode('STV', 42, 7);
    const wrong = `${code.slice(0, -1)}${(Number(code.slice(-1)) + 1) % 10}`;
    expect(checkDigitOk(code)).toBe(true);
    expect(checkDigitOk(wrong)).toBe(false);
    expect(checkDigitOk('ABCD')).toBeNull();
    expect(checkDigitOk('1234')).toBeNull();
  });
});

describe('normalizing and patterns', () => {
  it('trims and upper-cases', () => {
    expect(normalizeCode('  stv0001234x \t')).toBe('STV0001234X');
  });

  it('codes are 4-32 characters of A-Z 0-9 -', () => {
    expect(STOVE_CODE_PATTERN.test('AB-1')).toBe(true);
    expect(STOVE_CODE_PATTERN.test('ABC')).toBe(false);
    expect(STOVE_CODE_PATTERN.test('A'.repeat(32))).toBe(true);
    expect(STOVE_CODE_PATTERN.test('A'.repeat(33))).toBe(false);
    expect(STOVE_CODE_PATTERN.test('ab-1')).toBe(false);
    expect(STOVE_CODE_PATTERN.test('AB_1')).toBe(false);
  });

  it('prefixes start with a letter', () => {
    expect(STOVE_PREFIX_PATTERN.test('STV')).toBe(true);
    expect(STOVE_PREFIX_PATTERN.test('1STV')).toBe(false);
    expect(STOVE_PREFIX_PATTERN.test('S'.repeat(13))).toBe(false);
  });

  it('maxNumberFor is the largest number of that many digits', () => {
    expect(maxNumberFor(3)).toBe(999);
    expect(maxNumberFor(7)).toBe(9_999_999);
  });
});

describe('splitCodeList', () => {
  it('splits on newlines, commas, semicolons, tabs and spaces, normalizing and dropping blanks', () => {
    expect(splitCodeList(' stv1\r\nSTV2,stv3;\tSTV4  STV5\n\n')).toEqual(['STV1', 'STV2', 'STV3', 'STV4', 'STV5']);
    expect(splitCodeList('  \n ')).toEqual([]);
  });
});

describe('codesInRange', () => {
  it('lists every code from one end to the other', () => {
    const result = codesInRange(stoveCode('STV', 8, 7), stoveCode('stv', 12, 7), 100);
    expect(result).toEqual({ codes: [8, 9, 10, 11, 12].map((n) => stoveCode('STV', n, 7)) });
  });

  it('refuses mismatched ends, reversed ranges, oversized ranges and non-generated codes', () => {
    expect(codesInRange(stoveCode('STV', 1, 7), stoveCode('ABC', 2, 7), 100)).toHaveProperty('error');
    expect(codesInRange(stoveCode('STV', 1, 7), stoveCode('STV', 2, 6), 100)).toHaveProperty('error');
    expect(codesInRange(stoveCode('STV', 5, 7), stoveCode('STV', 2, 7), 100)).toEqual({
      error: 'The range ends before it starts',
    });
    expect(codesInRange(stoveCode('STV', 1, 7), stoveCode('STV', 200, 7), 100)).toEqual({
      error: 'A range may hold at most 100 codes',
    });
    expect(codesInRange('ABCD', 'ABCE', 100)).toHaveProperty('error');
  });
});
