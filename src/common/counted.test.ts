import { describe, expect, it } from 'vitest';
import { counted } from './counted';

describe('counted', () => {
  it('uses the singular for one and the plural otherwise, with thousands separators', () => {
    expect(counted(1, 'item')).toBe('1 item');
    expect(counted(0, 'item')).toBe('0 items');
    expect(counted(1200, 'factory', 'factories')).toBe('1,200 factories');
  });
});
