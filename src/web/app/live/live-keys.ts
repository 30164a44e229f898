import type { LiveEvent, LiveEventKind } from '@common/contracts/live';

/** The query keys (prefixes) whose data an event of each kind may have changed. */
const KEYS_OF: Record<Exclude<LiveEventKind, 'resync'>, readonly string[]> = {
  'stove-ids': ['dashboard', 'stove-ids', 'stove-reports', 'sales'],
  stock: ['dashboard', 'ckd', 'ckd-reports', 'steel', 'inventory'],
  sales: ['dashboard', 'sales'],
  transfer: ['dashboard', 'stove-transfers', 'stove-ids'],
  announcement: ['dashboard', 'announcements'],
  calendar: ['dashboard', 'calendar'],
};

/** Every key the live stream keeps fresh: refetched on resync and polled while the stream is down. */
export const LIVE_KEYS: readonly string[] = [...new Set(Object.values(KEYS_OF).flat())];

export function liveKeysOf(event: LiveEvent): readonly string[] {
  return event.kind === 'resync' ? LIVE_KEYS : KEYS_OF[event.kind];
}
