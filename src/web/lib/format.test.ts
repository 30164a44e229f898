import { describe, expect, it } from 'vitest';
import { formatBytes } from './format';

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
