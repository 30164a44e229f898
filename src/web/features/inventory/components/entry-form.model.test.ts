import { describe, expect, it } from 'vitest';
import type { InventoryEntry } from '@common/contracts/inventory';
import {
  describeEntryDraft,
  entryDraftIsEmpty,
  entrySavedMessage,
  entrySides,
  inputFormDefaults,
  inputFormFields,
  inputFormSchema,
  itemChoiceGroups,
  lineStockHint,
  problemsByLine,
  removalFormSchema,
  transferFormSchema,
} from './entry-form.model';
import { issuesByField } from './schema-issues.test-support';

const NBO = '11111111-1111-4111-8111-111111111111';
const MSA = '22222222-2222-4222-8222-222222222222';
const PAINT = '33333333-3333-4333-8333-333333333333';
const THINNER = '44444444-4444-4444-8444-444444444444';

describe('input form', () => {
  const base = { ...inputFormDefaults(NBO, '2026-01-10'), supplier: ' Crown Paints ' };

  it('starts with one empty line on the day given', () => {
    expect(inputFormDefaults(NBO, '2026-01-10')).toEqual({
      date: '2026-01-10',
      factoryId: NBO,
      supplier: '',
      reference: '',
      note: '',
      lines: [{ itemId: '', quantity: '', unitCost: '' }],
    });
  });

  it('turns typed lines into the request: numbers read, empty cost null, empty text null', () => {
    expect(
      inputFormSchema.parse({
        ...base,
        lines: [
          { itemId: PAINT, quantity: '20', unitCost: '1,250.50' },
          { itemId: THINNER, quantity: '2,5', unitCost: '' },
        ],
      }),
    ).toEqual({
      date: '2026-01-10',
      factoryId: NBO,
      supplier: 'Crown Paints',
      reference: null,
      note: null,
      lines: [
        { itemId: PAINT, quantity: 20, unitCost: 1250.5 },
        { itemId: THINNER, quantity: 2.5, unitCost: null },
      ],
    });
  });

  it('names the line and field of each mistake, all at once', () => {
    expect(
      issuesByField(inputFormSchema, {
        ...base,
        factoryId: '',
        lines: [
          { itemId: PAINT, quantity: 'lots', unitCost: '-1' },
          { itemId: '', quantity: '', unitCost: '' },
          { itemId: PAINT, quantity: '0', unitCost: '' },
        ],
      }),
    ).toEqual({
      factoryId: 'Choose the factory receiving the stock',
      'lines.0.quantity': 'Quantity must be a number',
      'lines.0.unitCost': 'Unit cost cannot be negative',
      'lines.1.itemId': 'Choose an item',
      'lines.1.quantity': 'Quantity is required',
      'lines.2.quantity': 'Quantity must be more than 0',
    });
  });

  it('refuses an item twice and an entry without lines', () => {
    expect(
      issuesByField(inputFormSchema, {
        ...base,
        lines: [
          { itemId: PAINT, quantity: '1', unitCost: '' },
          { itemId: PAINT, quantity: '2', unitCost: '' },
        ],
      }),
    ).toEqual({ 'lines.1.itemId': 'This item is already on another line' });
    expect(issuesByField(inputFormSchema, { ...base, lines: [] })).toEqual({ lines: 'Add at least one line' });
  });
});

describe('removal form', () => {
  const base = { date: '2026-01-10', factoryId: NBO, reference: '', note: '' };

  it('needs a reason per line, and a note when one is "other"', () => {
    expect(
      issuesByField(removalFormSchema, { ...base, lines: [{ itemId: PAINT, quantity: '1', reason: '' }] }),
    ).toEqual({
      'lines.0.reason': 'Choose a reason: used, damaged, lost, expired or other',
    });
    expect(
      issuesByField(removalFormSchema, { ...base, lines: [{ itemId: PAINT, quantity: '1', reason: 'other' }] }),
    ).toEqual({
      note: 'Say in the note why stock was removed for "other"',
    });
    expect(
      removalFormSchema.parse({ ...base, note: 'Spilt', lines: [{ itemId: PAINT, quantity: '1', reason: 'other' }] }),
    ).toMatchObject({ note: 'Spilt', lines: [{ itemId: PAINT, quantity: 1, reason: 'other' }] });
  });
});

