/**
 * The stove ID registry's reads: the list (keyset paging on the indexes of schema/stove-ids.ts,
 * a page of IDs first, then its factories and batches joined), one ID with its history, and the
 * codes of a label sheet.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  STOVE_ID_STATUSES,
  type ListStoveIdsQuery,
  type StoveBatchKind,
  type StoveDocumentType,
  type StoveEventKind,
  type StoveIdStatus,
} from '../../../common/contracts/stove-ids';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { LIST_TOTAL_CAP } from '../../../common/contracts/list';
import { queryRows, type Executor } from '../../db/client';
import { stoveIds } from '../../db/schema/stove-ids';
import {
  afterCursor,
  cappedTotal,
  countCapped,
  cursorRowValue,
  orderBy,
  queryJsonPage,
  queryJsonTextPage,
  whereAll,
  type Cursor,
} from '../../http/list';
import { sqlTextArray } from './stove-id-status.repository';
import { isoTime } from '../../db/iso-time';
import { addDays } from '../../../common/calendar-days';
import { instantInZone } from '../../../common/time-zones';

const s = stoveIds;

export interface StoveIdRow {
  /** stove_ids.id as text: the keyset cursor's id. */
  id: string;
  code: string;
  status: StoveIdStatus;
  heldStatus: StoveIdStatus | null;
  factoryId: string;
  factoryName: string;
  factoryCode: string;
  batchId: string;
  batchNumber: number;
  batchKind: StoveBatchKind;
  pendingTransferId: string | null;
  voidReason: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The list's filters, factoryId already scoped. */
/** The list's filters, and the zone whose calendar `from` and `to` are days of. */
type StoveIdFilters = Omit<ListStoveIdsQuery, 'limit' | 'cursor'> & { timeZone: string };

/** The cursor value of each sort. */
export const STOVE_ID_SORT_VALUES: Record<StoveIdFilters['sort'], (row: StoveIdRow) => Cursor['v']> = {
  code: (r) => r.code,
  createdAt: (r) => r.createdAt,
};

/** The code prefix a search asks for (`q` trimmed, in capitals), or null without one. */
function searchedPrefix(f: Pick<StoveIdFilters, 'q'>): string | null {
  const prefix = f.q?.trim().toUpperCase() ?? '';
  return prefix === '' ? null : prefix;
}

