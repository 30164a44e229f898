/** SQL of produced CKD records: the record row and its reading for lists, exports and answers. */
import { eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { ListProducedRecordsQuery } from '../../../common/contracts/ckd';
import type { SteelUnit } from '../../../common/contracts/steel';
import type { Executor } from '../../db/client';
import { joinPerson, recordPerson } from '../../db/record-person';
import { factories } from '../../db/schema/core';
import { ckdCategories, ckdProducedRecords } from '../../db/schema/production';
import { afterCursor, countCapped, orderBy, whereAll, type Cursor } from '../../http/list';
import { CKD_DOCUMENT_SORT_VALUES, ckdDocumentSort } from './ckd-document-sort';

export async function insertProducedRecord(
  db: Executor,
  values: {
    date: string;
    factoryId: string;
    categoryId: string;
    quantity: number;
    note: string | null;
    actorId: string;
  },
): Promise<{ id: string; number: number }> {
  const [row] = await db
    .insert(ckdProducedRecords)
    .values({
      date: values.date,
      factoryId: values.factoryId,
      categoryId: values.categoryId,
      quantity: values.quantity,
      note: values.note,
      createdBy: values.actorId,
      updatedBy: values.actorId,
    })
    .returning({ id: ckdProducedRecords.id, number: ckdProducedRecords.number });
  if (!row) throw new Error('insert into ckd_produced_records returned no row');
  return row;
}

export interface SteelUsedRow {
  steelCategoryId: string;
  name: string;
  unit: SteelUnit;
  quantity: number;
}

/** A produced record with its plant, category, creator and the steel it consumed. */
export interface ProducedRecordRow {
  id: string;
  number: number;
  date: string;
  factoryId: string;
  factoryName: string;
  factoryCode: string;
  categoryId: string;
  categoryName: string;
  categoryCode: string;
  quantity: number;
  note: string | null;
  steelUsed: SteelUsedRow[];
  createdAt: Date;
  createdById: string | null;
  createdByName: string | null;
  createdByEmail: string | null;
}

const r = ckdProducedRecords;
const creator = recordPerson('creator', r.createdBy);

const COLUMNS = {
  id: r.id,
  number: r.number,
  date: r.date,
  factoryId: factories.id,
  factoryName: factories.name,
  factoryCode: factories.code,
  categoryId: ckdCategories.id,
  categoryName: ckdCategories.name,
  categoryCode: ckdCategories.code,
  quantity: r.quantity,
  note: r.note,
  steelUsed: sql<SteelUsedRow[]>`coalesce((
      select json_agg(json_build_object('steelCategoryId', sc.id, 'name', sc.name, 'unit', sc.unit,
                                        'quantity', sr.quantity::float8) order by sc.name, sc.id)
        from steel_records sr join steel_categories sc on sc.id = sr.category_id
       where sr.produced_record_id = ${r.id}), '[]'::json)`,
  createdAt: r.createdAt,
  createdById: r.createdBy,
  createdByName: creator.name,
  createdByEmail: creator.email,
};

function selectRecords(db: Executor) {
  const records = db
    .select(COLUMNS)
    .from(r)
    .innerJoin(factories, eq(factories.id, r.factoryId))
    .innerJoin(ckdCategories, eq(ckdCategories.id, r.categoryId))
    .$dynamic();
  return joinPerson(records, creator);
}

export async function findProducedRecordRow(db: Executor, id: string): Promise<ProducedRecordRow | null> {
  const [row] = await selectRecords(db).where(eq(r.id, id));
  return row ?? null;
}

/** The list's filters with the actor's scope applied. */
export interface ProducedRecordFilters {
  /** A factory (the scope of a factory-scoped user, or a global user's filter). */
  factoryId?: string | undefined;
  categoryId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** A record number typed in the search. */
  number?: number | undefined;
  /** A search that is no record number: matches nothing. */
  noMatch?: boolean;
  sort: ListProducedRecordsQuery['sort'];
  dir: ListProducedRecordsQuery['dir'];
}

export const PRODUCED_SORT_VALUES: Record<ListProducedRecordsQuery['sort'], (row: ProducedRecordRow) => Cursor['v']> =
  CKD_DOCUMENT_SORT_VALUES;

function filtersWhere(f: ProducedRecordFilters): SQL | undefined {
  return whereAll(
    f.noMatch ? sql`false` : undefined,
    f.factoryId ? eq(r.factoryId, f.factoryId) : undefined,
    f.categoryId ? eq(r.categoryId, f.categoryId) : undefined,
    f.from ? gte(r.date, f.from) : undefined,
    f.to ? lte(r.date, f.to) : undefined,
    f.number !== undefined ? eq(r.number, f.number) : undefined,
  );
}

export function listProducedRecordRows(
  db: Executor,
  f: ProducedRecordFilters,
  cursor: Cursor | null,
  limit: number,
): Promise<ProducedRecordRow[]> {
  const sort = ckdDocumentSort(f.sort, r);
  return selectRecords(db)
    .where(whereAll(filtersWhere(f), afterCursor(sort, r.id, f.dir, cursor)))
    .orderBy(...orderBy(sort, r.id, f.dir))
    .limit(limit);
}

export function countProducedRecords(db: Executor, f: ProducedRecordFilters) {
  return countCapped(db, sql`${r}`, filtersWhere(f), r);
}
