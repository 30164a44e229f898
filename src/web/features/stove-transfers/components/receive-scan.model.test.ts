import { describe, expect, it } from 'vitest';
import {
  EMPTY_SCAN,
  confirmArrivedLabel,
  confirmArrivedQuestion,
  mainAction,
  missingCodes,
  progressText,
  returnText,
  scanCodes,
  scanMessage,
} from './receive-scan.model';

const ON_TRANSFER = ['STV00000010', 'STV00000028', 'STV00000036'];
const transfer = new Set(ON_TRANSFER);

describe('scanning labels against a transfer', () => {
  it('ticks a code of the transfer as arrived, normalized', () => {
    const { scan, outcomes } = scanCodes(transfer, EMPTY_SCAN, [' stv00000028 ']);
    expect(scan).toEqual({ arrived: ['STV00000028'], strangers: [] });
    expect(outcomes).toEqual([{ code: 'STV00000028', verdict: 'arrived' }]);
  });

  it('flags a code scanned twice, before or within one scan, and keeps it once', () => {
    const first = scanCodes(transfer, EMPTY_SCAN, ['STV00000010']);
    const { scan, outcomes } = scanCodes(transfer, first.scan, ['STV00000010', 'STV00000036', 'stv00000036']);
    expect(scan.arrived).toEqual(['STV00000010', 'STV00000036']);
    expect(outcomes.map((o) => o.verdict)).toEqual(['repeat', 'arrived', 'repeat']);
  });

  it('flags a code not on the transfer and lists it once', () => {
    const first = scanCodes(transfer, EMPTY_SCAN, ['XYZ0001']);
    const { scan, outcomes } = scanCodes(transfer, first.scan, ['xyz0001', '']);
    expect(scan).toEqual({ arrived: [], strangers: ['XYZ0001'] });
    expect(outcomes).toEqual([{ code: 'XYZ0001', verdict: 'stranger' }]);
  });

  it('leaves the scan it was given as it was', () => {
    const before = { arrived: ['STV00000010'], strangers: [] };
    scanCodes(transfer, before, ['STV00000028', 'NOPE1']);
    expect(before).toEqual({ arrived: ['STV00000010'], strangers: [] });
  });
});

describe('the message after a scan', () => {
  it('says one arrival plainly', () => {
    expect(scanMessage([{ code: 'STV00000010', verdict: 'arrived' }])).toEqual({
      text: 'STV00000010 arrived.',
      problem: false,
    });
  });

  it('flags a stranger and a repeat as problems', () => {
    expect(scanMessage([{ code: 'XYZ0001', verdict: 'stranger' }])).toEqual({
      text: 'XYZ0001 is not on this transfer: set it aside.',
      problem: true,
    });
    expect(scanMessage([{ code: 'STV00000010', verdict: 'repeat' }])).toEqual({
      text: 'STV00000010 was already scanned.',
      problem: true,
    });
  });

  it('counts several codes of one scan', () => {
    expect(
      scanMessage([
        { code: 'STV00000010', verdict: 'arrived' },
        { code: 'STV00000028', verdict: 'arrived' },
        { code: 'A1', verdict: 'stranger' },
        { code: 'A2', verdict: 'stranger' },
        { code: 'STV00000010', verdict: 'repeat' },
        { code: 'STV00000028', verdict: 'repeat' },
      ]),
    ).toEqual({
      text: '2 stove IDs arrived. 2 stove IDs are not on this transfer: set them aside. 2 stove IDs were already scanned.',
      problem: true,
    });
    expect(scanMessage([])).toBeNull();
  });
});

describe('progress and actions', () => {
  it('says how many arrived of how many', () => {
    expect(progressText(83, 100)).toBe('83 of 100 arrived');
    expect(progressText(1200, 5000)).toBe('1,200 of 5,000 arrived');
  });

  it('lists what is still missing in the transfer order', () => {
    expect(missingCodes(ON_TRANSFER, ['STV00000036', 'STV00000010'])).toEqual(['STV00000028']);
    expect(missingCodes(ON_TRANSFER, [])).toEqual(ON_TRANSFER);
  });

  it('words the confirm of what arrived and what goes back', () => {
    expect(confirmArrivedLabel(83)).toBe('Confirm the 83 that arrived');
    expect(confirmArrivedQuestion(1)).toBe('Confirm the 1 stove ID that arrived?');
    expect(confirmArrivedQuestion(83)).toBe('Confirm the 83 stove IDs that arrived?');
    expect(returnText(17, 'Nairobi Factory')).toBe('The other 17 stove IDs go back to Nairobi Factory.');
    expect(returnText(1, 'Nairobi Factory')).toBe('The other 1 stove ID goes back to Nairobi Factory.');
  });

  it('makes Confirm all the main action once everything arrived', () => {
    expect(mainAction(99, 100)).toBe('confirm-arrived');
    expect(mainAction(100, 100)).toBe('confirm-all');
  });
});
