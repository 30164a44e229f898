import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { BackupTrigger } from '../../../common/contracts/backups';
import { queryRows, type Executor } from '../../db/client';
import { users } from '../../db/schema/auth';
import { profiles } from '../../db/schema/core';
import { backupRuns, scheduledJobs } from '../../db/schema/operations';

export type BackupRunRow = typeof backupRuns.$inferSelect & { startedByName: string | null };

const columns = {
  id: backupRuns.id,
  trigger: backupRuns.trigger,
  status: backupRuns.status,
  fileName: backupRuns.fileName,
  engine: backupRuns.engine,
  schemaVersion: backupRuns.schemaVersion,
  sizeBytes: backupRuns.sizeBytes,
  progress: backupRuns.progress,
  step: backupRuns.step,
  error: backupRuns.error,
  instance: backupRuns.instance,
  startedBy: backupRuns.startedBy,
  startedAt: backupRuns.startedAt,
  heartbeatAt: backupRuns.heartbeatAt,
  finishedAt: backupRuns.finishedAt,
  startedByName: sql<string | null>`coalesce(${profiles.name}, ${users.name})`,
};

export async function listBackupRuns(db: Executor, limit: number): Promise<BackupRunRow[]> {
  return db
    .select(columns)
    .from(backupRuns)
    .leftJoin(users, eq(users.id, backupRuns.startedBy))
    .leftJoin(profiles, eq(profiles.id, backupRuns.startedBy))
    .orderBy(desc(backupRuns.startedAt))
    .limit(limit);
}

export async function findBackupRun(db: Executor, id: string): Promise<BackupRunRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(backupRuns)
    .leftJoin(users, eq(users.id, backupRuns.startedBy))
    .leftJoin(profiles, eq(profiles.id, backupRuns.startedBy))
    .where(eq(backupRuns.id, id));
  return row;
}

/** A running backup whose instance has not written for this long has stopped with it. */
const STALE_AFTER = sql`interval '2 minutes'`;

/** Marks the running backups whose instance stopped (no heartbeat for 2 minutes) as failed. */
export async function failStaleBackupRuns(db: Executor): Promise<void> {
  await db
    .update(backupRuns)
    .set({ status: 'failed', error: 'Interrupted: the server running it stopped.', finishedAt: sql`now()` })
    .where(and(eq(backupRuns.status, 'running'), lt(backupRuns.heartbeatAt, sql`now() - ${STALE_AFTER}`)));
}

export interface NewBackupRun {
  trigger: BackupTrigger;
  fileName: string;
  engine: string;
  schemaVersion: number;
  instance: string;
  startedBy: string | null;
}

/** Inserts the running row; the partial unique index refuses a second running one (23505). */
export async function insertBackupRun(db: Executor, run: NewBackupRun): Promise<string> {
  const [row] = await db.insert(backupRuns).values(run).returning({ id: backupRuns.id });
  if (!row) throw new Error('no backup row');
  return row.id;
}

/** A backup made while the table did not exist yet (before the migrations of an upgrade), recorded after. */
export async function insertFinishedBackupRun(
  db: Executor,
  run: NewBackupRun & { sizeBytes: number; startedAt: Date; finishedAt: Date },
): Promise<void> {
  await db
    .insert(backupRuns)
    .values({ ...run, status: 'succeeded', progress: 1, heartbeatAt: run.finishedAt })
    .onConflictDoNothing();
}

export async function updateBackupProgress(db: Executor, id: string, progress: number, step: string): Promise<void> {
  await db
    .update(backupRuns)
    .set({ progress, step, heartbeatAt: sql`now()` })
    .where(and(eq(backupRuns.id, id), eq(backupRuns.status, 'running')));
}

export async function finishBackupRun(
  db: Executor,
  id: string,
  result: { status: 'succeeded'; sizeBytes: number } | { status: 'failed'; error: string },
): Promise<void> {
  await db
    .update(backupRuns)
    .set({
      ...result,
      ...(result.status === 'succeeded' ? { progress: 1, step: null } : {}),
      finishedAt: sql`now()`,
      heartbeatAt: sql`now()`,
    })
    .where(eq(backupRuns.id, id));
}

/** The made backups past the newest `keep` (their files are deleted with them), oldest last. */
export async function backupRunsBeyond(db: Executor, keep: number): Promise<{ id: string; fileName: string }[]> {
  return queryRows<{ id: string; fileName: string }>(
    db,
    sql`select id, file_name as "fileName" from backup_runs where status = 'succeeded'
         order by started_at desc offset ${keep}`,
  );
}

export async function deleteBackupRun(db: Executor, id: string): Promise<void> {
  await db.delete(backupRuns).where(eq(backupRuns.id, id));
}

/** Failed backups are kept in the list for 30 days, for whoever wonders why one is missing. */
export async function deleteOldFailedBackupRuns(db: Executor): Promise<void> {
  await db
    .delete(backupRuns)
    .where(and(eq(backupRuns.status, 'failed'), lt(backupRuns.startedAt, sql`now() - interval '30 days'`)));
}

/**
 * Claims the job's run when it is due: one UPDATE moves next_run_at forward only where it is
 * ≤ now(), so of several instances asking at once exactly one gets the row back (the others
 * wait for its lock, then see the moved time). The first time, the job is due one interval later.
 */
export async function claimScheduledRun(db: Executor, name: string, intervalMs: number): Promise<boolean> {
  const interval = sql`make_interval(secs => ${intervalMs / 1000})`;
  await db
    .insert(scheduledJobs)
    .values({ name, nextRunAt: sql`now() + ${interval}` })
    .onConflictDoNothing();
  const claimed = await db
    .update(scheduledJobs)
    .set({ nextRunAt: sql`now() + ${interval}` })
    .where(and(eq(scheduledJobs.name, name), sql`${scheduledJobs.nextRunAt} <= now()`))
    .returning({ name: scheduledJobs.name });
  return claimed.length > 0;
}

export async function setNextScheduledRun(db: Executor, name: string, at: Date | 'now'): Promise<void> {
  await db
    .insert(scheduledJobs)
    .values({ name, nextRunAt: at === 'now' ? sql`now()` : at })
    .onConflictDoUpdate({ target: scheduledJobs.name, set: { nextRunAt: at === 'now' ? sql`now()` : at } });
}

export async function nextScheduledRun(db: Executor, name: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: scheduledJobs.nextRunAt })
    .from(scheduledJobs)
    .where(eq(scheduledJobs.name, name));
  return row?.at ?? null;
}

/** When the last backup that was made finished, across instances; null before the first. */
export async function lastSucceededBackupAt(db: Executor): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | null>`max(${backupRuns.finishedAt})`.mapWith(backupRuns.finishedAt) })
    .from(backupRuns)
    .where(eq(backupRuns.status, 'succeeded'));
  return row?.at ?? null;
}
