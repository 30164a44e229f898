/** The rules of the limits on guessing (decision 0012), without a database. */
import { describe, expect, it } from 'vitest';
import { judgeAttempt, newDeviceCookie, readDeviceCookie, waitAfterFailures, waitInWords } from './sign-in-limits';

const MINUTE = 60_000;
const limits = { perAddressPerMinute: 10, perAccount: 5 };
const now = new Date('2026-11-27T10:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const counts = (over: Partial<Parameters<typeof judgeAttempt>[0]> = {}) => ({
  now,
  addressFailures: 0,
  trusted: false,
  clientFailures: { count: 0, newest: null },
  accountFailures: { count: 0, newest: null },
  ...over,
});

describe('waitAfterFailures', () => {
  it('is nothing below the allowance, then 1 minute doubling with each failure, 15 minutes at most', () => {
    expect([4, 5, 6, 7, 8, 9, 10, 50].map((n) => waitAfterFailures(n, 5) / MINUTE)).toEqual([
      0, 1, 2, 4, 8, 15, 15, 15,
    ]);
  });
});

describe('judgeAttempt', () => {
  it('lets an attempt through below every limit', () => {
    expect(judgeAttempt(counts({ clientFailures: { count: 4, newest: ago(1000) } }), limits)).toBeNull();
  });

  it('refuses an address with its failures of the last minute for a minute', () => {
    expect(judgeAttempt(counts({ addressFailures: 10 }), limits)).toEqual({ scope: 'address', retryAfterMs: MINUTE });
  });

  it('makes a client that used up its failures wait from its newest failure', () => {
    const client = { count: 6, newest: ago(30_000) };
    expect(judgeAttempt(counts({ clientFailures: client }), limits)).toEqual({
      scope: 'account',
      retryAfterMs: 2 * MINUTE - 30_000,
    });
    expect(judgeAttempt(counts({ clientFailures: { count: 6, newest: ago(2 * MINUTE) } }), limits)).toBeNull();
  });

  it('holds spread guessing (four times the allowance from everywhere) against untrusted browsers only', () => {
    const accountFailures = { count: 20, newest: ago(10_000) };
    expect(judgeAttempt(counts({ accountFailures }), limits)).toEqual({ scope: 'account', retryAfterMs: 50_000 });
    expect(judgeAttempt(counts({ accountFailures, trusted: true }), limits)).toBeNull();
    expect(judgeAttempt(counts({ accountFailures: { count: 19, newest: ago(1000) } }), limits)).toBeNull();
  });
});

describe('waitInWords', () => {
  it('says minutes, rounded up', () => {
    expect([1000, MINUTE, MINUTE + 1, 15 * MINUTE].map(waitInWords)).toEqual([
      'a minute',
      'a minute',
      '2 minutes',
      '15 minutes',
    ]);
  });
});

describe('the device cookie', () => {
  it('is read back only with this secret and unaltered', () => {
    const { id, header } = newDeviceCookie('secret-one', true);
    const value = header.split(';')[0]?.split('=')[1] ?? '';
    expect(header).toMatch(/; Secure$/);
    expect(readDeviceCookie('secret-one', value)).toBe(id);
    expect(readDeviceCookie('secret-two', value)).toBeNull();
    expect(readDeviceCookie('secret-one', `${crypto.randomUUID()}.${value.split('.')[1]}`)).toBeNull();
    expect(readDeviceCookie('secret-one', id)).toBeNull();
    expect(readDeviceCookie('secret-one', undefined)).toBeNull();
  });
});
