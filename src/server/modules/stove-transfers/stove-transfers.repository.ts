/**
 * SQL of two-step stove ID transfers. Status changes of the IDs themselves go through
 * ../stove-ids/stove-id-status.repository.ts (lock, change + history event); this file reads
 * candidates, writes the transfer and its items, and reads transfers for lists and details.
 */
import { eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  ListStoveTransfersQuery,
  StoveIdStatus,
  StoveTransferItemOutcome,
  StoveTransferStatus,
} from '../../../common/contracts/stove-ids';
import { queryRows, type Executor } from '../../db/client';
import { joinPerson, recordPerson } from '../../db/record-person';
import { factories } from '../../db/schema/core';
import { stoveTransfers } from '../../db/schema/stove-ids';
import { afterCursor, countCapped, cursorRowValue, orderBy, whereAll, type Cursor } from '../../http/list';
import { holdsStoveIdCode } from '../stove-ids/document-stove-ids.repository';
import { sqlBigintArray, sqlTextArray } from '../stove-ids/stove-id-status.repository';

export interface FactoryRow {
  id: string;
  name: string;
  code: string;
  active: boolean;
}

export async function findFactories(db: Executor, ids: readonly string[]): Promise<Map<string, FactoryRow>> {
  const rows = await queryRows<FactoryRow>(
    db,
    sql`select id, name, code, active from factories where id = any(${sqlTextArray(ids)}::uuid[])`,
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** What a transfer check needs to know of an ID. */
export interface TransferCandidate {
  code: string;
  status: StoveIdStatus;
  factoryId: string;
  pendingTransferId: string | null;
  /** The number of the pending transfer it is on. */
  pendingTransferNumber: number | null;
}

/** The IDs with these codes (one query, no locks), with the number of the pending transfer each is on. */
export function findTransferCandidates(db: Executor, codes: readonly string[]): Promise<TransferCandidate[]> {
  if (codes.length === 0) return Promise.resolve([]);
  return queryRows<TransferCandidate>(
    db,
    sql`select s.code, s.status, s.factory_id as "factoryId", s.pending_transfer_id as "pendingTransferId",
               t.number::int as "pendingTransferNumber"
          from stove_ids s
          left join stove_transfers t on t.id = s.pending_transfer_id
         where s.code = any(${sqlTextArray(codes)})`,
  );
}

/** Transfer numbers by id. */
export async function transferNumbers(db: Executor, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: string; number: number }>(
    db,
    sql`select id, number::int as number from stove_transfers where id = any(${sqlTextArray(ids)}::uuid[])`,
  );
  return new Map(rows.map((r) => [r.id, Number(r.number)]));
}

export interface NewTransfer {
  fromFactoryId: string;
  toFactoryId: string;
  idCount: number;
  note: string | null;
  actorId: string;
}

export async function insertTransfer(db: Executor, t: NewTransfer): Promise<{ id: string; number: number }> {
  const [row] = await db
    .insert(stoveTransfers)
    .values({
      fromFactoryId: t.fromFactoryId,
      toFactoryId: t.toFactoryId,
      idCount: t.idCount,
      note: t.note,
      createdBy: t.actorId,
      updatedBy: t.actorId,
    })
    .returning({ id: stoveTransfers.id, number: stoveTransfers.number });
  if (!row) throw new Error('insert into stove_transfers returned no row');
  return row;
}

/**
 * The transfer's items (outcome pending), each holding the status its ID had when locked (the rows
 * are locked, so it is still the current one; not read again).
 */
export async function insertTransferItems(
  db: Executor,
  transferId: string,
  locked: readonly { id: number; status: StoveIdStatus }[],
): Promise<void> {
  await db.execute(
    sql`insert into stove_transfer_items (transfer_id, stove_id_id, held_status)
        select ${transferId}, l.id, l.status
          from unnest(${sqlBigintArray(locked.map((l) => l.id))},
                      ${sqlTextArray(locked.map((l) => l.status))}::stove_id_status[]) as l(id, status)
         order by l.id`,
  );
}

/** Sets the outcome of the given items (joined, not `= any`, so 5,000 IDs stay one index probe each). */
export async function setItemOutcomes(
  db: Executor,
  transferId: string,
  ids: readonly number[],
  outcome: Exclude<StoveTransferItemOutcome, 'pending'>,
): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(
    sql`update stove_transfer_items i
           set outcome = ${outcome}
          from unnest(${sqlBigintArray(ids)}) as picked(id)
         where i.transfer_id = ${transferId} and i.stove_id_id = picked.id`,
  );
}

