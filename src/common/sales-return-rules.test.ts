import { describe, expect, it } from 'vitest';
import { linesOfIds, stoveCredits } from './sales-return-rules';

describe('linesOfIds', () => {
  const lines = [
    { position: 1, modelId: 'poa', stoves: 2 },
    { position: 2, modelId: 'poa-l', stoves: 1 },
    { position: 3, modelId: 'poa', stoves: 2 },
  ];

  it('gives each ID a line of its model, lines in order, each taking at most its stoves', () => {
    const ids = [
      { id: 1, modelId: 'poa' },
      { id: 2, modelId: 'poa-l' },
      { id: 3, modelId: 'poa' },
      { id: 4, modelId: 'poa' },
      { id: 5, modelId: 'poa' },
    ];
    expect([...linesOfIds(ids, lines)]).toEqual([
      [1, 1],
      [2, 2],
      [3, 1],
      [4, 3],
      [5, 3],
    ]);
  });

  it('IDs without a model fill the lines with room after the others, in order', () => {
    const ids = [
      { id: 1, modelId: null },
      { id: 2, modelId: 'poa-l' },
      { id: 3, modelId: null },
      { id: 4, modelId: 'poa' },
    ];
    expect(linesOfIds(ids, lines)).toEqual(
      new Map([
        [2, 2],
        [4, 1],
        [1, 1],
        [3, 3],
      ]),
    );
  });

  it('leaves out an ID no line has room for', () => {
    expect(
      linesOfIds(
        [
          { id: 1, modelId: 'poa-l' },
          { id: 2, modelId: 'poa-l' },
        ],
        [lines[1]!],
      ).has(2),
    ).toBe(false);
  });
});

describe('stoveCredits', () => {
  it('credits the price per stove', () => {
    expect(stoveCredits(350_000, 1, 0, 2)).toEqual([350_000, 350_000]);
    expect(stoveCredits(600_000, 2, 0, 1)).toEqual([300_000]);
  });

  it('splits an odd cent so that every stove of a line adds up to its price exactly, however the returns split it', () => {
    // 5,999.99 for 2 stoves: 3,000.00 then 2,999.99.
    expect(stoveCredits(599_999, 2, 0, 1)).toEqual([300_000]);
    expect(stoveCredits(599_999, 2, 1, 1)).toEqual([299_999]);
    // 100.00 for 3: 33.33, 33.34, 33.33.
    const one = stoveCredits(10_000, 3, 0, 1);
    const rest = stoveCredits(10_000, 3, 1, 2);
    expect([...one, ...rest]).toEqual([3_333, 3_334, 3_333]);
    expect([...one, ...rest].reduce((a, b) => a + b)).toBe(10_000);
    expect(stoveCredits(10_000, 3, 0, 3).reduce((a, b) => a + b)).toBe(10_000);
  });
});
