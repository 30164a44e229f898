import { describe, expect, it } from 'vitest';
import { pathOf, returnPath, setChosenSignOut, signedOutState } from './return-path';

describe('returnPath', () => {
  it('goes back to the path of this app that was opened', () => {
    expect(returnPath({ from: '/stove-id/transfer-confirmations/7f0c?tab=ids#list' })).toBe(
      '/stove-id/transfer-confirmations/7f0c?tab=ids#list',
    );
  });

  it('goes to the landing page when there is nothing to go back to', () => {
    expect(returnPath(null)).toBe('/');
    expect(returnPath(undefined)).toBe('/');
    expect(returnPath({})).toBe('/');
    expect(returnPath({ from: 42 })).toBe('/');
  });

  it('never leaves the app, nor comes back to the sign-in page', () => {
    for (const from of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'stove-id',
      '/auth',
      '/auth?x=1',
    ]) {
      expect(returnPath({ from }), from).toBe('/');
    }
    expect(returnPath({ from: '/authors' })).toBe('/authors');
  });
});

describe('pathOf', () => {
  it('keeps the query and the hash', () => {
    expect(pathOf({ pathname: '/sales/sales-order', search: '?status=open', hash: '#x' })).toBe(
      '/sales/sales-order?status=open#x',
    );
  });
});

describe('signedOutState', () => {
  const at = { pathname: '/production/stove-report', search: '', hash: '' };

  it('leads back after a session ends on its own, and starts afresh after a chosen sign-out', () => {
    expect(signedOutState(at)).toEqual({ from: '/production/stove-report' });
    setChosenSignOut(true);
    expect(signedOutState(at)).toEqual({});
    setChosenSignOut(false);
    expect(signedOutState(at)).toEqual({ from: '/production/stove-report' });
  });
});
