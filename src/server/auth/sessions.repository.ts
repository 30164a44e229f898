import { and, count, eq, gt, isNull, lt, ne, or } from 'drizzle-orm';
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

/** Sessions signed in now: not past their absolute expiry and active since `idleBefore` (not yet swept). */
export async function countActiveSessions(db: Executor, idleBefore: Date, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sessions)
    .where(and(gt(sessions.expiresAt, now), gt(sessions.lastActiveAt, idleBefore)));
  return row?.n ?? 0;
}

/** The user's sessions other than `exceptId` (the browser asking). */
export async function findOtherSessionIds(db: Executor, userId: string, exceptId: string): Promise<string[]> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, exceptId)));
  return rows.map((r) => r.id);
}
