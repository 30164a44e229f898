import { describe, expect, it } from 'vitest';
import { stoveCode } from '@common/stove-codes';
import {
  addCodes,
  addNotice,
  countText,
  fileCodes,
  isWarning,
  moreText,
  pastedCodes,
  rangeCodes,
  removeCode,
  scannedCodes,
  visibleCodes,
} from './code-entry.model';

const A = stoveCode('STV', 1234, 7);
const B = stoveCode('STV', 1235, 7);
const C = stoveCode('STV', 1236, 7);

describe('adding codes', () => {
  it('normalizes, appends in order and ignores codes already in the list', () => {
    const result = addCodes([A], [` ${B.toLowerCase()} `, A, C, B]);
    expect(result.codes).toEqual([A, B, C]);
    expect(result.added).toEqual([B, C]);
    expect(result.duplicates).toEqual([A, B]);
    expect(result.refused).toEqual([]);
  });

  it('skips blanks and refuses what exceeds the limit or is too long to be a code', () => {
    const result = addCodes([A], ['', B, 'X'.repeat(101), C], { max: 2 });
    expect(result.codes).toEqual([A, B]);
    expect(result.refused).toEqual(['X'.repeat(101), C]);
  });

  it('does not change the list it was given', () => {
    const current = [A];
    addCodes(current, [B]);
    expect(current).toEqual([A]);
  });

  it('keeps codes of any shape so the server can give their verdict', () => {
    expect(addCodes([], ['not-a-code!']).added).toEqual(['NOT-A-CODE!']);
  });

  it('stays fast with thousands of codes', () => {
    const many = Array.from({ length: 20_000 }, (_, i) => stoveCode('STV', i, 7));
    const started = performance.now();
    const result = addCodes(many.slice(0, 10_000), many);
    expect(result.added).toHaveLength(10_000);
    expect(result.duplicates).toHaveLength(10_000);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('notices', () => {
  it('names one duplicate the way the scan field shows it', () => {
    expect(addNotice(addCodes([A], [A]))).toBe(`${A} is already in the list`);
  });

  it('confirms one scan', () => {
    expect(addNotice(addCodes([], [A]))).toBe(`Added ${A}.`);
  });

  it('summarises a paste with duplicates', () => {
    expect(addNotice(addCodes([A], [A, B, C]))).toBe(`Added 2 stove IDs. ${A} is already in the list.`);
    expect(addNotice(addCodes([A, B], [A, B, C]))).toBe('Added 1 stove ID. 2 already in the list were ignored.');
    expect(addNotice(addCodes([A, B], [A, B]))).toBe('Nothing added. 2 already in the list were ignored.');
  });

  it('explains refused codes', () => {
    expect(addNotice(addCodes([A], [B], { max: 1 }), 1)).toBe('Nothing added. The list holds at most 1 stove IDs.');
    expect(addNotice(addCodes([], ['X'.repeat(101)]))).toBe('Nothing added. 1 entry is too long to be a stove ID.');
  });

  it('is empty when nothing was given, and a warning when something was ignored', () => {
    expect(addNotice(addCodes([], []))).toBe('');
    expect(isWarning(addCodes([A], [A]))).toBe(true);
    expect(isWarning(addCodes([], [A]))).toBe(false);
  });
});

describe('sources', () => {
  it('splits a scan and a paste on whitespace, commas and semicolons', () => {
    expect(scannedCodes(` ${A.toLowerCase()}\n`)).toEqual([A]);
    expect(pastedCodes(`${A}\n${B}, ${C};\t${A}`)).toEqual([A, B, C, A]);
  });

  it('expands a range with check digits, or explains why not', () => {
    expect(rangeCodes(A, C)).toEqual({ codes: [A, B, C] });
    expect(rangeCodes('', C)).toEqual({ error: 'Enter the first and the last code of the range' });
    expect(rangeCodes(C, A)).toEqual({ error: 'The range ends before it starts' });
    expect(rangeCodes(A, C, 2)).toHaveProperty('error');
  });

  it('reads the first column of a CSV and skips a header line that is not a code', () => {
    expect(fileCodes(`\uFEFFcode,status\r\n${A},in_stock\r\n"${B}",coupled\r\n\r\n${C}\r\n`)).toEqual([A, B, C]);
    expect(fileCodes(`Stove ID;Factory\n${A};NBO`)).toEqual([A]);
    expect(fileCodes(`${A}\n${B}\n`)).toEqual([A, B]);
    expect(fileCodes(`\n\n${A.toLowerCase()}\t1\n`)).toEqual([A]);
    expect(fileCodes('')).toEqual([]);
  });

  it('keeps a later line that is not a code (the server reports it)', () => {
    expect(fileCodes(`${A}\nbad code\n`)).toEqual([A, 'BAD CODE']);
  });
});

describe('the list', () => {
  it('removes one code', () => {
    expect(removeCode([A, B, C], B)).toEqual([A, C]);
  });

  it('renders the newest first, capped, with the rest counted', () => {
    const many = Array.from({ length: 5_000 }, (_, i) => stoveCode('STV', i, 7));
    const view = visibleCodes(many);
    expect(view.shown).toHaveLength(200);
    expect(view.shown[0]).toBe(many[4_999]);
    expect(view.hidden).toBe(4_800);
    expect(moreText(view.hidden)).toBe('and 4,800 more');
  });

  it('narrows by a search text', () => {
    expect(visibleCodes([A, B, C], stoveCode('STV', 1235, 7).slice(-4).toLowerCase())).toEqual({
      shown: [B],
      matching: 1,
      hidden: 0,
    });
    expect(visibleCodes([A, B], 'nothing')).toEqual({ shown: [], matching: 0, hidden: 0 });
  });

  it('counts', () => {
    expect(countText(1)).toBe('1 stove ID');
    expect(countText(5_000)).toBe('5,000 stove IDs');
  });
});
