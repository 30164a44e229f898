/**
 * The document an ID is on now, from its history: the last event that put it on a document
 * (created in a batch, sent or received on a transfer, coupled on a stove report, sold on an order)
 * and was not undone since. An undoing event (returned, rejected or canceled transfer, voided report,
 * canceled or returned sale) takes its document off, so a returned stove names the report that
 * coupled it, not the canceled order.
 */
import type { StoveEventKind } from '../../../common/contracts/stove-ids';

const PLACING: ReadonlySet<StoveEventKind> = new Set(['created', 'sent', 'received', 'coupled', 'sold']);
const UNDOING: ReadonlySet<StoveEventKind> = new Set([
  'returned',
  'rejected',
  'canceled',
  'report_voided',
  'sale_canceled',
  'sale_returned',
]);

export function currentDocument<D extends { type: string; id: string }>(
  events: readonly { kind: StoveEventKind; document: D | null }[],
): D | null {
  const on: D[] = [];
  for (const event of events) {
    const document = event.document;
    if (!document) continue;
    if (PLACING.has(event.kind)) {
      // Received on the transfer it was sent on: still that transfer.
      if (on.at(-1)?.id !== document.id) on.push(document);
    } else if (UNDOING.has(event.kind)) {
      const at = on.findLastIndex((d) => d.id === document.id);
      if (at >= 0) on.splice(at, 1);
    }
  }
  return on.at(-1) ?? null;
}
