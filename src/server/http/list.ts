/**
 * The server half of the list convention (src/common/contracts/list.ts): keyset cursors,
 * a capped total, and CSV export streamed page by page.
 */
import { csvLine } from '../../common/csv';
import { Readable } from 'node:stream';
import { and, getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import { LIST_TOTAL_CAP, type ListResponse, type SortDirection } from '../../common/contracts/list';
import { queryPreparedRows, queryRows, type Executor } from '../db/client';
import { errors } from './errors';

/** Position after the last row of a page: its sort value and id. */
export interface Cursor {
  v: string | number | boolean | null;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.v, cursor.id])).toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The cursor of a page, or null for the first page. A cursor that is not one of ours is a 400
 * (not a database error): its id must match `idPattern` (uuid ids unless told otherwise).
 */
export function decodeCursor(raw: string | undefined, idPattern: RegExp = UUID): Cursor | null {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[1] === 'string' && idPattern.test(parsed[1])) {
      const v: unknown = parsed[0];
      if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) {
        return { v: v as Cursor['v'], id: parsed[1] };
      }
    }
  } catch {
    // fall through
  }
  throw errors.validation('The page cursor is not valid; start again from the first page.', {
    cursor: ['Invalid cursor.'],
  });
}

/** A sortable column: the SQL to order by and how to read its value from a row for the cursor. */
export interface SortSpec<Row> {
  column: AnyPgColumn | SQL;
  value: (row: Row) => Cursor['v'];
}

/**
 * Rows strictly after the cursor in (sort, id) order. Sort columns are NOT NULL.
 * `exact`: SQL that reads the cursor row's own sort value, for columns whose value the cursor
 * only carries rounded (timestamps: microseconds in the database, milliseconds in JavaScript),
 * e.g. `(select created_at from t where id = cursor.id)`.
 */
export function afterCursor(
  sort: AnyPgColumn | SQL,
  id: AnyPgColumn,
  dir: SortDirection,
  cursor: Cursor | null,
  exact?: SQL,
): SQL | undefined {
  if (!cursor) return undefined;
  const v = exact ?? sql`${cursor.v}`;
  return dir === 'asc' ? sql`(${sort}, ${id}) > (${v}, ${cursor.id})` : sql`(${sort}, ${id}) < (${v}, ${cursor.id})`;
}

/**
 * The cursor row's own stored value of a timestamp sort column, for afterCursor's `exact`: the
 * cursor carries milliseconds while PostgreSQL stores microseconds, so comparing with the rounded
 * value would return the cursor row again.
 */
export function cursorRowValue(
  table: PgTable,
  column: AnyPgColumn,
  id: AnyPgColumn,
  cursor: Cursor | null,
): SQL | undefined {
  return cursor ? sql`(select ${column} from ${table} where ${id} = ${cursor.id})` : undefined;
}

export function orderBy(sort: AnyPgColumn | SQL, id: AnyPgColumn, dir: SortDirection): SQL[] {
  return dir === 'asc' ? [sql`${sort} asc`, sql`${id} asc`] : [sql`${sort} desc`, sql`${id} desc`];
}

