import { describe, expect, it } from 'vitest';
import type { InventoryItem, InventoryOptions } from '@common/contracts/inventory';
import {
  categoryFormSchema,
  DECIMALS_OPTIONS,
  decimalsLabel,
  itemChoices,
  itemFormSchema,
  itemRequestOf,
  unitFormSchema,
} from './master-data-form.model';
import { issuesByField } from './schema-issues.test-support';

const CATEGORY = '11111111-1111-4111-8111-111111111111';
const UNIT = '22222222-2222-4222-8222-222222222222';

const item: InventoryItem = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Gloves',
  description: null,
  category: { id: CATEGORY, name: 'Safety' },
  unit: { id: UNIT, name: 'Pairs', symbol: 'pr', decimals: 0 },
  reorderLevel: 20,
  active: true,
  totalStock: 5,
  lowStock: true,
  hasMovements: true,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

describe('category form', () => {
  it('trims the name and turns an empty description into null', () => {
    expect(categoryFormSchema.parse({ name: ' Packaging ', description: '' })).toEqual({
      name: 'Packaging',
      description: null,
    });
    expect(issuesByField(categoryFormSchema, { name: ' ', description: '' })).toEqual({ name: 'Name is required' });
  });
});

describe('unit form', () => {
  it('reads the decimals chosen', () => {
    expect(unitFormSchema.parse({ name: 'Litres', symbol: 'l', decimals: '2' })).toEqual({
      name: 'Litres',
      symbol: 'l',
      decimals: 2,
    });
    expect(issuesByField(unitFormSchema, { name: '', symbol: '', decimals: '4' })).toEqual({
      name: 'Name is required',
      symbol: 'Symbol is required',
      decimals: 'Decimals are at most 3',
    });
  });

  it('says what the decimals mean', () => {
    expect(decimalsLabel(0)).toBe('Whole numbers only');
    expect(decimalsLabel(1)).toBe('Up to 1 decimal');
    expect(DECIMALS_OPTIONS.map((o) => o.value)).toEqual(['0', '1', '2', '3']);
  });
});

describe('item form', () => {
  const base = { name: 'Gloves', categoryId: CATEGORY, unitId: UNIT, reorderLevel: '', description: '' };

  it('makes an empty reorder level 0 and reads a typed one', () => {
    expect(itemFormSchema.parse(base)).toEqual({ ...base, reorderLevel: 0, description: null });
    expect(itemFormSchema.parse({ ...base, reorderLevel: '1,500' }).reorderLevel).toBe(1500);
  });

  it('names the field of each mistake', () => {
    expect(
      issuesByField(itemFormSchema, { ...base, name: '', categoryId: '', unitId: '', reorderLevel: 'ten' }),
    ).toEqual({
      name: 'Name is required',
      categoryId: 'Choose a category',
      unitId: 'Choose a unit',
      reorderLevel: 'Reorder level must be a number',
    });
    expect(issuesByField(itemFormSchema, { ...base, reorderLevel: '-1' })).toEqual({
      reorderLevel: 'Reorder level cannot be negative',
    });
  });

  it('compares an edit with the item as a request', () => {
    expect(itemRequestOf(item)).toEqual({
      name: 'Gloves',
      categoryId: CATEGORY,
      unitId: UNIT,
      reorderLevel: 20,
      description: null,
    });
  });

  it('offers the active categories and units, and the item’s own when deactivated', () => {
    const options: InventoryOptions = {
      categories: [{ id: 'c2', name: 'Packaging' }],
      units: [{ id: 'u2', name: 'Pieces', symbol: 'pcs', decimals: 0 }],
      items: [],
    };
    expect(itemChoices(options, null)).toEqual({
      categories: [{ value: 'c2', label: 'Packaging' }],
      units: [{ value: 'u2', label: 'Pieces (pcs)' }],
    });
    expect(itemChoices(options, item)).toEqual({
      categories: [
        { value: 'c2', label: 'Packaging' },
        { value: CATEGORY, label: 'Safety (inactive)' },
      ],
      units: [
        { value: 'u2', label: 'Pieces (pcs)' },
        { value: UNIT, label: 'Pairs (pr, inactive)' },
      ],
    });
  });
});
