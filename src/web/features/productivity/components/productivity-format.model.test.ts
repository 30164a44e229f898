import { describe, expect, it } from 'vitest';
import { attainmentBand, formatFigure, formatPercent, MISSING } from './productivity-format.model';

describe('productivity formatting', () => {
  it('writes missing figures as a dash, never 0 or NaN', () => {
    expect(formatFigure(null)).toBe(MISSING);
    expect(formatPercent(null)).toBe(MISSING);
    expect(formatFigure(1234.567)).toBe('1,234.57');
    expect(formatFigure(7.5, 0)).toBe('8');
    expect(formatPercent(0.8347)).toBe('83%');
    expect(formatPercent(1.2)).toBe('120%');
  });

  it('bands attainment: below 80%, 80-99%, met, none', () => {
    expect(attainmentBand(null)).toBe('none');
    expect(attainmentBand(0)).toBe('below');
    expect(attainmentBand(0.7999)).toBe('below');
    expect(attainmentBand(0.8)).toBe('near');
    expect(attainmentBand(0.999)).toBe('near');
    expect(attainmentBand(1)).toBe('met');
    expect(attainmentBand(1.5)).toBe('met');
  });
});
