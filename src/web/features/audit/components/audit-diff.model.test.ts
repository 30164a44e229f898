import { describe, expect, it } from 'vitest';
import { auditDiff, fieldLabel, readableValue } from './audit-diff.model';

describe('auditDiff', () => {
  it('marks changed, added and removed fields, labelled and readable', () => {
    expect(
      auditDiff({ name: 'A', code: 'X1', gone: 1 }, { name: 'B', code: 'X1', contactPerson: 'Jane Wanjiru' }),
    ).toEqual([
      { key: 'name', label: 'Name', before: 'A', after: 'B', changed: true },
      { key: 'code', label: 'Code', before: 'X1', after: 'X1', changed: false },
      { key: 'gone', label: 'Gone', before: '1', after: undefined, changed: true },
      { key: 'contactPerson', label: 'Contact person', before: undefined, after: 'Jane Wanjiru', changed: true },
    ]);
  });

  it('shows a created record (no before) and a deleted one (no after)', () => {
    expect(auditDiff(null, { a: 1 })).toEqual([{ key: 'a', label: 'A', before: undefined, after: '1', changed: true }]);
    expect(auditDiff({ a: 1 }, null)).toEqual([{ key: 'a', label: 'A', before: '1', after: undefined, changed: true }]);
    expect(auditDiff(null, null)).toEqual([]);
  });

  it('compares nested values as a whole', () => {
    const [line] = auditDiff({ f: { id: 1, n: 'a' } }, { f: { id: 1, n: 'b' } });
    expect(line?.changed).toBe(true);
    expect(auditDiff({ f: { id: 1 } }, { f: { id: 1 } })[0]?.changed).toBe(false);
  });

  it('shows values that are not objects whole', () => {
    expect(auditDiff('x', 'y')).toEqual([{ key: 'value', label: 'Value', before: 'x', after: 'y', changed: true }]);
  });
});

describe('fieldLabel and readableValue', () => {
  it('turns code names into labels', () => {
    expect(fieldLabel('contactPerson')).toBe('Contact person');
    expect(fieldLabel('stoves_per_package')).toBe('Stoves per package');
    expect(fieldLabel('defaultSalesCategoryId')).toBe('Default sales category ID');
  });

  it('shows values as the screens do: no quotes, separators, Yes/No, days, dashes for nothing', () => {
    expect(readableValue('Mama Mboga')).toBe('Mama Mboga');
    expect(readableValue(12999.5)).toBe('12,999.5');
    expect(readableValue(true)).toBe('Yes');
    expect(readableValue(null)).toBe('—');
    expect(readableValue('2026-11-20')).toBe('20 Nov 2026');
    expect(readableValue(['NBO', 'MSA'])).toBe('NBO, MSA');
    expect(readableValue({ name: 'NBO', quantity: 1200 })).toBe('Name: NBO\nQuantity: 1,200');
    expect(readableValue([{ packageId: 'P1', quantity: 2 }])).toBe('• Package ID: P1\n  Quantity: 2');
  });
});