/** Every item of the transfer still pending gets this outcome. */
export async function settlePendingItems(
  db: Executor,
  transferId: string,
  outcome: Exclude<StoveTransferItemOutcome, 'pending'>,
): Promise<void> {
  await db.execute(
    sql`update stove_transfer_items set outcome = ${outcome}
         where transfer_id = ${transferId} and outcome = 'pending'`,
  );
}

export interface LockedTransfer {
  id: string;
  number: number;
  status: StoveTransferStatus;
  fromFactoryId: string;
  toFactoryId: string;
  idCount: number;
}

/** The transfer, locked FOR UPDATE until the transaction ends (null when it does not exist). */
export async function lockTransfer(db: Executor, id: string): Promise<LockedTransfer | null> {
  const [row] = await db
    .select({
      id: stoveTransfers.id,
      number: stoveTransfers.number,
      status: stoveTransfers.status,
      fromFactoryId: stoveTransfers.fromFactoryId,
      toFactoryId: stoveTransfers.toFactoryId,
      idCount: stoveTransfers.idCount,
    })
    .from(stoveTransfers)
    .where(eq(stoveTransfers.id, id))
    .for('update');
  return row ?? null;
}

export async function decideTransfer(
  db: Executor,
  id: string,
  decision: {
    status: Exclude<StoveTransferStatus, 'pending'>;
    receivedCount: number | null;
    reason: string | null;
    actorId: string;
  },
): Promise<void> {
  const now = new Date();
  await db
    .update(stoveTransfers)
    .set({
      status: decision.status,
      receivedCount: decision.receivedCount,
      reason: decision.reason,
      decidedAt: now,
      decidedBy: decision.actorId,
      updatedAt: now,
      updatedBy: decision.actorId,
    })
    .where(eq(stoveTransfers.id, id));
}

// ---------------------------------------------------------------------------------------------
// Reading transfers

/** A transfer with its sides and people, as lists, exports and details read it. */
export interface TransferRow {
  id: string;
  number: number;
  status: StoveTransferStatus;
  fromId: string;
  fromName: string;
  fromCode: string;
  toId: string;
  toName: string;
  toCode: string;
  idCount: number;
  receivedCount: number | null;
  note: string | null;
  reason: string | null;
  createdAt: Date;
  createdById: string | null;
  createdByName: string | null;
  createdByEmail: string | null;
  decidedAt: Date | null;
  decidedById: string | null;
  decidedByName: string | null;
  decidedByEmail: string | null;
}

const fromFactory = alias(factories, 'from_factory');
const toFactory = alias(factories, 'to_factory');
const creator = recordPerson('creator', stoveTransfers.createdBy);
const decider = recordPerson('decider', stoveTransfers.decidedBy);

const TRANSFER_COLUMNS = {
  id: stoveTransfers.id,
  number: stoveTransfers.number,
  status: stoveTransfers.status,
  fromId: fromFactory.id,
  fromName: fromFactory.name,
  fromCode: fromFactory.code,
  toId: toFactory.id,
  toName: toFactory.name,
  toCode: toFactory.code,
  idCount: stoveTransfers.idCount,
  receivedCount: stoveTransfers.receivedCount,
  note: stoveTransfers.note,
  reason: stoveTransfers.reason,
  createdAt: stoveTransfers.createdAt,
  createdById: stoveTransfers.createdBy,
  createdByName: creator.name,
  createdByEmail: creator.email,
  decidedAt: stoveTransfers.decidedAt,
  decidedById: stoveTransfers.decidedBy,
  decidedByName: decider.name,
  decidedByEmail: decider.email,
};

function selectTransfers(db: Executor) {
  const transfers = db
    .select(TRANSFER_COLUMNS)
    .from(stoveTransfers)
    .innerJoin(fromFactory, eq(fromFactory.id, stoveTransfers.fromFactoryId))
    .innerJoin(toFactory, eq(toFactory.id, stoveTransfers.toFactoryId))
    .$dynamic();
  return joinPerson(joinPerson(transfers, creator), decider);
}

export async function findTransferRow(db: Executor, id: string): Promise<TransferRow | null> {
  const [row] = await selectTransfers(db).where(eq(stoveTransfers.id, id));
  return row ?? null;
}

