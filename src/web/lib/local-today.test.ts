import { afterEach, describe, expect, it } from 'vitest';
import { localToday } from './local-today';
import { setViewerTimeZone } from './time-zone';

afterEach(() => setViewerTimeZone(null));

describe('localToday', () => {
  it("is the day on the viewer's calendar, not the device's nor UTC's", () => {
    setViewerTimeZone('Africa/Nairobi');
    // 00:30 and 23:30 in Nairobi.
    expect(localToday(new Date('2026-11-26T21:30:00Z'))).toBe('2026-11-27');
    expect(localToday(new Date('2026-11-27T20:30:00Z'))).toBe('2026-11-27');
    setViewerTimeZone('UTC');
    expect(localToday(new Date('2026-11-26T21:30:00Z'))).toBe('2026-11-26');
  });

  it("is the device's day before anyone signs in", () => {
    setViewerTimeZone(null);
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(localToday(new Date(2026, 11, 31, 0, 1))).toBe('2026-12-31');
  });

  it('ignores a zone it does not know', () => {
    setViewerTimeZone('Mars/Olympus');
    expect(localToday(new Date(2026, 2, 7, 12))).toBe('2026-03-07');
  });
});
