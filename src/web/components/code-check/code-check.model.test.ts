import { describe, expect, it } from 'vitest';
import {
  cannotText,
  checkState,
  checkedByCode,
  checkingText,
  countChecked,
  refusedItems,
  removeRefusedText,
  withoutCodes,
} from './code-check.model';

const items = [
  { code: 'A0001', verdict: 'ok', reason: null },
  { code: 'A0002', verdict: 'sold', reason: 'Sold' },
  { code: 'A0003', verdict: 'ok', reason: null },
  { code: 'A0004', verdict: 'unknown', reason: null },
];
const byCode = checkedByCode(items);
const passes = (item: (typeof items)[number]) => item.verdict === 'ok';

describe('a checked list', () => {
  it('finds each verdict by code, none before the first check', () => {
    expect(byCode.get('A0002')?.reason).toBe('Sold');
    expect(byCode.get('A0009')).toBeUndefined();
    expect(checkedByCode(undefined).size).toBe(0);
  });

  it('counts the codes of the list with a verdict, passing or not; codes not checked yet are not counted', () => {
    expect(countChecked(['A0001', 'A0002', 'A0009', 'A0004'], byCode, passes)).toEqual({
      checked: 3,
      passed: 1,
      refused: 2,
    });
    expect(countChecked([], byCode, passes)).toEqual({ checked: 0, passed: 0, refused: 0 });
  });

  it("lists the refused codes in the list's order, and takes them out of the list", () => {
    const list = ['A0004', 'A0001', 'A0009', 'A0002'];
    const refused = refusedItems(list, byCode, passes);
    expect(refused.map((item) => item.code)).toEqual(['A0004', 'A0002']);
    expect(withoutCodes(list, refused)).toEqual(['A0001', 'A0009']);
    expect(withoutCodes(list, [])).toEqual(list);
  });

  it('tells where the check stands: waiting for a newer list, fetching, a placeholder, or failed', () => {
    const settled = { isError: false, isFetching: false, isPlaceholderData: false };
    expect(checkState(settled, false)).toEqual({ checking: false, checkFailed: false });
    expect(checkState(settled, true).checking).toBe(true);
    expect(checkState({ ...settled, isFetching: true }, false).checking).toBe(true);
    expect(checkState({ ...settled, isPlaceholderData: true }, false).checking).toBe(true);
    expect(checkState({ ...settled, isError: true }, false)).toEqual({ checking: false, checkFailed: true });
    // Trying again: no longer shown as failed while it runs.
    expect(checkState({ ...settled, isError: true, isFetching: true }, false)).toEqual({
      checking: true,
      checkFailed: false,
    });
  });
});

describe('words', () => {
  it('names what cannot go ahead and how to remove it', () => {
    expect(cannotText('reported')).toBe('Cannot be reported');
    expect(removeRefusedText(1, 'sent')).toBe('Remove the 1 stove ID that cannot be sent');
    expect(removeRefusedText(1200, 'sold')).toBe('Remove the 1,200 stove IDs that cannot be sold');
  });

  it('counts the codes still being checked', () => {
    expect(checkingText(5, 2)).toBe('Checking 3 stove IDs...');
    expect(checkingText(2, 1)).toBe('Checking 1 stove ID...');
    expect(checkingText(2, 2)).toBeNull();
  });
});
