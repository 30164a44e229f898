import { describe, expect, it } from 'vitest';
import type { StoveTransferDetail, TransferCheck } from '@common/contracts/stove-ids';
import {
  backToOf,
  eligibilityByCode,
  filterCodes,
  ineligibleCodes,
  partialSummary,
  personName,
  receivedText,
  sendQuestion,
  sendReadiness,
  stoveIds,
  transferDispatchNote,
} from './transfer.model';

const check: TransferCheck = {
  items: [
    { code: 'STV00000010', eligible: true, status: 'in_stock', reason: null },
    { code: 'STV00000028', eligible: false, status: 'sold', reason: 'Sold' },
    { code: 'STV00000036', eligible: true, status: 'coupled', reason: null },
  ],
  eligible: 2,
  ineligible: 1,
};
const byCode = eligibilityByCode(check);
const base = { fromFactoryId: 'a', toFactoryId: 'b', byCode, checking: false, checkFailed: false };

describe('send readiness', () => {
  it('blocks until both factories and some IDs are chosen', () => {
    expect(sendReadiness({ ...base, fromFactoryId: '', codes: ['STV00000010'] }).blocked).toBe(
      'Choose the sending factory.',
    );
    expect(sendReadiness({ ...base, toFactoryId: '', codes: ['STV00000010'] }).blocked).toBe(
      'Choose the destination factory.',
    );
    expect(sendReadiness({ ...base, codes: [] }).blocked).toBe('Add the stove IDs to send.');
  });

  it('blocks while any ID is ineligible, unchecked or being checked', () => {
    expect(sendReadiness({ ...base, codes: ['STV00000010', 'STV00000028'] })).toEqual({
      checked: 2,
      eligible: 1,
      ineligible: 1,
      blocked: 'Remove the 1 stove ID that cannot be sent.',
    });
    expect(sendReadiness({ ...base, codes: ['STV00000010', 'STV00000044'] }).blocked).toBe('Checking the stove IDs...');
    expect(sendReadiness({ ...base, checking: true, codes: ['STV00000010'] }).blocked).toBe(
      'Checking the stove IDs...',
    );
    expect(sendReadiness({ ...base, checkFailed: true, codes: ['STV00000010'] }).blocked).toBe(
      'The stove IDs could not be checked.',
    );
  });

  it('allows sending when every ID is checked and eligible', () => {
    expect(sendReadiness({ ...base, codes: ['STV00000010', 'STV00000036'] }).blocked).toBeNull();
  });

  it('lists the ineligible IDs in the order of the list', () => {
    expect(ineligibleCodes(['STV00000036', 'STV00000028', 'STV00000010'], byCode).map((i) => i.code)).toEqual([
      'STV00000028',
    ]);
  });
});

describe('words', () => {
  it('asks before sending and summarises a partial confirmation', () => {
    expect(sendQuestion(5, 'Mombasa Assembly')).toBe('Send 5 stove IDs to Mombasa Assembly?');
    expect(sendQuestion(1, 'Kisumu Assembly')).toBe('Send 1 stove ID to Kisumu Assembly?');
    expect(partialSummary(12, 15, 'NBO')).toBe('12 received, 3 return to NBO');
    expect(stoveIds(5000)).toBe('5,000 stove IDs');
  });

  it('names people and received counts', () => {
    expect(personName({ id: '1', name: null, email: 'a@example.com' })).toBe('a@example.com');
    expect(personName({ id: '1', name: 'Ann', email: 'a@example.com' })).toBe('Ann');
    expect(personName(null)).toBe('—');
    expect(receivedText({ receivedCount: null, idCount: 3 })).toBe('—');
    expect(receivedText({ receivedCount: 2, idCount: 3 })).toBe('2 of 3');
  });

  it('filters codes by a search text', () => {
    expect(filterCodes(check.items, ' 028 ').map((i) => i.code)).toEqual(['STV00000028']);
    expect(filterCodes(check.items, '')).toHaveLength(3);
  });
});

describe('back from a transfer', () => {
  it('returns to the list it was opened from, with its filters, and nowhere else', () => {
    const list = '/stove-id/transfer-history';
    expect(backToOf({ backTo: `${list}?status=pending&q=TR-1` }, list)).toBe(`${list}?status=pending&q=TR-1`);
    expect(backToOf({ backTo: list }, list)).toBe(list);
    expect(backToOf({ backTo: 'https://evil.example/' }, list)).toBe(list);
    expect(backToOf({ backTo: '/stove-id/transfer-history-x' }, list)).toBe(list);
    expect(backToOf(null, list)).toBe(list);
    expect(backToOf({ backTo: 3 }, list)).toBe(list);
  });
});

describe('transferDispatchNote', () => {
  const transfer: StoveTransferDetail = {
    id: 'b3c1e0f2-1111-4222-8333-944445555666',
    number: 12,
    status: 'pending',
    from: { id: 'f1', name: 'Nairobi Works', code: 'NBO' },
    to: { id: 'f2', name: 'Mombasa Assembly', code: 'MBA' },
    idCount: 3,
    receivedCount: null,
    note: 'Handle with care',
    reason: null,
    createdAt: '2026-03-12T21:30:00.000Z',
    createdBy: { id: 'u1', name: 'Ann Clerk', email: 'ann@example.com' },
    decidedAt: null,
    decidedBy: null,
    items: ['STV00000010', 'STV00000028', 'STV00000036'].map((code) => ({
      code,
      outcome: 'pending' as const,
      heldStatus: 'in_stock' as const,
    })),
    can: { confirm: false, reject: false, cancel: true },
  };

  it('prints the number, both factories, every stove ID and a QR opening the confirmation page', () => {
    const note = transferDispatchNote(transfer, '2026-03-13', 'https://stoves.example');
    expect(note).toMatchObject({
      kind: 'Stove transfer',
      number: 'TR-000012',
      receiveUrl: 'https://stoves.example/stove-id/transfer-confirmations/b3c1e0f2-1111-4222-8333-944445555666/receive',
      day: '2026-03-13',
      from: { name: 'Nairobi Works', code: 'NBO' },
      to: { name: 'Mombasa Assembly', code: 'MBA' },
      codes: ['STV00000010', 'STV00000028', 'STV00000036'],
      note: 'Handle with care',
      sentBy: 'Ann Clerk',
      warning: undefined,
    });
    expect(note.lines.rows).toEqual([{ what: 'Stoves, each ID listed below', quantity: '3' }]);
  });

  it('warns on a note of a canceled or rejected transfer', () => {
    expect(transferDispatchNote({ ...transfer, status: 'canceled' }, '2026-03-13', 'http://x').warning).toMatch(
      /^Canceled/,
    );
    expect(transferDispatchNote({ ...transfer, status: 'rejected' }, '2026-03-13', 'http://x').warning).toMatch(
      /^Rejected/,
    );
  });
});
