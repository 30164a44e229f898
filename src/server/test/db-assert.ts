/** Small database reads for assertions in API tests ("nothing changed", "one audit row"). */
import { and, count, eq, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { users } from '../db/schema/auth';
import { auditLog } from '../db/schema/core';

export async function countRows(db: Executor, table: PgTable, where?: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

export function countUsersWithEmail(db: Executor, email: string): Promise<number> {
  return countRows(db, users, eq(users.email, email));
}

export function auditRows(db: Executor, action: string, recordId: string) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.recordId, recordId)));
}
