import { describe, expect, it } from 'vitest';
import { appPathOf, clampHighlight, hitsSummary, moveHighlight } from './search-dialog.model';

describe('moveHighlight', () => {
  it('moves down and up, wrapping round at both ends', () => {
    expect(moveHighlight(0, 3, 'ArrowDown')).toBe(1);
    expect(moveHighlight(2, 3, 'ArrowDown')).toBe(0);
    expect(moveHighlight(1, 3, 'ArrowUp')).toBe(0);
    expect(moveHighlight(0, 3, 'ArrowUp')).toBe(2);
  });

  it('goes to the first and the last hit with Home and End', () => {
    expect(moveHighlight(1, 4, 'Home')).toBe(0);
    expect(moveHighlight(1, 4, 'End')).toBe(3);
  });

  it('leaves other keys, and an empty list, to the input', () => {
    expect(moveHighlight(0, 3, 'a')).toBeNull();
    expect(moveHighlight(0, 3, 'Enter')).toBeNull();
    expect(moveHighlight(0, 0, 'ArrowDown')).toBeNull();
    expect(moveHighlight(0, 0, 'Home')).toBeNull();
  });

  it('starts from within the list when the index is past its end', () => {
    expect(moveHighlight(7, 3, 'ArrowDown')).toBe(0);
    expect(moveHighlight(7, 3, 'ArrowUp')).toBe(1);
  });
});

describe('clampHighlight', () => {
  it('keeps an index inside the list, else goes back to the top', () => {
    expect(clampHighlight(2, 5)).toBe(2);
    expect(clampHighlight(5, 5)).toBe(0);
    expect(clampHighlight(0, 0)).toBe(0);
  });
});

describe('hitsSummary', () => {
  it('says what was found in words', () => {
    expect(hitsSummary('TR-000012', 0)).toBe('No matches for “TR-000012”');
    expect(hitsSummary('TR-000012', 1)).toBe('1 match: arrow keys choose, Enter opens');
    expect(hitsSummary('acme', 4)).toBe('4 matches: arrow keys choose, Enter opens');
  });
});

describe('appPathOf', () => {
  const origin = 'https://stoves.example';

  it("opens the page of a link to this app, as a dispatch note's QR code holds it", () => {
    expect(appPathOf('https://stoves.example/stove-id/transfer-confirmations/b3c1/receive', origin)).toBe(
      '/stove-id/transfer-confirmations/b3c1/receive',
    );
    expect(appPathOf('https://stoves.example/ckd/transfer?q=KT-000012', origin)).toBe('/ckd/transfer?q=KT-000012');
  });

  it('is not a link for a code, a number or a name, nor for another site', () => {
    for (const text of [
      'STV00012347',
      'TR-000012',
      'Acme',
      'https://evil.example/stove-id',
      'http://stoves.example/x',
    ]) {
      expect(appPathOf(text, origin), text).toBeNull();
    }
  });
});
