/**
 * The one way to change a single record: in a transaction, lock and read it (404 when missing),
 * apply the change, read the result, and write an audit row with before and after. And the one
 * way to delete a master-data record nothing uses yet (deleteAudited).
 */
import type { Database, Executor } from '../../db/client';
import { errors } from '../../http/errors';
import { insertAudit } from './audit.repository';

export interface AuditedChange<Row> {
  actorId: string;
  recordType: string;
  id: string;
  action: string;
  /** 404 message when the record does not exist. */
  notFound: string;
  /** Locks the record (SELECT … FOR UPDATE, plus any wider lock the change needs) and reads it. */
  lock: (tx: Executor, id: string) => Promise<Row | null>;
  /** Checks and writes the change; returns the record as it is afterwards. */
  apply: (tx: Executor, current: Row) => Promise<Row>;
  /** What the audit log keeps of the record (never secrets). */
  audited: (row: Row) => unknown;
}

/** Returns the changed row. */
export function changeAudited<Row>(db: Database, change: AuditedChange<Row>): Promise<Row> {
  return db.transaction(async (tx) => {
    const current = await change.lock(tx, change.id);
    if (!current) throw errors.notFound(change.notFound);
    const updated = await change.apply(tx, current);
    await insertAudit(tx, {
      actorId: change.actorId,
      action: change.action,
      recordType: change.recordType,
      recordId: change.id,
      before: change.audited(current),
      after: change.audited(updated),
    });
    return updated;
  });
}

/** The conflict of (de)activating what already is in that state. */
export function assertActiveChanges(noun: string, current: boolean, wanted: boolean): void {
  if (current === wanted) {
    throw errors.conflict(wanted ? `This ${noun} is already active.` : `This ${noun} is already deactivated.`);
  }
}

export interface AuditedDelete<Row> {
  actorId: string;
  recordType: string;
  id: string;
  /** 404 message when the record does not exist. */
  notFound: string;
  /** Locks the record (SELECT … FOR UPDATE) and reads it. */
  lock: (tx: Executor, id: string) => Promise<Row | null>;
  /** Why the record cannot be deleted (what uses it: "… deactivate it instead."), or null when nothing does. */
  inUse: (tx: Executor, current: Row) => Promise<string | null>;
  remove: (tx: Executor, id: string) => Promise<void>;
  /** What the audit log keeps of the record. */
  audited: (row: Row) => unknown;
}

/** Deletes a record nothing uses and audits it (before = the record); 404 when missing, 409 while in use (nothing changes). */
export function deleteAudited<Row>(db: Database, del: AuditedDelete<Row>): Promise<void> {
  return db.transaction(async (tx) => {
    const current = await del.lock(tx, del.id);
    if (!current) throw errors.notFound(del.notFound);
    const usedBy = await del.inUse(tx, current);
    if (usedBy) throw errors.conflict(usedBy);
    await del.remove(tx, del.id);
    await insertAudit(tx, {
      actorId: del.actorId,
      action: 'delete',
      recordType: del.recordType,
      recordId: del.id,
      before: del.audited(current),
    });
  });
}