describe('transfer form', () => {
  const base = { date: '2026-01-10', reference: '', note: '', lines: [{ itemId: PAINT, quantity: '3' }] };

  it('needs two different factories', () => {
    expect(issuesByField(transferFormSchema, { ...base, fromFactoryId: NBO, toFactoryId: '' })).toEqual({
      toFactoryId: 'Choose the receiving factory',
    });
    expect(issuesByField(transferFormSchema, { ...base, fromFactoryId: NBO, toFactoryId: NBO })).toEqual({
      toFactoryId: 'The receiving factory must differ from the sending one',
    });
    expect(transferFormSchema.parse({ ...base, fromFactoryId: NBO, toFactoryId: MSA }).lines).toEqual([
      { itemId: PAINT, quantity: 3 },
    ]);
  });
});

describe('line hints', () => {
  const litres = { name: 'Litres', symbol: 'l', decimals: 1 };

  it('shows the stock at the factory, and a shortage for a removal or transfer only', () => {
    expect(lineStockHint({ kind: 'input', unit: litres, factoryCode: 'NBO', inStock: 12, quantityText: '40' })).toEqual(
      { text: 'In stock at NBO: 12 l.', short: false },
    );
    expect(
      lineStockHint({ kind: 'removal', unit: litres, factoryCode: 'NBO', inStock: 12, quantityText: '12' }),
    ).toEqual({ text: 'In stock at NBO: 12 l.', short: false });
    expect(
      lineStockHint({ kind: 'transfer', unit: litres, factoryCode: 'NBO', inStock: 12.5, quantityText: '13' }),
    ).toEqual({ text: 'Only 12.5 l in stock at NBO.', short: true });
    expect(lineStockHint({ kind: 'removal', unit: litres, factoryCode: 'KSM', inStock: 0, quantityText: '1' })).toEqual(
      { text: 'None in stock at KSM.', short: true },
    );
  });

  it('says when the unit cannot take the quantity typed', () => {
    expect(
      lineStockHint({ kind: 'input', unit: litres, factoryCode: 'NBO', inStock: 0, quantityText: '1.25' }),
    ).toEqual({ text: 'In stock at NBO: 0 l. Litres take at most 1 decimal.', short: false });
    expect(
      lineStockHint({
        kind: 'input',
        unit: { name: 'Pieces', symbol: 'pcs', decimals: 0 },
        factoryCode: 'NBO',
        inStock: null,
        quantityText: '1.5',
      }),
    ).toEqual({ text: 'Pieces take whole numbers.', short: false });
    expect(lineStockHint({ kind: 'input', unit: litres, factoryCode: 'NBO', inStock: null, quantityText: '' })).toBe(
      null,
    );
  });

  it('groups the items by category, each with its unit', () => {
    const unit = { id: 'u', name: 'Litres', symbol: 'l', decimals: 1 };
    expect(
      itemChoiceGroups([
        { id: PAINT, name: 'Paint', category: { id: 'c2', name: 'Paints' }, unit },
        { id: 'g', name: 'Gloves', category: { id: 'c1', name: 'Safety' }, unit: { ...unit, symbol: 'pr' } },
        { id: THINNER, name: 'Thinner', category: { id: 'c2', name: 'Paints' }, unit },
      ]),
    ).toEqual([
      {
        category: 'Paints',
        items: [
          { value: PAINT, label: 'Paint (l)' },
          { value: THINNER, label: 'Thinner (l)' },
        ],
      },
      { category: 'Safety', items: [{ value: 'g', label: 'Gloves (pr)' }] },
    ]);
  });
});

