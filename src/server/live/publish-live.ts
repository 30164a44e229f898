/**
 * The one way to tell open pages that something changed: NOTIFY on the live channel inside the
 * writing transaction. PostgreSQL (and PGlite) deliver a notification only when that transaction
 * commits, and never when it rolls back, so a page never hears of a change that did not happen.
 */
import { sql } from 'drizzle-orm';
import type { LiveEvent } from '../../common/contracts/live';
import type { Executor } from '../db/client';

export const LIVE_CHANNEL = 'live_events';

/**
 * Server-only, never sent to a page as a `live` event: the user's streams (or one session's) end at
 * once with `signed-out` (a deactivation, a revoked session), on every instance. Published in the
 * transaction that signs them out, so an event committed after it never reaches them.
 */
export interface SignedOutEvent {
  kind: 'signed-out';
  userId: string;
  /** Only this session's streams; all the user's when absent. */
  sessionId?: string;
}

/** What travels on the live channel: a page's LiveEvent, or a SignedOutEvent for the streams. */
export type HubEvent = LiveEvent | SignedOutEvent;

export async function publishLive(db: Executor, event: HubEvent): Promise<void> {
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(event)})`);
}
