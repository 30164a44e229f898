import { describe, expect, it } from 'vitest';
import { qrOf, qrShape } from './qr-code';

describe('qrShape', () => {
  it('draws each run of dark modules in a row as one rectangle, inside the quiet zone', () => {
    // 3 x 3: a full top row, a single centre module, nothing at the bottom.
    const dark = [
      [1, 1, 1],
      [0, 1, 0],
      [0, 0, 0],
    ];
    expect(qrShape(3, (r, c) => dark[r]?.[c] === 1, 2)).toEqual({ side: 7, path: 'M2 2h3v1h-3zM3 3h1v1h-1z' });
    expect(qrShape(2, () => false, 0)).toEqual({ side: 2, path: '' });
  });
});

describe('qrOf', () => {
  it('draws a code and a whole web address, the address on a larger symbol', () => {
    const code = qrOf('STV00000013');
    const url = qrOf('https://factory.example/stove-id/transfer-confirmations/8d1e4b8e-58a1-4f3b-9d55-0b7c6f0e2a11');
    // Version 1 is 21 modules a side, plus a quiet zone of two on each side.
    expect(code.side).toBe(25);
    expect(url.side).toBeGreaterThan(code.side);
    expect(url.path.startsWith('M2 2h7')).toBe(true);
  });
});
