import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { sessions } from '../db/schema/auth';
import { activitySessions } from '../db/schema/core';

export async function touchSession(db: Executor, sessionId: string, at: Date): Promise<void> {
  await db.update(sessions).set({ lastActiveAt: at }).where(eq(sessions.id, sessionId));
}

export async function deleteSession(db: Executor, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Removes sessions idle since `idleBefore` or past their absolute expiry; ends their tabs' activity records. */
export async function sweepSessions(db: Executor, idleBefore: Date, now: Date): Promise<number> {
  const removed = await db
    .delete(sessions)
    .where(or(lt(sessions.lastActiveAt, idleBefore), lt(sessions.expiresAt, now)))
    .returning({ id: sessions.id });
  await db
    .update(activitySessions)
    .set({ endedAt: now })
    .where(and(isNull(activitySessions.endedAt), lt(activitySessions.lastActivityAt, idleBefore)));
  return removed.length;
}
