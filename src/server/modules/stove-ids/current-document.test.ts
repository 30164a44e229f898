import { describe, expect, it } from 'vitest';
import type { StoveEventKind } from '../../../common/contracts/stove-ids';
import { currentDocument } from './current-document';

const doc = (type: string, id: string) => ({ type, id });
const batch = doc('batch', 'b1');
const transfer = doc('transfer', 't1');
const report = doc('stove_report', 'r1');
const order = doc('sales_order', 's1');
const ev = (kind: StoveEventKind, document: { type: string; id: string } | null = null) => ({ kind, document });

describe('currentDocument', () => {
  it('is the last document the ID was put on', () => {
    expect(currentDocument([ev('created', batch)])).toEqual(batch);
    expect(currentDocument([ev('created', batch), ev('sent', transfer), ev('received', transfer)])).toEqual(transfer);
    expect(currentDocument([ev('created', batch), ev('coupled', report), ev('validated'), ev('sold', order)])).toEqual(
      order,
    );
  });

  it('a canceled sale gives the stove back to the report that coupled it', () => {
    expect(
      currentDocument([
        ev('created', batch),
        ev('coupled', report),
        ev('validated'),
        ev('sold', order),
        ev('sale_canceled', order),
      ]),
    ).toEqual(report);
  });

  it('a returned, rejected or canceled transfer and a voided report are undone', () => {
    for (const kind of ['returned', 'rejected', 'canceled'] as const)
      expect(currentDocument([ev('created', batch), ev('sent', transfer), ev(kind, transfer)])).toEqual(batch);
    expect(currentDocument([ev('created', batch), ev('coupled', report), ev('report_voided', report)])).toEqual(batch);
  });

  it('is null for an ID carried over without documents', () => {
    expect(currentDocument([ev('migrated'), ev('sale_canceled', order)])).toBeNull();
  });
});
