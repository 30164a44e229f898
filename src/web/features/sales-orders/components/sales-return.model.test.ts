import { describe, expect, it } from 'vitest';
import type { SalesOrderDetail } from '@common/contracts/sales-orders';
import { returnCredit, returnedBy, returnedProgress, returnSummary, scanCode } from './sales-return.model';

const line = (position: number, unitPrice: number, stovesPerPackage: number, returned = 0) =>
  ({ position, unitPrice, stovesPerPackage, returned }) as SalesOrderDetail['lines'][number];

describe('returnCredit', () => {
  const order = {
    lines: [line(1, 3500, 1), line(2, 5999.99, 2, 1)],
    returnable: [
      { code: 'A1', position: 1 },
      { code: 'A2', position: 1 },
      { code: 'P2', position: 2 },
    ],
  };

  it("credits each ID its line's price per stove, the last of a line what is left of its total", () => {
    expect(returnCredit(order, new Set(['A1']))).toBe(3500);
    expect(returnCredit(order, new Set(['A1', 'A2', 'P2']))).toBe(9999.99);
    expect(returnCredit(order, new Set())).toBe(0);
  });

  it('ignores codes that are not left to return', () => {
    expect(returnCredit(order, new Set(['ZZ']))).toBe(0);
  });
});

describe('scanCode', () => {
  const returnable = new Set(['ABC-1', 'ABC-2']);

  it('ticks an ID left to return, normalized; says when it is ticked already; flags any other code', () => {
    expect(scanCode(' abc-1 ', returnable, new Set())).toEqual({ kind: 'ticked', code: 'ABC-1' });
    expect(scanCode('ABC-1', returnable, new Set(['ABC-1']))).toEqual({ kind: 'already', code: 'ABC-1' });
    expect(scanCode('XYZ-9', returnable, new Set())).toEqual({ kind: 'unknown', code: 'XYZ-9' });
    expect(scanCode('  ', returnable, new Set())).toEqual({ kind: 'empty' });
  });
});

describe('words', () => {
  it('says what a return does, how much is returned, and which note returned each ID', () => {
    expect(returnSummary(2, 7000, 'KES', 'SO-000012')).toBe(
      'Return 2 stove IDs of SO-000012, crediting KES 7,000.00. They go back to validated and can be sold again.',
    );
    expect(returnedProgress([{ stoveCount: 2 }, { stoveCount: 1 }], 12)).toBe('Returned 3 of 12 stoves');
    expect(returnedBy([{ number: 4, codes: ['A', 'B'] }])).toEqual(
      new Map([
        ['A', 4],
        ['B', 4],
      ]),
    );
  });
});
