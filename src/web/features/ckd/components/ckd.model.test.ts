import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CkdStock, CkdTransfer } from '@common/contracts/ckd';
import {
  ckdTransferFormSchema,
  kitCount,
  kitDispatchNotePath,
  kitTransferDispatchNote,
  kitsInStock,
  nameWithCode,
  numberFromText,
  producedRecordFormSchema,
  steelNeeded,
  lineShortfalls,
  transferLinesText,
  transferShortfall,
  typedKits,
} from './ckd.model';

describe('numberFromText', () => {
  const schema = numberFromText(z.number().int('Whole kits only').min(1, 'At least 1'), 'Quantity is required');
  const message = (text: string) => schema.safeParse(text).error?.issues[0]?.message;

  it('reads a number and applies the rule', () => {
    expect(schema.parse(' 12 ')).toBe(12);
    expect(message('')).toBe('Quantity is required');
    expect(message('abc')).toBe('Enter a number');
    expect(message('2.5')).toBe('Whole kits only');
    expect(message('0')).toBe('At least 1');
  });
});

describe('typedKits', () => {
  it('is a whole number of at least one, else null', () => {
    expect(typedKits('40')).toBe(40);
    expect(typedKits(' 7 ')).toBe(7);
    expect(typedKits('')).toBeNull();
    expect(typedKits('0')).toBeNull();
    expect(typedKits('2.5')).toBeNull();
    expect(typedKits('-3')).toBeNull();
    expect(typedKits('1e3')).toBeNull();
  });
});

describe('steelNeeded', () => {
  it('is per kit × kits for each steel line, to the gram', () => {
    const usage = [
      { steelCategoryId: 's1', steelCategoryName: 'Mild sheet', unit: 'kg' as const, quantityPerKit: 2.75 },
      { steelCategoryId: 's2', steelCategoryName: 'Rod', unit: 'sheet' as const, quantityPerKit: 0.333 },
    ];
    expect(steelNeeded(usage, 7)).toEqual([
      { steelCategoryId: 's1', name: 'Mild sheet', unit: 'kg', perKit: 2.75, total: 19.25 },
      { steelCategoryId: 's2', name: 'Rod', unit: 'sheet', perKit: 0.333, total: 2.331 },
    ]);
    expect(steelNeeded([], 10)).toEqual([]);
  });
});

describe('kits in stock and shortfall', () => {
  const stock: CkdStock = {
    categories: [{ id: 'k1', name: 'Jiko', code: 'JPS', stoveModel: 'Jiko', active: true }],
    rows: [
      { factory: { id: 'f1', name: 'Nairobi', code: 'NBO', active: true }, quantities: { k1: 12 }, total: 12 },
      { factory: { id: 'f2', name: 'Mombasa', code: 'MSA', active: true }, quantities: {}, total: 0 },
    ],
    totals: { k1: 12 },
    total: 12,
  };

  it('reads a factory × category, 0 when empty, null when unknown', () => {
    expect(kitsInStock(stock, 'f1', 'k1')).toBe(12);
    expect(kitsInStock(stock, 'f2', 'k1')).toBe(0);
    expect(kitsInStock(stock, 'f3', 'k1')).toBeNull();
    expect(kitsInStock(undefined, 'f1', 'k1')).toBeNull();
  });

  it('says why a transfer cannot go', () => {
    expect(transferShortfall(12, 12)).toBeNull();
    expect(transferShortfall(12, 13)).toBe('Only 12 kits in stock at the sending factory.');
    expect(transferShortfall(1, 2)).toBe('Only 1 kit in stock at the sending factory.');
    expect(transferShortfall(0, 1)).toBe('The sending factory has no kits of this category.');
    expect(transferShortfall(null, 5)).toBeNull();
    expect(transferShortfall(5, null)).toBeNull();
  });

  it('formats counts and names', () => {
    expect(kitCount(1250)).toBe('1,250 kits');
    expect(nameWithCode({ name: 'Nairobi', code: 'NBO' })).toBe('Nairobi (NBO)');
  });
});

