import { and, count, eq, gte } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema/core';

export interface AuditEntry {
  actorId: string | null;
  action: string;
  recordType: string;
  recordId?: string | null;
  before?: unknown;
  after?: unknown;
  ipAddress?: string | null;
  userAgent?: string | null;
}

export async function insertAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    recordType: entry.recordType,
    recordId: entry.recordId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ipAddress: entry.ipAddress ?? null,
    userAgent: entry.userAgent ?? null,
  });
}

export async function countAuditSince(db: Executor, action: string, recordId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.recordId, recordId), gte(auditLog.at, since)));
  return row?.n ?? 0;
}

/** Many audit rows in one statement (imports), in chunks that stay under the parameter limit. */
export async function insertAudits(db: Executor, entries: AuditEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += 1000) {
    await db.insert(auditLog).values(
      entries.slice(i, i + 1000).map((entry) => ({
        actorId: entry.actorId,
        action: entry.action,
        recordType: entry.recordType,
        recordId: entry.recordId ?? null,
        before: entry.before ?? null,
        after: entry.after ?? null,
        ipAddress: entry.ipAddress ?? null,
        userAgent: entry.userAgent ?? null,
      })),
    );
  }
}
