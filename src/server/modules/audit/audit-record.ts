/**
 * How the audit log names an entry's record: its document number (SO-000025, TR-000008…) or its
 * name, as the record's own screen shows it, with the address of that screen when there is one.
 * Never the record's id: when nothing names it (a record since deleted, a type without a name),
 * there is no label and the screen says only the record type.
 */
import { dayLabel } from '../../../common/calendar-days';
import type { AuditRecord } from '../../../common/contracts/audit';
import { ckdTransferNumberLabel, producedRecordNumberLabel } from '../../../common/contracts/ckd';
import { inventoryEntryNumberLabel, INVENTORY_ENTRY_KINDS } from '../../../common/contracts/inventory';
import { stoveReportNumberLabel } from '../../../common/contracts/production';
import { salesOrderNumberLabel, salesReturnNumberLabel } from '../../../common/contracts/sales-orders';
import { batchNumberLabel, transferNumberLabel } from '../../../common/contracts/stove-ids';
import { PERMISSIONS, permissionTitle, type Permission } from '../../../common/permissions';

export interface RecordFacts {
  recordType: string;
  recordId: string | null;
  recordNumber: number | null;
  recordKind: string | null;
  recordName: string | null;
  recordDay: string | null;
}

const isPermission = (key: string | undefined): key is Permission =>
  (PERMISSIONS as readonly (string | undefined)[]).includes(key);

const isEntryKind = (kind: string | null): kind is (typeof INVENTORY_ENTRY_KINDS)[number] =>
  (INVENTORY_ENTRY_KINDS as readonly (string | null)[]).includes(kind);

/** The numbered documents: their label and the screen that opens them. */
function numbered(f: RecordFacts, n: number, id: string): AuditRecord | null {
  const q = (path: string, label: string) => ({ label, path: `${path}?q=${encodeURIComponent(label)}` });
  switch (f.recordType) {
    case 'sales_order':
      return { label: salesOrderNumberLabel(n), path: `/sales/sales-order/${id}` };
    case 'sales_return':
      return { label: salesReturnNumberLabel(n), path: `/sales/returns/${id}` };
    case 'stove_transfer':
      return { label: transferNumberLabel(n), path: `/stove-id/transfer-history/${id}` };
    case 'stove_report':
      return { label: stoveReportNumberLabel(n), path: `/production/stove-reports/${id}` };
    case 'stove_id_batch':
      return { label: batchNumberLabel(n), path: `/stove-id/management?batchId=${id}` };
    case 'ckd_transfer':
      return q('/ckd/transfer', ckdTransferNumberLabel(n));
    case 'ckd_produced_record':
      return q('/ckd/produced-records', producedRecordNumberLabel(n));
    case 'inventory_entry':
      return isEntryKind(f.recordKind) ? { label: inventoryEntryNumberLabel(f.recordKind, n), path: null } : null;
    default:
      return null;
  }
}

export function auditRecord(f: RecordFacts): AuditRecord | null {
  const id = f.recordId;
  if (id === null) return null;
  if (f.recordNumber !== null) return numbered(f, f.recordNumber, id);
  switch (f.recordType) {
    case 'stove_id':
      return { label: id, path: `/stove-id/management/${encodeURIComponent(id)}` };
    case 'group_permission': {
      const [group, permission] = id.split(':');
      return group && isPermission(permission)
        ? { label: `${group} · ${permissionTitle(permission)}`, path: null }
        : null;
    }
    case 'sign_in':
      if (id.includes('@')) return { label: id, path: null };
      break;
    case 'company_settings':
      return id === 'time_zone' ? { label: 'Company time zone', path: '/factory' } : null;
    default:
      break;
  }
  if (f.recordName === null) return null;
  const label = f.recordDay ? `${f.recordName} · ${dayLabel(f.recordDay)}` : f.recordName;
  switch (f.recordType) {
    case 'partner':
      return { label, path: `/customers?q=${encodeURIComponent(f.recordName)}` };
    case 'factory':
      return { label, path: '/factory' };
    default:
      return { label, path: null };
  }
}
