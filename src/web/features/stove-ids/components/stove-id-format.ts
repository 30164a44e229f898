/** How stove ID screens name things: batches, counts, event kinds, documents. */
import { counted } from '@common/counted';
import { batchNumberLabel, type StoveDocumentType, type StoveEventKind } from '@common/contracts/stove-ids';

/** "B-000012" */
export const batchLabel = batchNumberLabel;

/** "5,000 IDs", "1 ID" */
export function idCount(n: number): string {
  return counted(n, 'ID');
}

export const STOVE_EVENT_LABELS: Record<StoveEventKind, string> = {
  created: 'Created',
  sent: 'Sent on a transfer',
  received: 'Received',
  returned: 'Returned to the sender',
  rejected: 'Transfer rejected',
  canceled: 'Transfer canceled',
  coupled: 'Coupled',
  report_voided: 'Stove report voided',
  validated: 'Validated',
  sold: 'Sold',
  sale_canceled: 'Returned: sale canceled',
  sale_returned: 'Returned on a return note',
  voided: 'Voided',
  migrated: 'Carried over',
  end_user_registered: 'Handed over to its end user',
  end_user_ended: 'End user registration ended',
};

export const STOVE_DOCUMENT_LABELS: Record<StoveDocumentType, string> = {
  batch: 'Batch',
  transfer: 'Transfer',
  stove_report: 'Stove report',
  sales_order: 'Sales order',
};