describe('refused lines', () => {
  const items = [
    { id: PAINT, name: 'Paint' },
    { id: THINNER, name: 'Paint thinner' },
  ];
  const lines = [{ itemId: PAINT }, { itemId: '' }, { itemId: THINNER }];

  it('puts each problem on the line of its item, the longest name first', () => {
    const byLine = problemsByLine(
      [
        { code: 'Paint thinner at NBO', reason: 'Not enough: 1 l in stock, 3 l needed.' },
        { code: 'Paint at NBO', reason: 'Not enough: 0 l in stock, 2 l needed.' },
        { code: 'Something else', reason: 'Unrelated.' },
      ],
      lines,
      items,
    );
    expect([...byLine.entries()]).toEqual([
      [2, 'Not enough: 1 l in stock, 3 l needed.'],
      [0, 'Not enough: 0 l in stock, 2 l needed.'],
    ]);
    expect([...problemsByLine([{ code: PAINT, reason: 'Short.' }], lines, items).entries()]).toEqual([[0, 'Short.']]);
  });
});

describe('saved entries', () => {
  const entry: InventoryEntry = {
    id: 'e',
    number: 12,
    kind: 'transfer',
    date: '2026-01-10',
    factory: { id: NBO, name: 'Nairobi Central Plant', code: 'NBO' },
    toFactory: { id: MSA, name: 'Mombasa Assembly', code: 'MSA' },
    supplier: null,
    reference: null,
    note: null,
    lineCount: 2,
    summary: 'Paint (20 l), Gloves (5 pr)',
    createdAt: '2026-01-10T08:00:00Z',
    createdBy: null,
    lines: [],
  };

  it('says what was saved, with its number', () => {
    expect(entrySavedMessage(entry)).toBe('IT-000012: 2 lines moved from NBO to MSA');
    expect(entrySavedMessage({ ...entry, kind: 'input', toFactory: null, lineCount: 1 })).toBe(
      'IN-000012: 1 line received at NBO',
    );
    expect(entrySavedMessage({ ...entry, kind: 'removal', toFactory: null })).toBe('RM-000012: 2 lines removed at NBO');
    expect(entrySides(entry)).toBe('NBO → MSA');
    expect(entrySides({ ...entry, toFactory: null })).toBe('NBO');
  });
});

describe('entry drafts', () => {
  it('keeps nothing for a fresh form, even with the factory and day chosen', () => {
    expect(entryDraftIsEmpty(inputFormDefaults(NBO, '2026-11-27'))).toBe(true);
  });

  it.each([
    ['an item', { lines: [{ itemId: PAINT, quantity: '', unitCost: '' }] }],
    ['a quantity', { lines: [{ itemId: '', quantity: '3', unitCost: '' }] }],
    ['a supplier', { supplier: 'Paints Ltd' }],
    ['a reference', { reference: 'DN-1' }],
    ['a note', { note: 'left at the gate' }],
  ])('keeps a form with %s typed', (_what, typed) => {
    expect(entryDraftIsEmpty({ ...inputFormDefaults(NBO), ...typed })).toBe(false);
  });

  it('says how many lines were started', () => {
    const values = {
      ...inputFormDefaults(NBO),
      lines: [
        { itemId: PAINT, quantity: '3', unitCost: '' },
        { itemId: '', quantity: '2', unitCost: '' },
        { itemId: '', quantity: '', unitCost: '' },
      ],
    };
    expect(describeEntryDraft('a stock input', values)).toBe('a stock input with 2 lines');
    expect(describeEntryDraft('a stock input', { ...inputFormDefaults(NBO), note: 'x' })).toBe('a stock input');
  });

  it('checks a stored draft against the form as typed (the fields, without the request they become)', () => {
    expect(inputFormFields.safeParse(inputFormDefaults(NBO)).success).toBe(true);
    expect(
      inputFormFields.safeParse({ ...inputFormDefaults(NBO), lines: [{ itemId: PAINT, quantity: 3 }] }).success,
    ).toBe(false);
  });
});
