import { afterEach, describe, expect, it } from 'vitest';
import { formatBytes, formatDate, formatDateTime } from './format';
import { setViewerTimeZone } from './time-zone';

afterEach(() => setViewerTimeZone(null));

describe('dates and times', () => {
  it("show on the viewer's clock, whatever zone the device is in", () => {
    setViewerTimeZone('Africa/Nairobi');
    // 21:30 UTC on the 26th is 00:30 on the 27th in Nairobi.
    expect(formatDateTime('2026-11-26T21:30:00.000Z')).toBe('27 Nov 2026, 00:30');
    expect(formatDate('2026-11-26T21:30:00.000Z')).toBe('27 Nov 2026');
    setViewerTimeZone('UTC');
    expect(formatDateTime('2026-11-26T21:30:00.000Z')).toBe('26 Nov 2026, 21:30');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1023, '1,023 B'],
    [1024, '1 KB'],
    [4300, '4.2 KB'],
    [52_000, '51 KB'],
    [1_048_575, '1 MB'],
    [1_572_864, '1.5 MB'],
    [38_797_312, '37 MB'],
    [1_610_612_736, '1.5 GB'],
    [5 * 1024 ** 4, '5 TB'],
  ])('%i bytes read %s', (bytes, expected) => {
    expect(formatBytes(bytes)).toBe(expected);
  });
});
