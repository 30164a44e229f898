import { describe, expect, it } from 'vitest';
import { closingOf, dayByDay, periodTotals, sumFigures } from './kit-figures';

const moved = (produced = 0, received = 0, sent = 0, consumed = 0, adjusted = 0) => ({
  produced,
  received,
  sent,
  consumed,
  adjusted,
});

describe('kit figures', () => {
  it('closes with opening + produced + received − sent − consumed + adjusted', () => {
    expect(closingOf(10, moved(5, 4, 3, 2, -1))).toBe(13);
    expect(closingOf(0, moved(0, 0, 0, -2, 0))).toBe(2); // more reversed than consumed gives kits back
  });

  it('lists every day (across a leap day and a year end), carrying the closing forward', () => {
    const leap = dayByDay('2024-02-28', '2024-03-01', 0, []);
    expect(leap.map((d) => d.day)).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
    expect(dayByDay('2025-12-31', '2026-01-01', 3, []).map((d) => [d.day, d.closing])).toEqual([
      ['2025-12-31', 3],
      ['2026-01-01', 3],
    ]);

    const days = dayByDay('2025-03-30', '2025-04-02', 7, [
      { day: '2025-03-31', ...moved(10, 0, 0, 3, 0) },
      { day: '2025-04-02', ...moved(0, 0, 5, 0, 1) },
    ]);
    expect(days.map((d) => [d.day, d.opening, d.closing])).toEqual([
      ['2025-03-30', 7, 7],
      ['2025-03-31', 7, 14],
      ['2025-04-01', 14, 14],
      ['2025-04-02', 14, 10],
    ]);
    for (let i = 1; i < days.length; i++) expect(days[i]?.opening).toBe(days[i - 1]?.closing);
  });

  it('totals a period: first opening, movements summed, last closing', () => {
    const days = dayByDay('2025-01-01', '2025-01-03', 4, [
      { day: '2025-01-01', ...moved(2, 0, 0, 1, 0) },
      { day: '2025-01-03', ...moved(0, 6, 2, 0, -1) },
    ]);
    expect(periodTotals(4, days)).toEqual({
      opening: 4,
      produced: 2,
      received: 6,
      sent: 2,
      consumed: 1,
      adjusted: -1,
      closing: 8,
    });
  });

  it('adds rows side by side column by column', () => {
    const a = { opening: 1, produced: 2, received: 3, sent: 1, consumed: 1, adjusted: 0, closing: 4 };
    const b = { opening: 10, produced: 0, received: 0, sent: 0, consumed: 5, adjusted: 2, closing: 7 };
    expect(sumFigures([a, b])).toEqual({
      opening: 11,
      produced: 2,
      received: 3,
      sent: 1,
      consumed: 6,
      adjusted: 2,
      closing: 11,
    });
    expect(sumFigures([]).closing).toBe(0);
  });
});