export interface TransferItemRow {
  code: string;
  outcome: StoveTransferItemOutcome;
  heldStatus: StoveIdStatus;
}

/** Every ID of a transfer, by code. */
export function transferItemRows(db: Executor, transferId: string): Promise<TransferItemRow[]> {
  return queryRows<TransferItemRow>(
    db,
    sql`select s.code, i.outcome, i.held_status as "heldStatus"
          from stove_transfer_items i
          join stove_ids s on s.id = i.stove_id_id
         where i.transfer_id = ${transferId}
         order by s.code`,
  );
}

/** The list's filters as the service resolved them (scope and direction applied). */
export interface TransferFilters {
  /** Factory-scoped: only transfers where this factory is a side. */
  scopeFactoryId?: string | undefined;
  /** Factory-scoped direction: to (incoming) or from (outgoing) the scope factory. */
  direction?: ListStoveTransfersQuery['direction'];
  status?: StoveTransferStatus | undefined;
  fromFactoryId?: string | undefined;
  toFactoryId?: string | undefined;
  /** Created at or after. */
  createdFrom?: Date | undefined;
  /** Created before. */
  createdBefore?: Date | undefined;
  /** A transfer number typed in the search. */
  number?: number | undefined;
  /** A stove ID code typed in the search. */
  code?: string | undefined;
  sort: ListStoveTransfersQuery['sort'];
  dir: ListStoveTransfersQuery['dir'];
}

export const TRANSFER_SORT_VALUES: Record<ListStoveTransfersQuery['sort'], (row: TransferRow) => Cursor['v']> = {
  createdAt: (r) => r.createdAt.toISOString(),
  number: (r) => r.number,
};

function filtersWhere(f: TransferFilters): SQL | undefined {
  const t = stoveTransfers;
  const scope = f.scopeFactoryId;
  let sides: SQL | undefined;
  if (scope !== undefined) {
    if (f.direction === 'incoming') sides = eq(t.toFactoryId, scope);
    else if (f.direction === 'outgoing') sides = eq(t.fromFactoryId, scope);
    else sides = or(eq(t.fromFactoryId, scope), eq(t.toFactoryId, scope));
  }
  const search =
    f.number !== undefined || f.code !== undefined
      ? or(
          f.number !== undefined ? eq(t.number, f.number) : undefined,
          f.code !== undefined ? holdsStoveIdCode('transfer', t.id, f.code) : undefined,
        )
      : undefined;
  return whereAll(
    sides,
    f.status ? eq(t.status, f.status) : undefined,
    f.fromFactoryId ? eq(t.fromFactoryId, f.fromFactoryId) : undefined,
    f.toFactoryId ? eq(t.toFactoryId, f.toFactoryId) : undefined,
    f.createdFrom ? gte(t.createdAt, f.createdFrom) : undefined,
    f.createdBefore ? lt(t.createdAt, f.createdBefore) : undefined,
    search,
  );
}

export function listTransferRows(
  db: Executor,
  f: TransferFilters,
  cursor: Cursor | null,
  limit: number,
): Promise<TransferRow[]> {
  const t = stoveTransfers;
  const sort = f.sort === 'number' ? t.number : t.createdAt;
  const exact = f.sort === 'createdAt' ? cursorRowValue(t, t.createdAt, t.id, cursor) : undefined;
  return selectTransfers(db)
    .where(whereAll(filtersWhere(f), afterCursor(sort, t.id, f.dir, cursor, exact)))
    .orderBy(...orderBy(sort, t.id, f.dir))
    .limit(limit);
}

export function countTransfers(db: Executor, f: TransferFilters) {
  return countCapped(db, sql`${stoveTransfers}`, filtersWhere(f), stoveTransfers);
}

/** Pending transfers addressed to this factory (stove_transfers_to_status_idx), or all pending ones. */
export async function countPendingTransfers(db: Executor, toFactoryId: string | undefined): Promise<number> {
  const rows = await queryRows<{ n: number | string }>(
    db,
    toFactoryId === undefined
      ? sql`select count(*)::int as n from stove_transfers where status = 'pending'`
      : sql`select count(*)::int as n from stove_transfers where to_factory_id = ${toFactoryId} and status = 'pending'`,
  );
  return Number(rows[0]?.n ?? 0);
}
