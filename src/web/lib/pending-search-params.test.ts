import { describe, expect, it } from 'vitest';
import { PendingSearchParams } from './pending-search-params';

describe('PendingSearchParams', () => {
  it('a second change before the first is rendered builds on the first', () => {
    const pending = new PendingSearchParams();
    expect(pending.base('sort=date')).toBe('sort=date');
    pending.wrote('sort=date&from=2023-02-02');
    // Not rendered yet: the page still shows the old address.
    expect(pending.base('sort=date')).toBe('sort=date&from=2023-02-02');
    pending.wrote('sort=date&from=2023-02-02&to=2023-02-02');
    expect(pending.base('sort=date')).toBe('sort=date&from=2023-02-02&to=2023-02-02');
  });

  it('follows the router as the writes are rendered, one by one', () => {
    const pending = new PendingSearchParams();
    pending.base('');
    pending.wrote('a=1');
    pending.wrote('a=1&b=2');
    // The first write is rendered; the second is still on its way.
    expect(pending.base('a=1')).toBe('a=1&b=2');
    pending.wrote('a=1&b=2&c=3');
    expect(pending.base('a=1&b=2')).toBe('a=1&b=2&c=3');
    expect(pending.base('a=1&b=2&c=3')).toBe('a=1&b=2&c=3');
    // All rendered: the rendered address is the base again.
    expect(pending.base('a=1&b=2&c=3')).toBe('a=1&b=2&c=3');
  });

  it('an address from elsewhere (a link, Back) wins over writes not rendered yet', () => {
    const pending = new PendingSearchParams();
    pending.base('q=old');
    pending.wrote('q=old&page=2');
    expect(pending.base('tab=audit')).toBe('tab=audit');
    pending.wrote('tab=audit&q=x');
    expect(pending.base('tab=audit')).toBe('tab=audit&q=x');
  });

  it('with nothing written, the base is always what was rendered', () => {
    const pending = new PendingSearchParams();
    expect(pending.base('x=1')).toBe('x=1');
    expect(pending.base('x=2')).toBe('x=2');
  });
});
