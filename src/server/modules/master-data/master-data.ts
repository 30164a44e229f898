/**
 * What every kind of master data (sales categories and packages, inventory categories, units and
 * items, steel and CKD categories, factories) shares on the service side:
 * - masterDataRecords: the one way to audit a record just created, and to change, (de)activate
 *   or delete one, each in one transaction that locks the record (404 when missing) and writes an
 *   audit row with before and after. A record something uses is deactivated, never deleted (409).
 * - uniqueFields: a unique name (or code, or symbol) another record holds is a 409 on the field,
 *   checked before writing and also when a concurrent write won the race on the unique index.
 * What differs (the fields, the checks of a change, what counts as in use, the messages) stays
 * in each area's service.
 */
import type { Actor } from '../../auth/actor';
import type { Database, Executor } from '../../db/client';
import { violatedUniqueIndex } from '../../db/database-errors';
import { errors, type AppError, type FieldErrors } from '../../http/errors';
import { insertAudit } from '../audit/audit.repository';
import { assertActiveChanges, changeAudited, deleteAudited } from '../audit/audited-change';
import type { UniqueColumns, UniqueValues } from './master-data.repository';

interface MasterDataRow {
  id: string;
  active: boolean;
  updatedBy: string | null;
}

export interface MasterDataTable<Row extends MasterDataRow, Shown> {
  /** The audit log's record type: "sales_category". */
  recordType: string;
  /** "sales category", "unit": the noun of the (de)activation conflicts ("This unit is already active."). */
  noun: string;
  /** 404 message when the record does not exist. */
  notFound: string;
  /** Locks the record FOR UPDATE and reads it. */
  lock: (tx: Executor, id: string) => Promise<Row | null>;
  /** Writes the values (and updatedBy) and returns the row as it is afterwards. */
  update: (tx: Executor, id: string, values: Partial<Row>) => Promise<Row>;
  /** The record as the API answers it, from its row as written (read again, or presented from the row). */
  read: (db: Executor, actor: Actor, row: Row) => Promise<Shown> | Shown;
  /** What the audit log keeps of the record. */
  audited: (row: Row) => unknown;
}

/** How a record that may be deleted while unused is deleted. */
export interface UnusedDeletion<Row> {
  /** Why the record cannot be deleted ("… deactivate it instead."), or null when nothing uses it. */
  inUse: (tx: Executor, current: Row) => Promise<string | null>;
  remove: (tx: Executor, id: string) => Promise<void>;
}

/** Create's audit, change, (de)activate and delete of one kind of master-data record. */
export function masterDataRecords<Row extends MasterDataRow, Shown>(table: MasterDataTable<Row, Shown>) {
  /** Applies a change under a row lock (404 when missing) and audits before and after. */
  async function change(
    db: Database,
    actor: Actor,
    id: string,
    action: string,
    values: (current: Row, tx: Executor) => Promise<Partial<Row>>,
  ): Promise<Shown> {
    const row = await changeAudited(db, {
      actorId: actor.userId,
      recordType: table.recordType,
      id,
      action,
      notFound: table.notFound,
      lock: table.lock,
      apply: async (tx, current) => table.update(tx, id, { ...(await values(current, tx)), updatedBy: actor.userId }),
      audited: table.audited,
    });
    return table.read(db, actor, row);
  }

  return {
    change,

    /** Audits a record just inserted, in the caller's transaction, and answers it. */
    created: async (tx: Executor, actor: Actor, row: Row): Promise<Shown> => {
      await insertAudit(tx, {
        actorId: actor.userId,
        action: 'create',
        recordType: table.recordType,
        recordId: row.id,
        after: table.audited(row),
      });
      return table.read(tx, actor, row);
    },

    /** POST …/deactivate and …/reactivate: 409 when it already is. */
    setActive: (db: Database, actor: Actor, id: string, active: boolean): Promise<Shown> =>
      change(db, actor, id, active ? 'reactivate' : 'deactivate', async (current) => {
        assertActiveChanges(table.noun, current.active, active);
        return { active } as Partial<Row>;
      }),

    /** DELETE: an unused record, audited (before = the record); 404 when missing, 409 while in use (nothing changes). */
    deleteWhenUnused:
      ({ inUse, remove }: UnusedDeletion<Row>) =>
      (db: Database, actor: Actor, id: string): Promise<void> =>
        deleteAudited(db, {
          actorId: actor.userId,
          recordType: table.recordType,
          id,
          notFound: table.notFound,
          lock: table.lock,
          inUse,
          remove,
          audited: table.audited,
        }),
  };
}

/** The 409 message of a field whose value another record holds. */
export type TakenMessage = (value: {
  /** The value as written in the request. */
  asked: string;
  /** The other record's spelling of it (the asked one when a concurrent write won the race). */
  held: string;
}) => string;

/**
 * The unique fields of one kind of record: a 409 naming each field whose value another record
 * holds (the messages joined, and each on its field), before the write (assertFree) and when the
 * write runs into a unique index a concurrent one won meanwhile (guard).
 */
export function uniqueFields<Field extends string>(unique: UniqueColumns<Field>, taken: Record<Field, TakenMessage>) {
  const fields = Object.keys(taken) as Field[];

  function conflict(held: Partial<Record<Field, { asked: string; held: string }>>): AppError {
    const fieldErrors: FieldErrors = {};
    for (const field of fields) {
      const value = held[field];
      if (value) fieldErrors[field] = [taken[field](value)];
    }
    return errors.conflict(Object.values(fieldErrors).flat().join(' '), fieldErrors);
  }

  return {
    /** 409 on each field whose value another record than `exceptId` holds; values left out are not checked. */
    async assertFree(db: Executor, values: UniqueValues<Field>, exceptId?: string): Promise<void> {
      const found = await unique.findHeld(db, values, exceptId);
      const held: Partial<Record<Field, { asked: string; held: string }>> = {};
      for (const field of fields) {
        const asked = values[field];
        const other = found[field];
        if (asked !== undefined && other !== undefined) held[field] = { asked, held: other };
      }
      if (Object.keys(held).length > 0) throw conflict(held);
    },

    /** Runs a write; a unique index of these fields that a concurrent write won becomes the same 409. */
    async guard<T>(values: UniqueValues<Field>, write: () => Promise<T>): Promise<T> {
      try {
        return await write();
      } catch (error) {
        const index = violatedUniqueIndex(error);
        const field = fields.find((f) => unique.indexes[f] === index);
        const asked = field === undefined ? undefined : values[field];
        if (field === undefined || asked === undefined) throw error;
        throw conflict({ [field]: { asked, held: asked } } as Partial<Record<Field, { asked: string; held: string }>>);
      }
    },
  };
}
