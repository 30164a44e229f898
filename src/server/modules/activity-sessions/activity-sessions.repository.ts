import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { activitySessions } from '../../db/schema/core';

export interface ActivitySessionInput {
  id: string;
  userId: string;
  authSessionId: string;
  userAgent: string | null;
  ipAddress: string | null;
  serverIpAddress: string;
}

export async function upsertActivitySession(db: Executor, input: ActivitySessionInput, at: Date): Promise<void> {
  await db
    .insert(activitySessions)
    .values({ ...input, startedAt: at, lastActivityAt: at })
    .onConflictDoUpdate({
      target: activitySessions.id,
      set: {
        authSessionId: input.authSessionId,
        userAgent: input.userAgent,
        ipAddress: input.ipAddress,
        serverIpAddress: input.serverIpAddress,
        lastActivityAt: at,
        endedAt: null,
      },
      setWhere: eq(activitySessions.userId, input.userId),
    });
}

/** Returns false when the user has no open record with that id. */
export async function pingActivitySession(db: Executor, id: string, userId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(activitySessions)
    .set({ lastActivityAt: at })
    .where(and(eq(activitySessions.id, id), eq(activitySessions.userId, userId), isNull(activitySessions.endedAt)))
    .returning({ id: activitySessions.id });
  return rows.length > 0;
}

export async function endActivitySession(db: Executor, id: string, userId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(activitySessions)
    .set({ endedAt: at, lastActivityAt: at })
    .where(and(eq(activitySessions.id, id), eq(activitySessions.userId, userId), isNull(activitySessions.endedAt)))
    .returning({ id: activitySessions.id });
  return rows.length > 0;
}

export async function findActivitySession(db: Executor, id: string) {
  const [row] = await db.select().from(activitySessions).where(eq(activitySessions.id, id));
  return row ?? null;
}
