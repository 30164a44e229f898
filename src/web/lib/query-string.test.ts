import { describe, expect, it } from 'vitest';
import { toQueryString, withQuery } from './query-string';

describe('toQueryString', () => {
  it('leaves out empty and undefined values and encodes the rest', () => {
    expect(toQueryString({ q: 'a b&c', sort: 'name', cursor: undefined, kind: '', limit: 50, active: false })).toBe(
      'q=a+b%26c&sort=name&limit=50&active=false',
    );
  });
  it('appends nothing when there is no parameter', () => {
    expect(withQuery('/api/factories', {})).toBe('/api/factories');
    expect(withQuery('/api/factories', { q: 'x' })).toBe('/api/factories?q=x');
  });
});
