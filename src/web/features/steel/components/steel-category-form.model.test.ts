import { describe, expect, it } from 'vitest';
import { steelCategoryFormSchema } from './steel-category-form.model';

const errors = (values: Record<string, string>) => {
  const result = steelCategoryFormSchema.safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('steel category form', () => {
  it('turns the fields into the contract: an empty reorder level is 0, a comma a decimal point', () => {
    expect(steelCategoryFormSchema.parse({ name: ' Rod 8 mm ', grade: '', unit: 'kg', reorderLevel: '' })).toEqual({
      name: 'Rod 8 mm',
      grade: null,
      unit: 'kg',
      reorderLevel: 0,
    });
    expect(
      steelCategoryFormSchema.parse({ name: 'Rod', grade: 'S235', unit: 'sheet', reorderLevel: '12,5' }),
    ).toMatchObject({ grade: 'S235', unit: 'sheet', reorderLevel: 12.5 });
  });

  it('names the field of each mistake', () => {
    expect(errors({ name: '', grade: '', unit: '', reorderLevel: '-1' })).toEqual({
      name: 'Name is required',
      unit: 'Choose kg or sheets',
      reorderLevel: 'Reorder level cannot be negative',
    });
    expect(errors({ name: 'Rod', grade: '', unit: 'kg', reorderLevel: 'lots' })).toEqual({
      reorderLevel: 'Reorder level must be a number',
    });
  });
});