/** Turns `limit + 1` fetched rows into a page and the cursor of the next one. */
export function toPage<Row extends { id: string }>(
  rows: Row[],
  limit: number,
  sortValue: (row: Row) => Cursor['v'],
): { items: Row[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  const nextCursor = rows.length > limit && last ? encodeCursor({ v: sortValue(last), id: last.id }) : null;
  return { items, nextCursor };
}

/**
 * A list endpoint's answer: the page of rows after the query's cursor (one more is read, to know
 * whether there is a next page) and the count of the filtered rows, read together, each row
 * presented. `rows` reads the filtered rows in the list's order, as allPages does for the export.
 */
export async function listPage<Row extends { id: string }, Item>(
  query: { cursor?: string | undefined; limit: number },
  list: {
    rows: (cursor: Cursor | null, limit: number) => Promise<Row[]>;
    count: () => Promise<Pick<ListResponse<unknown>, 'total' | 'totalCapped'>>;
    sortValue: (row: Row) => Cursor['v'];
    present: (row: Row) => Item;
  },
): Promise<ListResponse<Item>> {
  const [rows, total] = await Promise.all([list.rows(decodeCursor(query.cursor), query.limit + 1), list.count()]);
  const page = toPage(rows, query.limit, list.sortValue);
  return { items: page.items.map(list.present), nextCursor: page.nextCursor, ...total };
}

const ESTIMATE_TTL_MS = 30_000;
const estimates = new WeakMap<Executor, Map<string, { rows: number; readAt: number }>>();

/** The planner's row estimate of a table (pg_class.reltuples), reread at most every 30 seconds. */
async function estimatedRows(db: Executor, table: PgTable): Promise<number> {
  const name = getTableName(table);
  let byTable = estimates.get(db);
  if (!byTable) {
    byTable = new Map<string, { rows: number; readAt: number }>();
    estimates.set(db, byTable);
  }
  const known = byTable.get(name);
  if (known && Date.now() - known.readAt < ESTIMATE_TTL_MS) return known.rows;
  const [row] = await queryRows<{ n: number | string | null }>(
    db,
    sql`select reltuples::bigint as n from pg_class where oid = to_regclass(${name})`,
  );
  const rows = Number(row?.n ?? 0);
  byTable.set(name, { rows, readAt: Date.now() });
  return rows;
}

/**
 * Counts matching rows, stopping at LIST_TOTAL_CAP so a count on a huge table stays cheap.
 * Unfiltered, a table whose statistics already say it is past the cap is not counted at all.
 */
export async function countCapped(
  db: Executor,
  from: SQL,
  where: SQL | undefined,
  table?: PgTable,
): Promise<Pick<ListResponse<unknown>, 'total' | 'totalCapped'>> {
  if (!where && table && (await pastCapByStatistics(db, table))) return cappedTotal(LIST_TOTAL_CAP + 1);
  const rows = await queryRows<{ n: number | string }>(db, sql`select ${cappedCount(from, where)} as n`);
  return cappedTotal(Number(rows[0]?.n ?? 0));
}

/** Whether the table's statistics say it holds more than twice the cap: an unfiltered list of it is not counted. */
export async function pastCapByStatistics(db: Executor, table: PgTable): Promise<boolean> {
  return (await estimatedRows(db, table)) > LIST_TOTAL_CAP * 2;
}

/** SQL for the number of matching rows up to LIST_TOTAL_CAP + 1 (a scalar subquery). */
export function cappedCount(from: SQL, where: SQL | undefined): SQL {
  const filter = where ? sql`where ${where}` : sql``;
  return sql`(select count(*)::int from (select 1 from ${from} ${filter} limit ${LIST_TOTAL_CAP + 1}) capped)`;
}

/** A list's total as the list convention reports it: up to LIST_TOTAL_CAP, then capped. */
export function cappedTotal(n: number): Pick<ListResponse<unknown>, 'total' | 'totalCapped'> {
  return n > LIST_TOTAL_CAP ? { total: LIST_TOTAL_CAP, totalCapped: true } : { total: n, totalCapped: false };
}

/**
 * A page and its count in one statement. `items` is the page query: one column, `item`, each row
 * as JSON (json_build_object), in the page's order; `count` a scalar count (see cappedCount), if
 * the total is read; `ctes` a WITH list both may use.
 *
 * The page travels as one json_agg value. PGlite parses every field of every row in JavaScript
 * (about 2.5 µs each: 1.2 ms for 51 rows of 13 columns, more than the query itself), and one JSON
 * value natively; node-postgres likewise. An aggregate takes a sorted subquery's rows in their order.
 */
export async function queryJsonPage<Item>(
  db: Executor,
  page: { ctes?: SQL; items: SQL; count?: SQL },
): Promise<{ items: Item[]; count: number | null }> {
  const [row] = await queryRows<{ items: Item[] | null; count: number | string | null }>(
    db,
    sql`${page.ctes ? sql`with ${page.ctes}` : sql``}
        select (select json_agg(page.item) from (${page.items}) page) as items, ${page.count ?? sql`null`} as count`,
  );
  const count = row?.count ?? null;
  return { items: row?.items ?? [], count: count === null ? null : Number(count) };
}

/**
 * A response body that is JSON text already, sent as it is (sendJsonText): written by the database
 * (a list page, decision 0016), or by JSON.stringify where zod's encode of a very large answer
 * would cost more than the work (validation of 100,000 codes, decision 0014). The route's response
 * schema still documents it; its API tests check the body against that schema.
 */
export interface JsonText {
  readonly json: string;
}

/**
 * A page built by the database in its response shape, as JSON text (decision 0016): the
 * passed-through twin of queryJsonPage. `items` is the page query with `limit + 1` rows, in the
 * page's order, each with two columns: `item`, the row as the API answers it (json_build_object),
 * and `cursor`, `json_build_array(sort value, id::text)` as the cursor of the page ending there
 * would carry them. Answers the first `limit` items as a JSON array's text, how many rows the
 * query gave (`rows`, up to `limit + 1`), the next page's cursor, and `count` as queryJsonPage.
 */
export async function queryJsonTextPage(
  db: Executor,
  limit: number,
  page: { ctes?: SQL; items: SQL; count?: SQL },
): Promise<{ items: string; rows: number; nextCursor: string | null; count: number | null }> {
  // An aggregate and row_number() take a sorted subquery's rows in their order.
  const [row] = await queryPreparedRows<{
    items: string;
    rows: number;
    last: [Cursor['v'], string] | null;
    count: number | string | null;
  }>(
    db,
    sql`${page.ctes ? sql`with ${page.ctes}` : sql``}
        select coalesce(json_agg(p.item) filter (where p.n <= ${limit}), '[]')::text as items,
               count(*)::int as rows,
               (array_agg(p.cursor) filter (where p.n = ${limit}))[1] as last,
               ${page.count ?? sql`null`} as count
          from (select page.item, page.cursor, row_number() over () as n from (${page.items}) page) p`,
  );
  const rows = row?.rows ?? 0;
  const last = row?.last ?? null;
  const count = row?.count ?? null;
  return {
    items: row?.items ?? '[]',
    rows,
    nextCursor: rows > limit && last ? encodeCursor({ v: last[0], id: last[1] }) : null,
    count: count === null ? null : Number(count),
  };
}

/** A list endpoint's answer (ListResponse) around a page of items that is JSON text already. */
export function listResponseJson(
  page: { items: string; nextCursor: string | null },
  total: Pick<ListResponse<unknown>, 'total' | 'totalCapped'>,
): JsonText {
  return {
    json: `{"items":${page.items},"nextCursor":${JSON.stringify(page.nextCursor)},"total":${total.total},"totalCapped":${total.totalCapped}}`,
  };
}

/**
 * Sends JSON text as the body. Fastify sends a string whose content type is set as it is: the
 * route's serializer (zod's encode, then JSON.stringify) does not run on it.
 */
export function sendJsonText(reply: FastifyReply, body: JsonText): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body.json);
}

