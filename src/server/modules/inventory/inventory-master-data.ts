/**
 * What the three kinds of inventory master data (categories, units, items) share: the one way to
 * change, (de)activate and delete a record,
 * each in one transaction that locks the record and audits before and after. A record something
 * uses is deactivated, never deleted (409, nothing changes).
 */
import type { Actor } from '../../auth/actor';
import type { Database, Executor } from '../../db/client';
import { insertAudit } from '../audit/audit.repository';
import { assertActiveChanges, changeAudited, deleteAudited } from '../audit/audited-change';

interface MasterDataRow {
  id: string;
  active: boolean;
  updatedBy: string | null;
}

export interface MasterDataTable<Row extends MasterDataRow, Shown> {
  recordType: string;
  /** "inventory category", "unit": the noun of the (de)activation conflicts. */
  noun: string;
  /** 404 message when the record does not exist. */
  notFound: string;
  /** Locks the record FOR UPDATE and reads it. */
  lock: (tx: Executor, id: string) => Promise<Row | null>;
  update: (tx: Executor, id: string, values: Partial<Row>) => Promise<Row>;
  /** The record as the API answers it. */
  read: (db: Executor, actor: Actor, id: string) => Promise<Shown>;
  /** What the audit log keeps of the record. */
  audited: (row: Row) => unknown;
  /** Why the record cannot be deleted (what uses it), or null when nothing does. */
  inUse: (tx: Executor, id: string) => Promise<string | null>;
  remove: (tx: Executor, id: string) => Promise<void>;
}

/** Change, (de)activate and delete of one kind of master data record. */
export function masterDataRecords<Row extends MasterDataRow, Shown>(table: MasterDataTable<Row, Shown>) {
  /** Applies a change under a row lock (404 when missing) and audits before and after. */
  async function change(
    db: Database,
    actor: Actor,
    id: string,
    action: string,
    values: (current: Row, tx: Executor) => Promise<Partial<Row>>,
  ): Promise<Shown> {
    await changeAudited(db, {
      actorId: actor.userId,
      recordType: table.recordType,
      id,
      action,
      notFound: table.notFound,
      lock: table.lock,
      apply: async (tx, current) => table.update(tx, id, { ...(await values(current, tx)), updatedBy: actor.userId }),
      audited: table.audited,
    });
    return table.read(db, actor, id);
  }

  return {
    change,

    /** Audits a record just inserted, in the caller's transaction, and reads it as the API answers it. */
    created: async (tx: Executor, actor: Actor, row: Row): Promise<Shown> => {
      await insertAudit(tx, {
        actorId: actor.userId,
        action: 'create',
        recordType: table.recordType,
        recordId: row.id,
        after: table.audited(row),
      });
      return table.read(tx, actor, row.id);
    },

    /** POST …/deactivate and …/reactivate: 409 when it already is. */
    setActive: (db: Database, actor: Actor, id: string, active: boolean): Promise<Shown> =>
      change(db, actor, id, active ? 'reactivate' : 'deactivate', async (current) => {
        assertActiveChanges(table.noun, current.active, active);
        return { active } as Partial<Row>;
      }),

    /** DELETE: an unused record, audited (before = the record); 404 when missing, 409 while in use. */
    delete: (db: Database, actor: Actor, id: string): Promise<void> =>
      deleteAudited(db, {
        actorId: actor.userId,
        recordType: table.recordType,
        id,
        notFound: table.notFound,
        lock: table.lock,
        inUse: (tx) => table.inUse(tx, id),
        remove: table.remove,
        audited: table.audited,
      }),
  };
}
