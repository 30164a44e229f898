import type { StoveDocumentType } from '@common/contracts/stove-ids';

/**
 * Where a document an ID refers to opens: a batch opens the list filtered to it, a transfer opens
 * Transfer History on it, a stove report its page under the Production Overview, a sales order its
 * page under Sales Order (null: plain text).
 */
export function documentHref(document: { type: StoveDocumentType; id: string }): string | null {
  switch (document.type) {
    case 'batch':
      return `/stove-id/management?batchId=${encodeURIComponent(document.id)}`;
    case 'transfer':
      return `/stove-id/transfer-history/${encodeURIComponent(document.id)}`;
    case 'stove_report':
      return `/production/stove-reports/${encodeURIComponent(document.id)}`;
    case 'sales_order':
      return `/sales/sales-order/${encodeURIComponent(document.id)}`;
  }
}
