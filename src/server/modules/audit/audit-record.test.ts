import { describe, expect, it } from 'vitest';
import { auditRecord, type RecordFacts } from './audit-record';

const ID = '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed';
const facts = (f: Partial<RecordFacts>): RecordFacts => ({
  recordType: 'partner',
  recordId: ID,
  recordNumber: null,
  recordKind: null,
  recordName: null,
  recordDay: null,
  ...f,
});

describe('auditRecord', () => {
  it('names documents by their number, linked to their screen', () => {
    expect(auditRecord(facts({ recordType: 'sales_order', recordNumber: 25 }))).toEqual({
      label: 'SO-000025',
      path: `/sales/sales-order/${ID}`,
    });
    expect(auditRecord(facts({ recordType: 'sales_return', recordNumber: 7 }))).toEqual({
      label: 'RN-000007',
      path: `/sales/returns/${ID}`,
    });
    expect(auditRecord(facts({ recordType: 'stove_transfer', recordNumber: 8 }))).toEqual({
      label: 'TR-000008',
      path: `/stove-id/transfer-history/${ID}`,
    });
    expect(auditRecord(facts({ recordType: 'ckd_transfer', recordNumber: 3 }))).toEqual({
      label: 'KT-000003',
      path: '/ckd/transfer?q=KT-000003',
    });
    expect(
      auditRecord(facts({ recordType: 'inventory_entry', recordNumber: 4, recordKind: 'transfer' }))?.label,
    ).toMatch(/-000004$/);
  });

  it('names other records by their name, with a day where the name needs one', () => {
    expect(auditRecord(facts({ recordName: 'Mama Mboga Stores' }))).toEqual({
      label: 'Mama Mboga Stores',
      path: '/customers?q=Mama%20Mboga%20Stores',
    });
    expect(
      auditRecord(facts({ recordType: 'daily_production_report', recordName: 'MSA', recordDay: '2026-11-20' })),
    ).toEqual({ label: 'MSA · 20 Nov 2026', path: null });
  });

  it('a stove ID by its code; a permission by group and component; a failed sign-in by its email', () => {
    expect(auditRecord(facts({ recordType: 'stove_id', recordId: 'STV00012347' }))).toEqual({
      label: 'STV00012347',
      path: '/stove-id/management/STV00012347',
    });
    expect(auditRecord(facts({ recordType: 'group_permission', recordId: 'Admin:stove-id-management' }))?.label).toBe(
      'Admin · Stove ID Management',
    );
    expect(auditRecord(facts({ recordType: 'sign_in', recordId: 'who@example.com' }))?.label).toBe('who@example.com');
  });

  it('is null, never an id, when nothing names the record', () => {
    expect(auditRecord(facts({}))).toBeNull();
    expect(auditRecord(facts({ recordId: null }))).toBeNull();
    expect(auditRecord(facts({ recordType: 'inventory_entry', recordNumber: 4, recordKind: null }))).toBeNull();
  });
});
