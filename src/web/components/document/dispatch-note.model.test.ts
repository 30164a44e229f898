import { describe, expect, it } from 'vitest';
import { MAX_CODE_COLUMNS, absoluteUrl, codeColumnCount } from './dispatch-note.model';

describe('codeColumnCount', () => {
  it('puts 8 columns of ordinary stove IDs across the page', () => {
    expect(codeColumnCount(['STV00000013', 'STV00000014'])).toBe(MAX_CODE_COLUMNS);
  });

  it('takes fewer columns when the longest ID is long, never fewer than one', () => {
    expect(codeColumnCount(['AB-12', 'KE-NAIROBI-2026-000123'])).toBe(4);
    expect(codeColumnCount(['X'.repeat(200)])).toBe(1);
    expect(codeColumnCount([])).toBe(1);
  });
});

describe('absoluteUrl', () => {
  it('puts a screen path on the site it was printed from', () => {
    expect(absoluteUrl('/stove-id/transfer-confirmations/abc', 'https://stoves.example')).toBe(
      'https://stoves.example/stove-id/transfer-confirmations/abc',
    );
    expect(absoluteUrl('/ckd/transfer?q=KT-000012', 'http://localhost:3500')).toBe(
      'http://localhost:3500/ckd/transfer?q=KT-000012',
    );
  });
});