/** `code like 'Q%'` on the `collate "C"` column: a range scan of the code indexes. */
function codePrefixPattern(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Orders two codes as the `collate "C"` column does: byte by byte, in UTF-8. */
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** The first instant of `day` on the calendar of `zone` (the viewer's: the days they filter by are theirs). */
const dayStart = (day: string, zone: string, after = 0) =>
  sql`${instantInZone(addDays(day, after), zone).toISOString()}::timestamptz`;

/** Filters an index range can express instead of a condition (q: the prefix, see inCodeRange). */
type IndexedFilter = 'factoryId' | 'status' | 'batchId' | 'q';

/** The filters as SQL, but those in `skip` (which an index range expresses instead). */
function filtersWhere(f: StoveIdFilters, skip: readonly IndexedFilter[] = []): SQL | undefined {
  const use = (k: IndexedFilter) => f[k] !== undefined && !skip.includes(k);
  const prefix = searchedPrefix(f);
  return whereAll(
    prefix !== null && !skip.includes('q') ? sql`${s.code} like ${codePrefixPattern(prefix)}` : undefined,
    use('factoryId') ? sql`${s.factoryId} = ${f.factoryId}` : undefined,
    use('status') ? sql`${s.status} = ${f.status}` : undefined,
    use('batchId') ? sql`${s.batchId} = ${f.batchId}` : undefined,
    f.from ? sql`${s.createdAt} >= ${dayStart(f.from, f.timeZone)}` : undefined,
    f.to ? sql`${s.createdAt} < ${dayStart(f.to, f.timeZone, 1)}` : undefined,
  );
}

/** One (batch_id, code) or (factory_id, status, code) index range: its leading columns' values. */
interface CodeRange {
  filters: IndexedFilter[];
  columns: AnyPgColumn[];
  /** Values, or SQL naming them (a factory of the lateral join below). */
  values: (string | SQL)[];
}

/** Each factory, joined laterally to its own range of a status (see statusRanges). */
const eachFactory = sql`each_factory.id`;

/**
 * The index range that holds a filter's rows in code order, if one does. PostgreSQL, expecting a
 * factory's or a status's rows to be spread evenly, would rather walk the code index and discard
 * other factories' rows, which is slow when they are clustered (they are: by batch). So the range
 * is ordered by the index's leading columns and code, and its leading column is not a constant to
 * the planner (see inCodeRange): only that index gives the order asked for.
 */
function codeRange(f: StoveIdFilters, status: string | undefined = f.status): CodeRange | null {
  if (f.batchId) return { filters: ['batchId'], columns: [s.batchId], values: [f.batchId] };
  if (f.factoryId && status) {
    return { filters: ['factoryId', 'status'], columns: [s.factoryId, s.status], values: [f.factoryId, status] };
  }
  return null;
}

/**
 * A status across factories: the (factory_id, status, code) range of each factory, joined
 * laterally to the factories (a few dozen at most) and merged. There is no (status, code) index:
 * every ID written or changing status would maintain it, and it was a ninth of a batch's time.
 */
function statusRanges(f: StoveIdFilters, body: (range: CodeRange) => SQL): SQL | null {
  if (f.batchId || f.factoryId || !f.status) return null;
  const range: CodeRange = {
    filters: ['status'],
    columns: [s.factoryId, s.status],
    values: [eachFactory, f.status],
  };
  return sql`select in_factory.* from factories each_factory cross join lateral (${body(range)}) in_factory`;
}

/**
 * The rows of one index range from the cursor on (issue 24). The range's columns are equalities,
 * its leading one written `= any(array[…])`: the planner does not take that column for a constant,
 * so only this index gives the order of its columns and is chosen, while the index takes it for an
 * equality, so the bounds on code start the scan and end it. A prefix search bounds the codes by
 * the prefix too: its codes run from the prefix up to the prefix followed by '~' (codes are A-Z, 0-9
 * and -, which all sort before '~' in collate "C"), however far into the range they are. Those
 * bounds hold exactly the codes that start with the prefix, so the range needs no LIKE as well (a
 * LIKE's own derived bounds doubled the conditions, and the planner's estimate shrank to one row).
 */
function inCodeRange(range: CodeRange, dir: 'asc' | 'desc', afterCode: string | null, prefix: string | null): SQL {
  const equal = range.columns.map((column, i) =>
    i === 0 ? sql`${column} = any(array[${range.values[i]}::uuid])` : sql`${column} = ${range.values[i]}`,
  );
  const prefixEnd = prefix === null ? null : `${prefix}~`;
  const bounds: SQL[] = [];
  if (dir === 'asc') {
    if (afterCode !== null && (prefix === null || byteOrder(afterCode, prefix) >= 0))
      bounds.push(sql`${s.code} > ${afterCode}`);
    else if (prefix !== null) bounds.push(sql`${s.code} >= ${prefix}`);
    if (prefixEnd !== null) bounds.push(sql`${s.code} < ${prefixEnd}`);
  } else {
    if (afterCode !== null && (prefixEnd === null || byteOrder(afterCode, prefixEnd) <= 0))
      bounds.push(sql`${s.code} < ${afterCode}`);
    else if (prefixEnd !== null) bounds.push(sql`${s.code} < ${prefixEnd}`);
    if (prefix !== null) bounds.push(sql`${s.code} >= ${prefix}`);
  }
  return sql.join([...equal, ...bounds], sql` and `);
}

function codeAfter(dir: 'asc' | 'desc', afterCode: string | null): SQL | undefined {
  if (afterCode === null) return undefined;
  return dir === 'asc' ? sql`${s.code} > ${afterCode}` : sql`${s.code} < ${afterCode}`;
}

const ordered = (columns: AnyPgColumn[], dir: 'asc' | 'desc') =>
  sql.join(
    columns.map((c) => sql`${c} ${sql.raw(dir)}`),
    sql`, `,
  );

const selectWhere = (where: SQL | undefined, columns = sql`*`) =>
  sql`select ${columns} from ${s} ${where ? sql`where ${where}` : sql``}`;

/** SELECT * of one page: the filter's rows in order, from the index that has them in that order. */
function pageQuery(f: StoveIdFilters, cursor: Cursor | null, limit: number): SQL {
  if (f.sort === 'createdAt') {
    const sort = s.createdAt;
    const after = afterCursor(sort, s.id, f.dir, cursor, cursorRowValue(s, sort, s.id, cursor));
    return sql`${selectWhere(whereAll(filtersWhere(f), after))}
               order by ${sql.join(orderBy(sort, s.id, f.dir), sql`, `)} limit ${limit}`;
  }
  // Codes are unique: the code alone is the keyset.
  const afterCode = cursor ? String(cursor.v) : null;
  const prefix = searchedPrefix(f);
  const rangePage = (range: CodeRange) =>
    sql`${selectWhere(whereAll(filtersWhere(f, [...range.filters, 'q']), inCodeRange(range, f.dir, afterCode, prefix)))}
        order by ${ordered([...range.columns, s.code], f.dir)} limit ${limit}`;
  const range = codeRange(f);
  if (range) return rangePage(range);
  const acrossFactories = statusRanges(f, rangePage);
  if (acrossFactories) return sql`${acrossFactories} order by code ${sql.raw(f.dir)} limit ${limit}`;
  if (f.factoryId) {
    // A factory's IDs in code order: one (factory_id, status, code) range per status, merged.
    const branches = STOVE_ID_STATUSES.map((status) => sql`(${rangePage(codeRange(f, status) as CodeRange)})`);
    return sql`select * from (${sql.join(branches, sql` union all `)}) by_status
               order by code ${sql.raw(f.dir)} limit ${limit}`;
  }
  return sql`${selectWhere(whereAll(filtersWhere(f), codeAfter(f.dir, afterCode)))} order by ${s.code} ${sql.raw(f.dir)} limit ${limit}`;
}

/**
 * How many of a prefix's codes (any factory's) a factory's search reads through the code index
 * before it reads the factory's status ranges instead (see nearCodes).
 */
const NEAR_CODES = 1_000;

/**
 * A factory's prefix search in code order (no status, batch or other sort), read as a global
 * user's is: the prefix's first NEAR_CODES + 1 codes from the cursor on, through the code index,
 * and the factory's among them (issue 24). One short statement, planned as fast as the global
 * search's: the six status ranges' page and count took about 1.2 ms to plan on PostgreSQL, as long
 * as the global search's page and count took in all. A subquery with a LIMIT keeps its own plan
 * (the code index, bounded). Null when the search is not of this shape.
 */
function nearCodes(f: StoveIdFilters, afterCode: string | null): { near: SQL; inFactory: SQL | undefined } | null {
  const prefix = searchedPrefix(f);
  if (prefix === null || !f.factoryId || f.status || f.batchId || f.sort !== 'code') return null;
  const range: CodeRange = { filters: [], columns: [], values: [] };
  const near = sql`${selectWhere(inCodeRange(range, f.dir, afterCode, prefix))}
                   order by ${s.code} ${sql.raw(f.dir)} limit ${NEAR_CODES + 1}`;
  return { near, inFactory: filtersWhere({ ...f, q: undefined }) };
}

/** Whether the near codes held the prefix's codes from the cursor on, or were cut off (see nearCodes). */
const cutOff = (scanned: number | null) => scanned !== null && scanned > NEAR_CODES;

/** The columns a page's rows are built from: the page's IDs joined to their factory and batch. */
const pageJoins = (page: SQL, pageOrder: SQL) =>
  sql`from (${page}) page
        join factories f on f.id = page.factory_id
        join stove_id_batches b on b.id = page.batch_id
       order by ${pageOrder}`;

/** A page's rows as StoveIdRow (the export, and the cursor's values). */
const rowItems = (page: SQL, pageOrder: SQL) =>
  sql`select json_build_object(
                 'id', page.id::text, 'code', page.code, 'status', page.status, 'heldStatus', page.held_status,
                 'factoryId', page.factory_id, 'factoryName', f.name, 'factoryCode', f.code,
                 'batchId', page.batch_id, 'batchNumber', b.number::int, 'batchKind', b.kind,
                 'pendingTransferId', page.pending_transfer_id, 'voidReason', page.void_reason,
                 'createdAt', ${isoTime(sql`page.created_at`)}, 'updatedAt', ${isoTime(sql`page.updated_at`)}) as item
              ${pageJoins(page, pageOrder)}`;

/**
 * A page's rows as the API answers them (StoveId, what presentStoveId makes of a StoveIdRow), each
 * with its cursor (see queryJsonTextPage): the list's body is built by the database (decision 0016).
 * to_json of a row, its nested objects whole-row references to lateral subqueries: on PostgreSQL 15
 * json_build_object looks up the type of each of its arguments on every call, and cost 1.5-2 times
 * as much a row.
 */
const presentedItems = (page: SQL, pageOrder: SQL, sort: StoveIdFilters['sort']) =>
  sql`select to_json(item) as item,
             json_build_array(${sort === 'code' ? sql`item.code` : sql`item."createdAt"`}, item.id::text) as cursor
        from (select page.id, page.code, page.status, page.held_status as "heldStatus", factory, batch,
                     page.pending_transfer_id as "pendingTransferId", page.void_reason as "voidReason",
                     ${isoTime(sql`page.created_at`)} as "createdAt", ${isoTime(sql`page.updated_at`)} as "updatedAt"
                from (${page}) page
                join factories f on f.id = page.factory_id
                join stove_id_batches b on b.id = page.batch_id
               cross join lateral (select page.factory_id as id, f.name, f.code) factory
               cross join lateral (select page.batch_id as id, b.number::int as number, b.kind) batch
               order by ${pageOrder}) item`;

/** How a page is read: its items' SQL, and the statement that reads them with how many rows it gave. */
interface PageReader<Page> {
  items: (page: SQL, pageOrder: SQL) => SQL;
  read: (
    db: Executor,
    query: { ctes?: SQL; items: SQL; count?: SQL },
  ) => Promise<{ page: Page; rows: number; count: number | null }>;
}

/**
 * One page of IDs (see pageQuery), `limit` rows at most; only its rows are joined to their factory
 * and batch. A factory's prefix search first reads the prefix's near codes (see nearCodes); only
 * when they were cut off before the page filled does it read the factory's status ranges.
 */
async function readPage<Page>(
  db: Executor,
  f: StoveIdFilters,
  cursor: Cursor | null,
  limit: number,
  reader: PageReader<Page>,
): Promise<Page> {
  const pageOrder =
    f.sort === 'code'
      ? sql`page.code ${sql.raw(f.dir)}`
      : sql`page.created_at ${sql.raw(f.dir)}, page.id ${sql.raw(f.dir)}`;
  const afterCode = cursor && f.sort === 'code' ? String(cursor.v) : null;
  const near = nearCodes(f, afterCode);
  if (near) {
    // Aliased as the table: the filters name its columns by the table's name.
    const inFactory = sql`select * from near stove_ids ${near.inFactory ? sql`where ${near.inFactory}` : sql``}
                          order by code ${sql.raw(f.dir)} limit ${limit}`;
    const {
      page,
      rows,
      count: scanned,
    } = await reader.read(db, {
      ctes: sql`near as materialized (${near.near})`,
      items: reader.items(inFactory, pageOrder),
      count: sql`(select count(*)::int from near)`,
    });
    if (rows >= limit || !cutOff(scanned)) return page;
  }
  return (await reader.read(db, { items: reader.items(pageQuery(f, cursor, limit), pageOrder) })).page;
}

/** One page of IDs as StoveIdRow (see readPage), as one JSON value (see queryJsonPage). */
export function listStoveIdRows(
  db: Executor,
  f: StoveIdFilters,
  cursor: Cursor | null,
  limit: number,
): Promise<StoveIdRow[]> {
  return readPage(db, f, cursor, limit, {
    items: rowItems,
    read: async (executor, query) => {
      const { items, count } = await queryJsonPage<StoveIdRow>(executor, query);
      return { page: items, rows: items.length, count };
    },
  });
}

/**
 * One page of the list as the API answers it: its `limit` items as JSON text and the next page's
 * cursor (see queryJsonTextPage), read as listStoveIdRows reads `limit + 1` rows.
 */
export function listStoveIdsJson(
  db: Executor,
  f: StoveIdFilters,
  cursor: Cursor | null,
  limit: number,
): Promise<{ items: string; nextCursor: string | null }> {
  return readPage(db, f, cursor, limit + 1, {
    items: (page, pageOrder) => presentedItems(page, pageOrder, f.sort),
    read: async (executor, query) => {
      const { items, nextCursor, rows, count } = await queryJsonTextPage(executor, limit, query);
      return { page: { items, nextCursor }, rows, count };
    },
  });
}

/**
 * The capped total. Unfiltered, the table's statistics answer. Filtered by batch, factory or
 * status, the count reads the page's index range (see codeRange) rather than the table. A total
 * past the cap is remembered for 30 seconds per filter (see countPastCap).
 */
export async function countStoveIds(db: Executor, f: StoveIdFilters): Promise<Total> {
  const near = nearCodes(f, null);
  if (near) {
    // The prefix's near codes, counted once for the factory and once in all: the total if they
    // were not cut off.
    const inFactory = near.inFactory ? sql`filter (where ${near.inFactory})` : sql``;
    const [counted] = await queryRows<{ n: number; scanned: number }>(
      db,
      sql`select (count(*) ${inFactory})::int as n, count(*)::int as scanned from (${near.near}) stove_ids`,
    );
    if (counted && !cutOff(counted.scanned)) return cappedTotal(counted.n);
  }
  const where = filtersWhere(f);
  if (!where) return countCapped(db, sql`${s}`, undefined, s);
  const inRange = (r: CodeRange) =>
    sql`${selectWhere(whereAll(filtersWhere(f, [...r.filters, 'q']), inCodeRange(r, 'asc', null, searchedPrefix(f))), sql`1`)}
        order by ${ordered([...r.columns, s.code], 'asc')}`;
  const matchingRows = (): SQL => {
    const range = codeRange(f);
    if (range) return inRange(range);
    const acrossFactories = statusRanges(f, inRange);
    if (acrossFactories) return acrossFactories;
    if (!f.factoryId) return selectWhere(where, sql`1`);
    if (searchedPrefix(f) !== null) {
      // A factory's prefix search: each status's range from the prefix on, as its page reads them,
      // rather than the factory's whole range with the prefix checked row by row.
      const branches = STOVE_ID_STATUSES.map((status) => sql`(${inRange(codeRange(f, status) as CodeRange)})`);
      return sql.join(branches, sql` union all `);
    }
    const inFactory = sql`${s.factoryId} >= ${f.factoryId} and ${s.factoryId} <= ${f.factoryId}`;
    return sql`${selectWhere(whereAll(filtersWhere(f, ['factoryId']), inFactory), sql`1`)}
               order by ${ordered([s.factoryId, s.status, s.code], 'asc')}`;
  };
  const key = JSON.stringify([f.q, f.factoryId, f.status, f.batchId, f.from, f.to, f.timeZone]);
  return countPastCap(db, key, () => countCapped(db, sql`(${matchingRows()}) matching`, undefined));
}

type Total = Awaited<ReturnType<typeof countCapped>>;

const PAST_CAP_TTL_MS = 30_000;
const pastCap = new WeakMap<Executor, Map<string, number>>();

/**
 * Counting a filter with more IDs than the cap reads the cap's worth of index entries each time;
 * paging through such a list would repeat that on every page. So a filter found past the cap is
 * answered "past the cap" without counting for 30 seconds. Totals under the cap are always counted.
 */
async function countPastCap(db: Executor, key: string, count: () => Promise<Total>): Promise<Total> {
  let known = pastCap.get(db);
  if (!known) pastCap.set(db, (known = new Map<string, number>()));
  const until = known.get(key);
  if (until !== undefined && until > Date.now()) return { total: LIST_TOTAL_CAP, totalCapped: true };
  const total = await count();
  if (total.totalCapped) {
    if (known.size > 1000) known.clear();
    known.set(key, Date.now() + PAST_CAP_TTL_MS);
  } else {
    known.delete(key);
  }
  return total;
}

export interface StoveIdEventRow {
  id: number;
  kind: StoveEventKind;
  fromStatus: StoveIdStatus | null;
  toStatus: StoveIdStatus;
  factoryId: string;
  factoryName: string;
  factoryCode: string;
  documentType: StoveDocumentType | null;
  documentId: string | null;
  /** The transfer's, batch's, stove report's or sales order's number, for its label. */
  documentNumber: number | null;
  note: string | null;
  at: string;
  actorId: string | null;
  actorName: string | null;
  actorEmail: string | null;
}

export interface StoveIdDetailRow extends StoveIdRow {
  /** The destination of the pending transfer this ID is on, if any. */
  transitToFactoryId: string | null;
  /** Its whole history, oldest first. */
  events: StoveIdEventRow[];
}

/**
 * One ID by its code (unique index) with its factory, batch, pending transfer's destination and
 * whole history, as one JSON value from the database function stove_id_detail (migration 0018):
 * one round trip, and a plan kept from call to call. Planning the statement (its joins and a
 * scalar subquery per document type) took twice as long as running it, on every request.
 * StoveIdDetailRow is the shape it returns: a change to one is a new migration that replaces the
 * function (`create or replace function stove_id_detail`).
 */
export async function findStoveIdByCode(db: Executor, code: string): Promise<StoveIdDetailRow | null> {
  const [row] = await queryRows<{ detail: StoveIdDetailRow | null }>(
    db,
    sql`select stove_id_detail(${code}) as detail`,
  );
  return row?.detail ?? null;
}

export interface LabelRow {
  code: string;
  factoryId: string;
  factoryCode: string;
}

/** The codes of a batch at the factory `factoryId` (or at any, when undefined), in code order. */
export function listBatchLabelRows(db: Executor, batchId: string, factoryId: string | undefined): Promise<LabelRow[]> {
  return queryRows<LabelRow>(
    db,
    sql`select s.code, s.factory_id as "factoryId", f.code as "factoryCode"
          from stove_ids s join factories f on f.id = s.factory_id
         where s.batch_id = ${batchId} ${factoryId ? sql`and s.factory_id = ${factoryId}` : sql``}
         order by s.code`,
  );
}

/** The IDs with these codes (those that exist), with their factory's code. */
export function findLabelRowsByCodes(db: Executor, codes: readonly string[]): Promise<LabelRow[]> {
  if (codes.length === 0) return Promise.resolve([]);
  return queryRows<LabelRow>(
    db,
    sql`select s.code, s.factory_id as "factoryId", f.code as "factoryCode"
          from stove_ids s join factories f on f.id = s.factory_id
         where s.code = any(${sqlTextArray(codes)})`,
  );
}
