import { describe, expect, it } from 'vitest';
import type { SalesPriceGrid } from '@common/contracts/sales';
import { ApiRequestError } from '@web/lib/api-client';
import {
  cellKey,
  changedCells,
  checkPriceList,
  hasProblems,
  initialText,
  nextLabel,
  parsePrice,
  priceListRequest,
  serverPriceListProblems,
} from './price-grid.model';

const P1 = '11111111-1111-4111-8111-111111111111';
const P2 = '22222222-2222-4222-8222-222222222222';
const RET = '33333333-3333-4333-8333-333333333333';
const WHS = '44444444-4444-4444-8444-444444444444';

const grid: SalesPriceGrid = {
  date: '2026-03-10',
  packages: [
    { id: P1, name: 'Jiko Poa single', code: 'JPS-1', active: true, stovesPerPackage: 1 },
    { id: P2, name: 'Dealer pack', code: 'JPS-10', active: true, stovesPerPackage: 10 },
  ],
  categories: [
    { id: RET, name: 'Retail', code: 'RET', active: true },
    { id: WHS, name: 'Wholesale', code: 'WHS', active: true },
  ],
  cells: [
    {
      packageId: P1,
      categoryId: RET,
      inForce: { id: 'a', unitPrice: 3500, currency: 'KES', effectiveFrom: '2026-01-01' },
      next: { id: 'b', unitPrice: 3700, currency: 'KES', effectiveFrom: '2026-04-01' },
    },
  ],
};

describe('parsePrice', () => {
  it.each([
    ['4500', 4500],
    ['4500.50', 4500.5],
    [' 4,500.50 ', 4500.5],
    ['4 500', 4500],
    ['12,345,678', 12345678],
    ['-1', -1],
  ])('reads %j as %d', (text, value) => {
    expect(parsePrice(text)).toBe(value);
  });

  it.each(['', 'abc', '4.500,50', '45,00', '1e3', '4500 KES'])('does not read %j', (text) => {
    expect(parsePrice(text)).toBeNaN();
  });
});

describe('labels', () => {
  it('shows the next price with its date', () => {
    expect(nextLabel({ id: 'b', unitPrice: 3700, currency: 'KES', effectiveFrom: '2026-04-01' })).toBe(
      'from 1 Apr 2026: KES 3,700.00',
    );
  });
});

describe('changedCells', () => {
  it('keeps the cells whose text differs from the price shown, in grid order; emptied or untouched cells are not changes', () => {
    expect(initialText(undefined)).toBe('');
    const changes = changedCells(grid, {
      [cellKey(P2, WHS)]: ' 29500 ',
      [cellKey(P1, RET)]: '3500',
      [cellKey(P1, WHS)]: '3100',
      [cellKey(P2, RET)]: '   ',
    });
    expect(changes.map((c) => [c.package.code, c.category.code, c.text, c.current?.unitPrice ?? null])).toEqual([
      ['JPS-1', 'WHS', '3100', null],
      ['JPS-10', 'WHS', '29500', null],
    ]);
    expect(changedCells(grid, { [cellKey(P1, RET)]: '3550' })[0]?.current?.unitPrice).toBe(3500);
  });
});

describe('checking and sending a price list', () => {
  const changes = changedCells(grid, { [cellKey(P1, RET)]: '3550', [cellKey(P2, WHS)]: '29,500.005' });
  const fields = { effectiveFrom: '2026-03-10', currency: 'kes', note: '' };

  it('builds the request from the changed cells', () => {
    expect(priceListRequest(fields, changes)).toEqual({
      effectiveFrom: '2026-03-10',
      currency: 'kes',
      note: '',
      prices: [
        { packageId: P1, categoryId: RET, unitPrice: 3550 },
        { packageId: P2, categoryId: WHS, unitPrice: 29500.005 },
      ],
    });
  });

  it('puts the contract’s problems at their cells and fields', () => {
    const problems = checkPriceList(priceListRequest({ ...fields, effectiveFrom: '' }, changes), changes);
    expect(problems.cells).toEqual({ [cellKey(P2, WHS)]: 'A price takes at most 2 decimals' });
    expect(problems.fields.effectiveFrom).toBe('Use a date like 2026-01-31');
    expect(hasProblems(problems)).toBe(true);
    const fine = changedCells(grid, { [cellKey(P1, RET)]: '3550' });
    expect(hasProblems(checkPriceList(priceListRequest(fields, fine), fine))).toBe(false);
    expect(checkPriceList(priceListRequest(fields, []), []).other).toEqual(['Add at least one price']);
  });

  it('puts the server’s refusal at its cells, and a message without fields aside', () => {
    const refused = new ApiRequestError({
      status: 400,
      code: 'validation_error',
      message: 'Dealer pack is deactivated: reactivate it before setting its prices.',
      details: { fieldErrors: { 'prices.1.packageId': ['Dealer pack is deactivated.'], currency: ['Bad currency'] } },
    });
    expect(serverPriceListProblems(refused, changes)).toEqual({
      cells: { [cellKey(P2, WHS)]: 'Dealer pack is deactivated.' },
      fields: { currency: 'Bad currency' },
      other: [],
    });
    const conflict = new ApiRequestError({ status: 500, code: 'internal', message: 'Something broke' });
    expect(serverPriceListProblems(conflict, changes).other).toEqual(['Something broke']);
  });
});
