import { describe, expect, it } from 'vitest';
import { stoveCode } from '../../../common/stove-codes';
import { sortCodes } from './code-order';

/** A deterministic pseudo-random generator (the test repeats). */
function lcg(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s % n;
  };
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-';

describe('sortCodes', () => {
  it('gives the order of Array.prototype.sort for well-formed codes of any length, with ties and repeats', () => {
    const next = lcg(7);
    const codes: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      const length = 4 + next(29);
      codes.push(Array.from({ length }, () => ALPHABET[next(ALPHABET.length)]).join(''));
    }
    // Generated codes: long runs with the same first 8 characters; repeats; prefixes of each other.
    for (let i = 0; i < 20_000; i++) codes.push(stoveCode('STV', next(10_000_000), 9));
    codes.push('ABCD', 'ABCD-', 'ABCD0', 'ABCDEFGH', 'ABCDEFGHI', 'ABCDEFGH-', 'ABCDEFGH0', '----', '0000', 'ZZZZ');
    codes.push(...codes.slice(0, 500));
    expect(sortCodes(codes)).toEqual([...codes].sort());
  });

  it('falls back to Array.prototype.sort for other characters and for very long lists', () => {
    expect(sortCodes(['b', 'a', 'ABCD'])).toEqual(['ABCD', 'a', 'b']);
    const many = Array.from({ length: 2 ** 17 }, (_, i) => `C${(i * 7919) % 2 ** 17}`);
    expect(sortCodes(many)).toEqual([...many].sort());
    expect(sortCodes([])).toEqual([]);
  });
});