describe('form schemas', () => {
  const F1 = '11111111-1111-4111-8111-111111111111';
  const F2 = '22222222-2222-4222-8222-222222222222';
  const K = '33333333-3333-4333-8333-333333333333';

  it('reads the typed quantity of a produced record', () => {
    const parsed = producedRecordFormSchema.parse({
      date: '2026-01-05',
      factoryId: F1,
      categoryId: K,
      quantity: '40',
      note: '',
    });
    expect(parsed).toEqual({ date: '2026-01-05', factoryId: F1, categoryId: K, quantity: 40, note: null });
    const empty = producedRecordFormSchema.safeParse({
      date: '',
      factoryId: '',
      categoryId: '',
      quantity: '',
      note: '',
    });
    expect(empty.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual(
      expect.arrayContaining([
        ['date', 'Date is required'],
        ['factoryId', 'Choose the plant'],
        ['categoryId', 'Choose a CKD category'],
        ['quantity', 'Quantity is required'],
      ]),
    );
  });

  it('refuses a transfer to the sending factory, and a category on two lines', () => {
    const K2 = '5f0fbd7a-8d5b-4a7e-9a34-0c1c3f0b6a22';
    const same = ckdTransferFormSchema.safeParse({
      fromFactoryId: F1,
      toFactoryId: F1,
      lines: [
        { categoryId: K, quantity: '3' },
        { categoryId: K, quantity: '2' },
      ],
      date: '2026-01-05',
      note: '',
    });
    expect(same.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['toFactoryId', 'The receiving factory must differ from the sending one'],
      ['lines.1.categoryId', 'This category is already on another line: change that line’s quantity'],
    ]);
    const ok = ckdTransferFormSchema.parse({
      fromFactoryId: F1,
      toFactoryId: F2,
      lines: [
        { categoryId: K, quantity: '3' },
        { categoryId: K2, quantity: '12' },
      ],
      date: '2026-01-05',
      note: 'x',
    });
    expect(ok.lines).toEqual([
      { categoryId: K, quantity: 3 },
      { categoryId: K2, quantity: 12 },
    ]);
    const none = ckdTransferFormSchema.safeParse({ fromFactoryId: F1, toFactoryId: F2, lines: [], date: '2026-01-05' });
    expect(none.error?.issues.map((i) => i.message)).toContain('Add at least one kit category');
  });

  it('gives each line its shortfall at the sender, and the lines in brief', () => {
    const stock = {
      categories: [],
      rows: [{ factory: { id: F1, name: 'Plant', code: 'NBO' }, quantities: { [K]: 5 } }],
    } as unknown as CkdStock;
    expect(
      lineShortfalls(stock, F1, [
        { categoryId: K, quantity: '6' },
        { categoryId: K, quantity: '5' },
        { categoryId: '', quantity: '9' },
      ]),
    ).toEqual(['Only 5 kits in stock at the sending factory.', null, null]);
    expect(lineShortfalls(undefined, F1, [{ categoryId: K, quantity: '6' }])).toEqual([null]);
    expect(
      transferLinesText([
        { category: { name: 'Jiko Poa kit', code: 'JPS' }, quantity: 20 },
        { category: { name: 'Jiko Kuni kit', code: 'JKU' }, quantity: 1500 },
      ]),
    ).toBe('Jiko Poa kit (JPS) × 20, Jiko Kuni kit (JKU) × 1,500');
  });
});

describe('kitTransferDispatchNote', () => {
  const transfer: CkdTransfer = {
    id: 't1',
    number: 123,
    date: '2026-03-13',
    from: { id: 'f1', name: 'Nairobi Works', code: 'NBO' },
    to: { id: 'f2', name: 'Mombasa Assembly', code: 'MBA' },
    lines: [
      { category: { id: 'c1', name: 'Jiko Kit', code: 'JK' }, quantity: 40 },
      { category: { id: 'c2', name: 'Grill Kit', code: 'GK' }, quantity: 1 },
    ],
    quantity: 41,
    note: null,
    createdAt: '2026-03-13T08:00:00.000Z',
    createdBy: { id: 'u1', name: null, email: 'clerk@example.com' },
  };

  it('lists each kit category with its kits and a total, and its QR finds the transfer on CKD Transfer', () => {
    const note = kitTransferDispatchNote(transfer, 'https://stoves.example');
    expect(note).toMatchObject({
      kind: 'Kit transfer',
      number: 'KT-000123',
      receiveUrl: 'https://stoves.example/ckd/transfer?q=KT-000123',
      day: '2026-03-13',
      sentBy: 'clerk@example.com',
    });
    expect(note.codes).toBeUndefined();
    expect(note.lines).toEqual({
      heading: 'Kit category',
      rows: [
        { what: 'Jiko Kit (JK)', quantity: '40 kits' },
        { what: 'Grill Kit (GK)', quantity: '1 kit' },
        { what: 'Total', quantity: '41 kits' },
      ],
    });
    expect(kitDispatchNotePath(123)).toBe('/ckd/transfer/KT-000123/dispatch-note');
  });
});
