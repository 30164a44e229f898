import { describe, expect, it } from 'vitest';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Partner } from '@common/contracts/partners';
import { partnerFormDefaults, partnerFormSchema, salesCategoryChoices } from './partner-form.model';

const RET = { id: '33333333-3333-4333-8333-333333333333', name: 'Retail', code: 'RET' };
const WHS = { id: '44444444-4444-4444-8444-444444444444', name: 'Wholesale', code: 'WHS' };
const OLD = { id: '55555555-5555-4555-8555-555555555555', name: 'Old terms', code: 'OLD' };

const partner: Partner = {
  id: '66666666-6666-4666-8666-666666666666',
  name: 'Achieng Stores',
  type: 'retailer',
  contactPerson: null,
  phone: null,
  email: null,
  region: 'Kisumu',
  address: null,
  notes: null,
  defaultSalesCategory: OLD,
  active: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('the partner form schema', () => {
  it('reports both the name and the type of an empty new partner, through the form resolver too', async () => {
    const values = partnerFormDefaults(null);
    const issues = partnerFormSchema.safeParse(values).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['name', 'Name is required'],
      ['type', 'Type is required'],
    ]);
    const options = { fields: {}, names: Object.keys(values), shouldUseNativeValidation: false };
    const result = await zodResolver(partnerFormSchema)(values as never, undefined, options as never);
    expect(Object.keys(result.errors)).toEqual(['name', 'type']);
  });

  it("sends no sales category as null and a chosen one as its id; anything else is 'Choose a sales category'", () => {
    const base = { ...partnerFormDefaults(null), name: 'Achieng Stores', type: 'retailer' };
    expect(partnerFormSchema.parse(base).defaultSalesCategoryId).toBeNull();
    expect(partnerFormSchema.parse({ ...base, defaultSalesCategoryId: RET.id }).defaultSalesCategoryId).toBe(RET.id);
    expect(partnerFormSchema.safeParse({ ...base, defaultSalesCategoryId: 'RET' }).error?.issues[0]?.message).toBe(
      'Choose a sales category',
    );
  });

  it("starts from the partner's values, its sales category by id ('' for none)", () => {
    expect(partnerFormDefaults(partner)).toMatchObject({ type: 'retailer', defaultSalesCategoryId: OLD.id });
    expect(partnerFormDefaults({ ...partner, defaultSalesCategory: null }).defaultSalesCategoryId).toBe('');
    expect(partnerFormDefaults(null)).not.toHaveProperty('type');
  });
});

describe('salesCategoryChoices', () => {
  it('offers the active categories by name and code', () => {
    expect(salesCategoryChoices([RET, WHS], null)).toEqual([
      { value: RET.id, label: 'Retail (RET)' },
      { value: WHS.id, label: 'Wholesale (WHS)' },
    ]);
    expect(salesCategoryChoices([RET], RET)).toEqual([{ value: RET.id, label: 'Retail (RET)' }]);
  });

  it("keeps the partner's deactivated category, marked as such", () => {
    expect(salesCategoryChoices([RET], OLD)).toEqual([
      { value: RET.id, label: 'Retail (RET)' },
      { value: OLD.id, label: 'Old terms (OLD, deactivated)' },
    ]);
  });

  it("shows the partner's category, unmarked, while the active ones load (or failed to)", () => {
    expect(salesCategoryChoices(undefined, OLD)).toEqual([{ value: OLD.id, label: 'Old terms (OLD)' }]);
    expect(salesCategoryChoices(undefined, null)).toEqual([]);
  });
});
