import { describe, expect, it } from 'vitest';
import type { InventoryEntry } from '@common/contracts/inventory';
import { inventoryDispatchNote, inventoryDispatchNotePath } from './inventory-dispatch-note.model';

const entry: InventoryEntry = {
  id: 'e1',
  number: 7,
  kind: 'transfer',
  date: '2026-03-13',
  factory: { id: 'f1', name: 'Nairobi Works', code: 'NBO' },
  toFactory: { id: 'f2', name: 'Mombasa Assembly', code: 'MBA' },
  supplier: null,
  reference: 'LPO 44',
  note: 'Top shelf',
  lineCount: 2,
  summary: 'Paint (20 l) and Gloves (50 pcs)',
  createdAt: '2026-03-13T08:00:00.000Z',
  createdBy: { id: 'u1', name: 'Ann Clerk', email: 'ann@example.com' },
  lines: [
    {
      line: 1,
      item: { id: 'i1', name: 'Paint' },
      unit: { id: 'u1', name: 'Litre', symbol: 'l', decimals: 2 },
      quantity: 20.5,
      unitCost: null,
      reason: null,
    },
    {
      line: 2,
      item: { id: 'i2', name: 'Gloves' },
      unit: { id: 'u2', name: 'Pieces', symbol: 'pcs', decimals: 0 },
      quantity: 1500,
      unitCost: null,
      reason: null,
    },
  ],
};

describe('inventoryDispatchNote', () => {
  it('lists each item with its quantity and unit; its QR opens the transfer on Transfer History', () => {
    const note = inventoryDispatchNote(entry, 'https://stoves.example');
    expect(note).toMatchObject({
      kind: 'Inventory transfer',
      number: 'IT-000007',
      receiveUrl: 'https://stoves.example/inventory/transfer-history?entry=e1',
      day: '2026-03-13',
      from: { code: 'NBO' },
      to: { code: 'MBA' },
      note: 'Reference: LPO 44\nTop shelf',
      sentBy: 'Ann Clerk',
    });
    expect(note.lines).toEqual({
      heading: 'Item',
      rows: [
        { what: 'Paint', quantity: '20.5 l' },
        { what: 'Gloves', quantity: '1,500 pcs' },
      ],
    });
    expect(inventoryDispatchNote({ ...entry, reference: null, note: null }, 'http://x').note).toBeNull();
    expect(inventoryDispatchNotePath('e1')).toBe('/inventory/transfer-history/e1/dispatch-note');
  });
});
