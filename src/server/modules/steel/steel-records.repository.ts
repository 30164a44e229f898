/**
 * Reads of the steel ledger (steel_records) for its list and export: newest first, keyset paged on
 * (date, id), a page of ledger rows first, then joined to its factory, category, author and
 * produced CKD record. Writes go through steel-ledger.repository.ts (the one way stock moves).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ListSteelRecordsQuery, SteelRecordKind, SteelUnit } from '../../../common/contracts/steel';
import { queryRows, type Executor } from '../../db/client';
import { steelRecords } from '../../db/schema/production';
import { containsPattern, countCapped, whereAll, type Cursor } from '../../http/list';
import { isoTime } from '../../db/iso-time';

/** Ledger ids are numbers: the keyset cursor's id pattern. */
export const STEEL_RECORD_ID = /^\d{1,18}$/;

export interface SteelRecordRow {
  /** steel_records.id as text: the keyset cursor's id. */
  id: string;
  date: string;
  factoryId: string;
  factoryName: string;
  factoryCode: string;
  categoryId: string;
  categoryName: string;
  unit: SteelUnit;
  kind: SteelRecordKind;
  quantity: number;
  delta: number;
  supplier: string | null;
  unitCost: number | null;
  reference: string | null;
  note: string | null;
  producedRecordId: string | null;
  producedRecordNumber: number | null;
  createdAt: string;
  createdById: string | null;
  createdByName: string | null;
  createdByEmail: string | null;
}

/** The list's filters, factoryId already scoped. */
export type SteelRecordFilters = Omit<ListSteelRecordsQuery, 'limit' | 'cursor'>;

export const STEEL_RECORD_SORT_VALUES: Record<SteelRecordFilters['sort'], (row: SteelRecordRow) => Cursor['v']> = {
  date: (r) => r.date,
};

/** The filters on steel_records' own columns (unqualified, for the page and the count alike). */
function filtersWhere(f: SteelRecordFilters): SQL | undefined {
  const pattern = f.q ? containsPattern(f.q) : null;
  return whereAll(
    f.factoryId ? sql`factory_id = ${f.factoryId}` : undefined,
    f.categoryId ? sql`category_id = ${f.categoryId}` : undefined,
    f.kind ? sql`kind = ${f.kind}` : undefined,
    f.from ? sql`date >= ${f.from}::date` : undefined,
    f.to ? sql`date <= ${f.to}::date` : undefined,
    pattern ? sql`(reference ilike ${pattern} or supplier ilike ${pattern} or note ilike ${pattern})` : undefined,
  );
}

function afterRecordCursor(dir: 'asc' | 'desc', cursor: Cursor | null): SQL | undefined {
  if (!cursor) return undefined;
  const position = sql`(${String(cursor.v)}::date, ${cursor.id}::bigint)`;
  return dir === 'asc' ? sql`(date, id) > ${position}` : sql`(date, id) < ${position}`;
}

const RECORD_COLUMNS = sql`r.id::text as id, to_char(r.date, 'YYYY-MM-DD') as date,
       r.factory_id as "factoryId", f.name as "factoryName", f.code as "factoryCode",
       r.category_id as "categoryId", c.name as "categoryName", c.unit as unit,
       r.kind, r.quantity::float8 as quantity, r.delta::float8 as delta, r.supplier,
       r.unit_cost::float8 as "unitCost", r.reference, r.note,
       r.produced_record_id as "producedRecordId", pr.number::int as "producedRecordNumber",
       ${isoTime(sql`r.created_at`)} as "createdAt",
       r.created_by as "createdById", coalesce(p.name, u.name) as "createdByName", u.email as "createdByEmail"`;

const RECORD_JOINS = sql`join factories f on f.id = r.factory_id
       join steel_categories c on c.id = r.category_id
       left join ckd_produced_records pr on pr.id = r.produced_record_id
       left join users u on u.id = r.created_by
       left join profiles p on p.id = r.created_by`;

export function listSteelRecordRows(
  db: Executor,
  f: SteelRecordFilters,
  cursor: Cursor | null,
  limit: number,
): Promise<SteelRecordRow[]> {
  const where = whereAll(filtersWhere(f), afterRecordCursor(f.dir, cursor));
  const dir = sql.raw(f.dir);
  return queryRows<SteelRecordRow>(
    db,
    sql`select ${RECORD_COLUMNS}
          from (select * from steel_records ${where ? sql`where ${where}` : sql``}
                 order by date ${dir}, id ${dir} limit ${limit}) r
          ${RECORD_JOINS}
         order by r.date ${dir}, r.id ${dir}`,
  );
}

export function countSteelRecords(db: Executor, f: SteelRecordFilters) {
  return countCapped(db, sql`steel_records`, filtersWhere(f), steelRecords);
}

/** Ledger rows by id, in id order. */
export function findSteelRecordRows(db: Executor, ids: readonly number[]): Promise<SteelRecordRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return queryRows<SteelRecordRow>(
    db,
    sql`select ${RECORD_COLUMNS} from steel_records r ${RECORD_JOINS}
         where r.id = any(${`{${ids.join(',')}}`}::bigint[]) order by r.id`,
  );
}

export interface FactoryForRecord {
  id: string;
  name: string;
  code: string;
  active: boolean;
}

/** The factory, locked against change (deactivation) until the record is written. */
export async function lockFactoryShared(db: Executor, id: string): Promise<FactoryForRecord | null> {
  const [row] = await queryRows<FactoryForRecord>(
    db,
    sql`select id, name, code, active from factories where id = ${id} for share`,
  );
  return row ?? null;
}
