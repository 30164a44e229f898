import { describe, expect, it } from 'vitest';
import { quantityLabel, steelRecordFormSchema } from './steel-record-form.model';

const base = {
  date: '2026-01-10',
  factoryId: '11111111-1111-4111-8111-111111111111',
  categoryId: '22222222-2222-4222-8222-222222222222',
  kind: 'received',
  quantity: '1250.5',
  supplier: 'Mabati Rolling Mills',
  unitCost: '142,75',
  reference: 'GRN-1',
  note: '',
};

const fieldErrors = (values: Record<string, string>) => {
  const result = steelRecordFormSchema.safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('steel record form', () => {
  it('turns typed text into the contract: numbers (a comma is a decimal point), empty text into nothing', () => {
    expect(steelRecordFormSchema.parse(base)).toEqual({
      ...base,
      quantity: 1250.5,
      unitCost: 142.75,
      note: null,
    });
  });

  it('sends no supplier or unit cost for anything but received steel', () => {
    expect(steelRecordFormSchema.parse({ ...base, kind: 'used', quantity: '20' })).toMatchObject({
      kind: 'used',
      supplier: null,
      unitCost: null,
    });
  });

  it('allows a negative adjustment only', () => {
    expect(steelRecordFormSchema.parse({ ...base, kind: 'adjustment', quantity: '-12.5' }).quantity).toBe(-12.5);
    expect(fieldErrors({ ...base, kind: 'scrap', quantity: '-1' })).toEqual({
      quantity: 'Quantity must be positive (only an adjustment may be negative)',
    });
  });

  it('names the field of each mistake', () => {
    expect(fieldErrors({ ...base, quantity: '' })).toEqual({ quantity: 'Enter the quantity' });
    expect(fieldErrors({ ...base, quantity: 'ten' })).toEqual({ quantity: 'Quantity must be a number' });
    expect(fieldErrors({ ...base, factoryId: '', kind: '' })).toEqual({
      factoryId: 'Choose a factory',
      kind: 'Choose received, used, scrap or adjustment',
    });
    expect(fieldErrors({ ...base, date: '2999-01-01' })).toEqual({ date: 'The date cannot be in the future' });
  });

  it('labels the quantity with the category’s unit', () => {
    expect(quantityLabel('kg')).toBe('Quantity (kg)');
    expect(quantityLabel('sheet')).toBe('Quantity (sheets)');
    expect(quantityLabel(undefined)).toBe('Quantity');
  });
});
