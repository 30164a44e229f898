import { describe, expect, it } from 'vitest';
import type { CkdCategory } from '@common/contracts/ckd';
import { categoryFormDefaults, ckdCategoryFormSchema, perKitUnit, steelChoices } from './ckd-category-form.model';

const S1 = '11111111-1111-4111-8111-111111111111';
const S2 = '22222222-2222-4222-8222-222222222222';

const category: CkdCategory = {
  id: 'c1',
  name: 'Jiko Poa Standard',
  code: 'JPS',
  stoveModel: 'Jiko Poa',
  description: null,
  active: true,
  steelUsage: [{ steelCategoryId: S2, steelCategoryName: 'Old rod', unit: 'kg', quantityPerKit: 0.5 }],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const values = (steelUsage: { steelCategoryId: string; quantityPerKit: string }[]) => ({
  name: ' Jiko ',
  code: 'jps-2',
  stoveModel: 'Jiko Poa',
  description: '',
  steelUsage,
});

describe('ckdCategoryFormSchema', () => {
  it('turns typed lines into the contract (numbers, upper-cased code, empty description as null)', () => {
    expect(ckdCategoryFormSchema.parse(values([{ steelCategoryId: S1, quantityPerKit: ' 2.75 ' }]))).toEqual({
      name: 'Jiko',
      code: 'JPS-2',
      stoveModel: 'Jiko Poa',
      description: null,
      steelUsage: [{ steelCategoryId: S1, quantityPerKit: 2.75 }],
    });
  });

  it('puts each problem on its line', () => {
    const result = ckdCategoryFormSchema.safeParse(
      values([
        { steelCategoryId: S1, quantityPerKit: '1' },
        { steelCategoryId: S1, quantityPerKit: '2' },
        { steelCategoryId: '', quantityPerKit: 'x' },
      ]),
    );
    const issues = result.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['steelUsage.2.steelCategoryId', 'Choose a steel category'],
        ['steelUsage.2.quantityPerKit', 'Enter a number'],
      ]),
    );
    const duplicates = ckdCategoryFormSchema.safeParse(
      values([
        { steelCategoryId: S1, quantityPerKit: '1' },
        { steelCategoryId: S1, quantityPerKit: '2' },
      ]),
    );
    expect(duplicates.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['steelUsage.1.steelCategoryId', 'This steel category is already on another line'],
    ]);
    const zero = ckdCategoryFormSchema.safeParse(values([{ steelCategoryId: S1, quantityPerKit: '0' }]));
    expect(zero.error?.issues[0]?.message).toBe('Quantity per kit must be more than 0');
  });
});

describe('form helpers', () => {
  it('starts from the category, its numbers as text', () => {
    expect(categoryFormDefaults(category).steelUsage).toEqual([{ steelCategoryId: S2, quantityPerKit: '0.5' }]);
    expect(categoryFormDefaults(null)).toEqual({ name: '', code: '', stoveModel: '', description: '', steelUsage: [] });
  });

  it('offers the active steel and keeps a deactivated one the category uses', () => {
    const choices = steelChoices([{ id: S1, name: 'Mild sheet', grade: '1.2 mm', unit: 'kg' }], category);
    expect(choices).toEqual([
      { value: S1, label: 'Mild sheet (1.2 mm)', unit: 'kg' },
      { value: S2, label: 'Old rod (deactivated)', unit: 'kg' },
    ]);
    expect(perKitUnit('sheet')).toBe('sheets per kit');
    expect(perKitUnit(undefined)).toBe('per kit');
  });
});
