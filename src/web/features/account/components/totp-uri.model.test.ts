import { describe, expect, it } from 'vitest';
import { secretOfTotpUri } from './totp-uri.model';

describe('secretOfTotpUri', () => {
  it('reads the key and groups it by four', () => {
    expect(secretOfTotpUri('otpauth://totp/Stove%20Back%20Office:a%40b.c?secret=MFRGGZDFMZTWQ2LK&issuer=x')).toBe(
      'MFRG GZDF MZTW Q2LK',
    );
    expect(secretOfTotpUri('otpauth://totp/x?secret=ABCDEF')).toBe('ABCD EF');
  });

  it('is empty for anything else', () => {
    expect(secretOfTotpUri('not a uri')).toBe('');
    expect(secretOfTotpUri('otpauth://totp/x')).toBe('');
  });
});
