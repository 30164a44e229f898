/**
 * The one way to tell open pages that something changed: NOTIFY on the live channel inside the
 * writing transaction. PostgreSQL (and PGlite) deliver a notification only when that transaction
 * commits, and never when it rolls back, so a page never hears of a change that did not happen.
 */
import { sql } from 'drizzle-orm';
import type { LiveEvent } from '../../common/contracts/live';
import type { Executor } from '../db/client';

export const LIVE_CHANNEL = 'live_events';

export async function publishLive(db: Executor, event: LiveEvent): Promise<void> {
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(event)})`);
}