export function whereAll(...conditions: (SQL | undefined)[]): SQL | undefined {
  return and(...conditions.filter((c): c is SQL => c !== undefined));
}

/** `%term%` for ILIKE, with the user's % and _ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// ---------------------------------------------------------------------------
// CSV
// ---------------------------------------------------------------------------

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | boolean | Date | null | undefined;
}

/**
 * Streams a CSV download: the header line, then every page the generator yields. Memory stays
 * at one page whatever the list's size.
 */
export async function sendCsv<Row>(
  reply: FastifyReply,
  filename: string,
  columns: CsvColumn<Row>[],
  pages: AsyncIterable<Row[]>,
): Promise<FastifyReply> {
  // The first page is read before the header is sent: a query that fails (a filter the database
  // refuses) is then an ordinary error answer, not a 200 whose connection is cut mid-file.
  const iterator = pages[Symbol.asyncIterator]();
  const first = await iterator.next();
  const rows = (page: Row[]) => page.map((row) => csvLine(columns.map((c) => c.value(row)))).join('');
  async function* lines() {
    yield `\uFEFF${csvLine(columns.map((c) => c.header))}`;
    if (first.done) return;
    yield rows(first.value);
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield rows(next.value);
  }
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(lines()));
}

/**
 * Walks a keyset list from the start, `pageSize` rows at a time. The next page is asked for before
 * this one is handed over, so the database reads it while the caller writes this one out (PGlite
 * on its own thread, or a pool's other connection).
 */
export async function* allPages<Row extends { id: string }>(
  fetchPage: (cursor: Cursor | null, limit: number) => Promise<Row[]>,
  sortValue: (row: Row) => Cursor['v'],
  pageSize = 2000,
): AsyncGenerator<Row[]> {
  let next = fetchPage(null, pageSize);
  for (;;) {
    const rows = await next;
    const last = rows[rows.length - 1];
    const more = rows.length === pageSize && last !== undefined;
    if (more) {
      next = fetchPage({ v: sortValue(last), id: last.id }, pageSize);
      // A caller that stops early (the download was canceled) never awaits it: not unhandled.
      next.catch(() => undefined);
    }
    if (rows.length > 0) yield rows;
    if (!more) return;
  }
}
