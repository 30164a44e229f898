/**
 * The stove IDs a document holds, one row each in its items table: a stove report's
 * (stove_report_items), a sales order's (sales_order_items) and a transfer's (stove_transfer_items,
 * which also keep each ID's outcome: ../stove-transfers). Written once with the document (the IDs
 * changing status with it), locked before a status change undoes it, read with their status now,
 * and searched by code.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { StoveDocumentType, StoveIdStatus } from '../../../common/contracts/stove-ids';
import { queryRows, type Executor } from '../../db/client';
import {
  changeStoveIdStatuses,
  LOCKED_STOVE_ID_COLUMNS,
  sqlBigintArray,
  type LockedStoveId,
} from './stove-id-status.repository';

/** Each document's items table and its column naming the document. */
const ITEMS = {
  stove_report: { table: sql.raw('stove_report_items'), documentId: sql.raw('report_id') },
  sales_order: { table: sql.raw('sales_order_items'), documentId: sql.raw('order_id') },
  transfer: { table: sql.raw('stove_transfer_items'), documentId: sql.raw('transfer_id') },
} as const satisfies Partial<Record<StoveDocumentType, { table: SQL; documentId: SQL }>>;

/** A document whose items are the IDs alone (a transfer's carry more, and are written in ../stove-transfers). */
interface PlainDocument {
  type: 'stove_report' | 'sales_order';
  id: string;
}

/** What an ID becomes on a new document, and the SQL that sets it. */
const TAKEN_AS = { coupled: sql`status = 'coupled'`, sold: sql`status = 'sold'` } as const;

/**
 * A new stove report or sales order takes its (locked) IDs: its items are written, and each ID
 * becomes `status` with a history event of that kind naming the document.
 */
export async function putStoveIdsOnDocument(
  tx: Executor,
  document: PlainDocument,
  ids: readonly number[],
  change: { status: keyof typeof TAKEN_AS; actorId: string },
): Promise<void> {
  const items = ITEMS[document.type];
  await tx.execute(
    sql`insert into ${items.table} (${items.documentId}, stove_id_id)
        select ${document.id}::uuid, id from unnest(${sqlBigintArray(ids)}) as id order by id`,
  );
  const changed = await changeStoveIdStatuses(tx, {
    ids,
    kind: change.status,
    set: TAKEN_AS[change.status],
    document,
    actorId: change.actorId,
  });
  if (changed !== ids.length) throw new Error(`${change.status} ${changed} of ${ids.length} IDs`);
}

/** The document's IDs, locked FOR UPDATE in id order (as every status change locks them). */
export function lockDocumentStoveIds(db: Executor, document: PlainDocument): Promise<LockedStoveId[]> {
  const items = ITEMS[document.type];
  return queryRows<LockedStoveId>(
    db,
    sql`select ${LOCKED_STOVE_ID_COLUMNS}
          from stove_ids
         where id in (select i.stove_id_id from ${items.table} i where i.${items.documentId} = ${document.id})
         order by id
           for update`,
  );
}

/** Every ID of the document with its status now, by code. */
export function documentStoveIdRows(
  db: Executor,
  document: PlainDocument,
): Promise<{ code: string; status: StoveIdStatus }[]> {
  const items = ITEMS[document.type];
  return queryRows<{ code: string; status: StoveIdStatus }>(
    db,
    sql`select s.code, s.status
          from ${items.table} i
          join stove_ids s on s.id = i.stove_id_id
         where i.${items.documentId} = ${document.id}
         order by s.code`,
  );
}

/** The list filter "holds the stove ID with this code": `documentId` is the listed documents' id column. */
export function holdsStoveIdCode(type: keyof typeof ITEMS, documentId: AnyPgColumn, code: string): SQL {
  const items = ITEMS[type];
  return sql`${documentId} in (select i.${items.documentId} from ${items.table} i
                               where i.stove_id_id = (select s.id from stove_ids s where s.code = ${code}))`;
}
