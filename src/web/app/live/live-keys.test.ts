import { describe, expect, it } from 'vitest';
import { LIVE_KEYS, liveKeysOf } from './live-keys';

describe('liveKeysOf', () => {
  it('refreshes the dashboards on every kind of change, and the screens of that change', () => {
    expect(liveKeysOf({ kind: 'stock', factoryIds: [] })).toEqual(
      expect.arrayContaining(['dashboard', 'ckd', 'steel', 'inventory']),
    );
    expect(liveKeysOf({ kind: 'calendar', factoryIds: [] })).toEqual(['dashboard', 'calendar']);
    expect(liveKeysOf({ kind: 'sales', factoryIds: [] })).toEqual(['dashboard', 'sales']);
  });

  it('refreshes everything live on resync, each key once', () => {
    expect(liveKeysOf({ kind: 'resync' })).toBe(LIVE_KEYS);
    expect(new Set(LIVE_KEYS).size).toBe(LIVE_KEYS.length);
    expect(LIVE_KEYS).toEqual(expect.arrayContaining(['announcements', 'stove-transfers', 'dashboard']));
  });
});
