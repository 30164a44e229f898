/** Password recovery: its links (better-auth's verification rows) and the counts its limits read. */
import { and, count, eq, gt, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions, users, verifications } from '../../db/schema/auth';
import { auditLog, profiles } from '../../db/schema/core';

/** Audit rows of one action from one client address since a time. */
export async function countAuditFromAddressSince(
  db: Executor,
  action: string,
  ipAddress: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.ipAddress, ipAddress), gte(auditLog.at, since)));
  return row?.n ?? 0;
}

/** A recovery link's row, stored as better-auth's resetPassword reads it (identifier hashed). */
export async function insertRecoveryLink(
  db: Executor,
  link: { storedIdentifier: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db
    .insert(verifications)
    .values({ identifier: link.storedIdentifier, value: link.userId, expiresAt: link.expiresAt });
}

/** The account a live recovery link is for: its id, email and whether it is active; null when none. */
export async function findRecoveryLinkUser(
  db: Executor,
  storedIdentifier: string,
): Promise<{ userId: string; email: string; active: boolean } | null> {
  const [row] = await db
    .select({ userId: users.id, email: users.email, active: profiles.active })
    .from(verifications)
    .innerJoin(users, sql`${users.id}::text = ${verifications.value}`)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(and(eq(verifications.identifier, storedIdentifier), gt(verifications.expiresAt, new Date())))
    .limit(1);
  return row ?? null;
}

/** Every session of the user (a recovery ends them all). */
export async function findSessionIds(db: Executor, userId: string): Promise<string[]> {
  const rows = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  return rows.map((r) => r.id);
}
