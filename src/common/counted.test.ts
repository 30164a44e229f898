import { describe, expect, it } from 'vitest';
import { counted, plural } from './counted';

describe('counted', () => {
  it('uses the singular for one and the plural otherwise, with thousands separators', () => {
    expect(counted(1, 'item')).toBe('1 item');
    expect(counted(0, 'item')).toBe('0 items');
    expect(counted(1200, 'factory', 'factories')).toBe('1,200 factories');
  });
});

describe('plural', () => {
  it('picks by English plural rules: 1 is one; 0, 2 and fractions are other', () => {
    expect(plural(1, 'becomes', 'become')).toBe('becomes');
    expect(plural(0, 'becomes', 'become')).toBe('become');
    expect(plural(2, 'is', 'are')).toBe('are');
    expect(plural(1.5, 'kit', 'kits')).toBe('kits');
  });
});
