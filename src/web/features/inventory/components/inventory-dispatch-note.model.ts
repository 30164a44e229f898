/** The dispatch note of an inventory transfer (pure). */
import { formatInventoryQuantity, inventoryEntryNumberLabel, type InventoryEntry } from '@common/contracts/inventory';
import { absoluteUrl, type DispatchNoteData } from '@web/components/document/dispatch-note.model';
import { personName } from './inventory-labels';

/** Where an inventory transfer is looked at: Transfer History with the transfer open. */
export function inventoryTransferPath(id: string): string {
  return `/inventory/transfer-history?entry=${encodeURIComponent(id)}`;
}

/** The dispatch note page of an inventory transfer. */
export function inventoryDispatchNotePath(id: string): string {
  return `/inventory/transfer-history/${encodeURIComponent(id)}/dispatch-note`;
}

/** An inventory transfer's dispatch note: each item with its quantity and unit. */
export function inventoryDispatchNote(entry: InventoryEntry, origin: string): DispatchNoteData {
  return {
    kind: 'Inventory transfer',
    number: inventoryEntryNumberLabel(entry.kind, entry.number),
    receiveUrl: absoluteUrl(inventoryTransferPath(entry.id), origin),
    day: entry.date,
    from: entry.factory,
    // A transfer always has its receiver; an entry of another kind has none to name.
    to: entry.toFactory ?? { name: '—', code: '—' },
    lines: {
      heading: 'Item',
      rows: entry.lines.map((line) => ({
        what: line.item.name,
        quantity: formatInventoryQuantity(line.quantity, line.unit.symbol),
      })),
    },
    note: [entry.reference ? `Reference: ${entry.reference}` : null, entry.note].filter(Boolean).join('\n') || null,
    sentBy: personName(entry.createdBy),
  };
}
