import { describe, expect, it } from 'vitest';
import { stoveCode } from '@common/stove-codes';
import { IN_VIEW_MS, ScanMemory, cameraProblem, codesFromScan } from './camera-scanner.model';

const A = stoveCode('STV', 1234, 7);
const B = stoveCode('STV', 1235, 7);

describe('the codes a read label holds', () => {
  it('takes a label code as the scan field does: trimmed, uppercase', () => {
    expect(codesFromScan(A)).toEqual([A]);
    expect(codesFromScan(` ${A.toLowerCase()}\n`)).toEqual([A]);
    expect(codesFromScan('')).toEqual([]);
  });

  it("takes the code from the address of a stove ID's page", () => {
    expect(codesFromScan(`https://office.example.com/stove-id/management/${A}`)).toEqual([A]);
    expect(codesFromScan(`http://10.0.0.5:3000/stove-id/management/${A.toLowerCase()}?tab=history#top`)).toEqual([A]);
    expect(codesFromScan(`HTTPS://OFFICE.EXAMPLE.COM/stove-id/management/${A}/`)).toEqual([A]);
  });

  it('reads no stove ID from any other address', () => {
    expect(codesFromScan('https://example.com/')).toEqual([]);
    expect(codesFromScan('https://office.example.com/stove-id/transfer')).toEqual([]);
    expect(codesFromScan('https://office.example.com/stove-id/management/%E0%A4%A')).toEqual([]);
  });
});

describe('new reads, repeats and a label still in view', () => {
  it('adds a code once; reads of the same label held in view are ignored silently', () => {
    const memory = new ScanMemory();
    expect(memory.read(A, 0)).toBe('new');
    expect(memory.read(A, 100)).toBe('in-view');
    // Each read keeps it in view: a label held for seconds is still one read.
    expect(memory.read(A, 100 + IN_VIEW_MS - 1)).toBe('in-view');
    expect(memory.read(A, 100 + 2 * IN_VIEW_MS - 2)).toBe('in-view');
    expect(memory.read(B, 200)).toBe('new');
  });

  it('tells of a code shown again after it left the view', () => {
    const memory = new ScanMemory();
    expect(memory.read(A, 0)).toBe('new');
    expect(memory.read(A, IN_VIEW_MS)).toBe('repeat');
    expect(memory.read(A, IN_VIEW_MS + 100)).toBe('in-view');
  });

  it('tells of a code the list already holds, once while it stays in view', () => {
    const memory = new ScanMemory();
    const inList = (code: string) => code === A;
    expect(memory.read(A, 0, inList)).toBe('repeat');
    expect(memory.read(A, 100, inList)).toBe('in-view');
    expect(memory.read(B, 100, inList)).toBe('new');
  });
});

describe('camera problems', () => {
  it('says what to do for each way the camera fails to start', () => {
    expect(cameraProblem(new DOMException('denied', 'NotAllowedError'))).toMatch(/blocked.*Allow the camera/);
    expect(cameraProblem(new DOMException('none', 'NotFoundError'))).toMatch(/No camera was found/);
    expect(cameraProblem(new DOMException('busy', 'NotReadableError'))).toMatch(/in use by another app/);
    expect(cameraProblem('strange')).toMatch(/could not be started/);
  });
});
