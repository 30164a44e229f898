/**
 * SQL of kit transfers: the transfer row and its reading for lists, exports and answers. A
 * transfer's lines are its transfer_out movements in the kit ledger (one per category).
 */
import { eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ListCkdTransfersQuery } from '../../../common/contracts/ckd';
import type { Executor } from '../../db/client';
import { joinPerson, recordPerson } from '../../db/record-person';
import { factories } from '../../db/schema/core';
import { ckdTransfers } from '../../db/schema/production';
import { afterCursor, countCapped, orderBy, whereAll, type Cursor } from '../../http/list';
import { CKD_DOCUMENT_SORT_VALUES, ckdDocumentSort } from './ckd-document-sort';

export async function insertCkdTransfer(
  db: Executor,
  values: {
    date: string;
    fromFactoryId: string;
    toFactoryId: string;
    /** All the kits of its lines. */
    quantity: number;
    note: string | null;
    actorId: string;
  },
): Promise<{ id: string; number: number }> {
  const [row] = await db
    .insert(ckdTransfers)
    .values({
      date: values.date,
      fromFactoryId: values.fromFactoryId,
      toFactoryId: values.toFactoryId,
      quantity: values.quantity,
      note: values.note,
      createdBy: values.actorId,
      updatedBy: values.actorId,
    })
    .returning({ id: ckdTransfers.id, number: ckdTransfers.number });
  if (!row) throw new Error('insert into ckd_transfers returned no row');
  return row;
}

/** One line of a transfer: a kit category and its kits. */
export interface CkdTransferLineRow {
  id: string;
  name: string;
  code: string;
  quantity: number;
}

/** A transfer with its sides, lines and creator. */
export interface CkdTransferRow {
  id: string;
  number: number;
  date: string;
  fromId: string;
  fromName: string;
  fromCode: string;
  toId: string;
  toName: string;
  toCode: string;
  lines: CkdTransferLineRow[];
  quantity: number;
  note: string | null;
  createdAt: Date;
  createdById: string | null;
  createdByName: string | null;
  createdByEmail: string | null;
}

const t = ckdTransfers;
const fromFactory = alias(factories, 'from_factory');
const toFactory = alias(factories, 'to_factory');
const creator = recordPerson('creator', t.createdBy);

const COLUMNS = {
  id: t.id,
  number: t.number,
  date: t.date,
  fromId: fromFactory.id,
  fromName: fromFactory.name,
  fromCode: fromFactory.code,
  toId: toFactory.id,
  toName: toFactory.name,
  toCode: toFactory.code,
  lines: sql<CkdTransferLineRow[]>`(
    select coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'code', c.code, 'quantity', -m.delta)
                             order by lower(c.name), c.code), '[]'::json)
      from ckd_movements m join ckd_categories c on c.id = m.category_id
     where m.transfer_id = ${t.id} and m.kind = 'transfer_out')`,
  quantity: t.quantity,
  note: t.note,
  createdAt: t.createdAt,
  createdById: t.createdBy,
  createdByName: creator.name,
  createdByEmail: creator.email,
};

function selectTransfers(db: Executor) {
  const transfers = db
    .select(COLUMNS)
    .from(t)
    .innerJoin(fromFactory, eq(fromFactory.id, t.fromFactoryId))
    .innerJoin(toFactory, eq(toFactory.id, t.toFactoryId))
    .$dynamic();
  return joinPerson(transfers, creator);
}

export async function findCkdTransferRow(db: Executor, id: string): Promise<CkdTransferRow | null> {
  const [row] = await selectTransfers(db).where(eq(t.id, id));
  return row ?? null;
}

/** The list's filters with the actor's scope applied. */
export interface CkdTransferFilters {
  /** Factory-scoped: only transfers this factory is a side of. */
  sideFactoryId?: string | undefined;
  fromFactoryId?: string | undefined;
  toFactoryId?: string | undefined;
  categoryId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  number?: number | undefined;
  /** A search that is no transfer number: matches nothing. */
  noMatch?: boolean;
  sort: ListCkdTransfersQuery['sort'];
  dir: ListCkdTransfersQuery['dir'];
}

export const CKD_TRANSFER_SORT_VALUES: Record<ListCkdTransfersQuery['sort'], (row: CkdTransferRow) => Cursor['v']> =
  CKD_DOCUMENT_SORT_VALUES;

function filtersWhere(f: CkdTransferFilters): SQL | undefined {
  return whereAll(
    f.noMatch ? sql`false` : undefined,
    f.sideFactoryId ? or(eq(t.fromFactoryId, f.sideFactoryId), eq(t.toFactoryId, f.sideFactoryId)) : undefined,
    f.fromFactoryId ? eq(t.fromFactoryId, f.fromFactoryId) : undefined,
    f.toFactoryId ? eq(t.toFactoryId, f.toFactoryId) : undefined,
    f.categoryId
      ? sql`exists (select 1 from ckd_movements m
                     where m.transfer_id = ${t.id} and m.category_id = ${f.categoryId} and m.kind = 'transfer_out')`
      : undefined,
    f.from ? gte(t.date, f.from) : undefined,
    f.to ? lte(t.date, f.to) : undefined,
    f.number !== undefined ? eq(t.number, f.number) : undefined,
  );
}

export function listCkdTransferRows(
  db: Executor,
  f: CkdTransferFilters,
  cursor: Cursor | null,
  limit: number,
): Promise<CkdTransferRow[]> {
  const sort = ckdDocumentSort(f.sort, t);
  return selectTransfers(db)
    .where(whereAll(filtersWhere(f), afterCursor(sort, t.id, f.dir, cursor)))
    .orderBy(...orderBy(sort, t.id, f.dir))
    .limit(limit);
}

export function countCkdTransfers(db: Executor, f: CkdTransferFilters) {
  return countCapped(db, sql`${t}`, filtersWhere(f), t);
}
