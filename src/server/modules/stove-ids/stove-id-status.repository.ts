/**
 * The one way a stove ID's status changes: lock the IDs (in id order, so concurrent requests
 * never deadlock), check them in the service, then update them and append one history event per
 * ID in a single statement. History is append-only (a trigger refuses UPDATE and DELETE).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { StoveDocumentType, StoveEventKind, StoveIdStatus } from '../../../common/contracts/stove-ids';
import { queryRows, type Executor } from '../../db/client';
import { publishLive } from '../../live/publish-live';

export interface LockedStoveId {
  id: number;
  code: string;
  status: StoveIdStatus;
  heldStatus: StoveIdStatus | null;
  factoryId: string;
  pendingTransferId: string | null;
}

/** The select list of a LockedStoveId, over stove_ids. */
export const LOCKED_STOVE_ID_COLUMNS = sql`id::int as id, code, status, held_status as "heldStatus",
               factory_id as "factoryId", pending_transfer_id as "pendingTransferId"`;

/**
 * The IDs with these codes, locked FOR UPDATE until the transaction ends (codes not found are
 * simply absent). Call inside a transaction.
 */
export function lockStoveIdsByCodes(tx: Executor, codes: readonly string[]): Promise<LockedStoveId[]> {
  if (codes.length === 0) return Promise.resolve([]);
  return queryRows<LockedStoveId>(
    tx,
    sql`select ${LOCKED_STOVE_ID_COLUMNS}
          from stove_ids
         where code = any(${sqlTextArray(codes)})
         order by id
           for update`,
  );
}

/** The IDs on a transfer whose outcome is still pending, locked FOR UPDATE. */
export function lockStoveIdsOfTransfer(tx: Executor, transferId: string): Promise<LockedStoveId[]> {
  return queryRows<LockedStoveId>(
    tx,
    sql`select ${LOCKED_STOVE_ID_COLUMNS}
          from stove_ids
         where pending_transfer_id = ${transferId}
         order by id
           for update`,
  );
}

export interface StatusChange {
  /** stove_ids.id of the (locked) IDs to change. */
  ids: readonly number[];
  kind: StoveEventKind;
  /**
   * The new values, as SQL over the row `s` (e.g. sql`status = 'void', void_reason = ${reason}`).
   * updated_at and updated_by are set here.
   */
  set: SQL;
  document?: { type: StoveDocumentType; id: string } | null;
  note?: string | null;
  actorId: string | null;
}

/**
 * Applies one change to every ID and appends one history event per ID (from → to status, the
 * factory after the change, the document, who and when), and tells open pages of those factories
 * (live updates). Returns the number of IDs changed.
 */
export async function changeStoveIdStatuses(tx: Executor, change: StatusChange): Promise<number> {
  if (change.ids.length === 0) return 0;
  const rows = await queryRows<{ n: number | string; factoryIds: string[] | null }>(
    tx,
    sql`
    with before as (
      select id, status from stove_ids where id = any(${sqlBigintArray(change.ids)})
    ), changed as (
      update stove_ids s
         set ${change.set}, updated_at = now(), updated_by = ${change.actorId}
        from before b
       where s.id = b.id
      returning s.id, b.status as from_status, s.status as to_status, s.factory_id
    ), events as (
      insert into stove_id_events (stove_id_id, kind, from_status, to_status, factory_id, document_type, document_id, note, actor_id)
      select id, ${change.kind}, from_status, to_status, factory_id,
             ${change.document?.type ?? null}::stove_document_type, ${change.document?.id ?? null}::uuid,
             ${change.note ?? null}, ${change.actorId}
        from changed
      returning 1
    )
    select (select count(*)::int from events) as n,
           (select array_agg(distinct factory_id) from changed where factory_id is not null) as "factoryIds"`,
  );
  await publishLive(tx, { kind: 'stove-ids', factoryIds: rows[0]?.factoryIds ?? [] });
  return Number(rows[0]?.n ?? 0);
}

/**
 * A text[] bound as one parameter, however many values (drizzle would expand a JS array into one
 * parameter per value, and PostgreSQL allows at most 65,535).
 */
export function sqlTextArray(values: readonly string[]): SQL {
  return sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
}

/** A bigint[] bound as one parameter. */
export function sqlBigintArray(values: readonly number[]): SQL {
  return sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb)::bigint)`;
}
