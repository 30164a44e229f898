import { describe, expect, it } from 'vitest';
import { modelNeeds, wrongModels } from './stove-models';

const poa = { id: 'poa', name: 'Jiko Poa' };
const large = { id: 'large', name: 'Jiko Poa L' };
const kuni = { id: 'kuni', name: 'Jiko Kuni' };

describe('modelNeeds', () => {
  it('adds up the stoves of the lines of one model', () => {
    expect(
      modelNeeds([
        { model: poa, stoves: 2 },
        { model: large, stoves: 1 },
        { model: poa, stoves: 3 },
      ]),
    ).toEqual([
      { ...poa, stoves: 5 },
      { ...large, stoves: 1 },
    ]);
  });
});

describe('wrongModels', () => {
  const modelOf = new Map([
    ['A1', poa],
    ['A2', poa],
    ['B1', large],
    ['C1', kuni],
  ]);

  it('refuses a model on no line, naming what the order needs', () => {
    expect(wrongModels(['A1', 'C1'], modelOf, [{ ...poa, stoves: 2 }])).toEqual(
      new Map([['C1', 'Wrong model: Jiko Kuni; this order needs Jiko Poa']]),
    );
    expect(
      wrongModels(['C1'], modelOf, [
        { ...poa, stoves: 1 },
        { ...large, stoves: 1 },
      ]).get('C1'),
    ).toBe('Wrong model: Jiko Kuni; this order needs Jiko Poa or Jiko Poa L');
  });

  it('refuses the IDs of a model past the stoves its lines hold, in list order', () => {
    expect(
      wrongModels(['A2', 'A1', 'B1'], modelOf, [
        { ...poa, stoves: 1 },
        { ...large, stoves: 1 },
      ]),
    ).toEqual(new Map([['A1', 'One Jiko Poa too many: this order needs 1 stove of that model']]));
  });

  it('never refuses an ID without a recorded model, and judges nothing without lines', () => {
    expect(wrongModels(['OLD1', 'OLD2'], modelOf, [{ ...poa, stoves: 1 }]).size).toBe(0);
    expect(wrongModels(['C1'], modelOf, []).size).toBe(0);
  });
});
