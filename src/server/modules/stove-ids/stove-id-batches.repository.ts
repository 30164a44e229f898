/**
 * Stove ID batches: generation and import, set-based (one INSERT … SELECT per chunk writes the
 * IDs and their 'created' events), the Damm check digit computed in SQL, and the batch list.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ListStoveBatchesQuery, StoveBatchKind } from '../../../common/contracts/stove-ids';
import { DAMM, STOVE_WIDTH_MAX, STOVE_WIDTH_MIN, stoveCode } from '../../../common/stove-codes';
import { queryRows, type Executor } from '../../db/client';
import { stoveIdBatches } from '../../db/schema/stove-ids';
import { afterCursor, countCapped, cursorRowValue, orderBy, whereAll, type Cursor } from '../../http/list';
import { sqlTextArray } from './stove-id-status.repository';
import { isoTime } from '../../db/iso-time';

// ---------------------------------------------------------------------------------------------
// Codes in SQL

const DAMM_ARRAY = sql.raw(`('{${DAMM.flat().join(',')}}'::int[])`);

function assertWidth(width: number): void {
  if (!Number.isInteger(width) || width < STOVE_WIDTH_MIN || width > STOVE_WIDTH_MAX) {
    throw new Error(`stove code width out of range: ${width}`);
  }
}

/**
 * The Damm check digit of `number` zero-padded to `width` digits, as one SQL expression (the
 * quasigroup as a constant int[] looked up once per digit): the same digit as stoveCode() in
 * src/common/stove-codes.ts, which a test proves for many numbers and widths.
 */
export function dammCheckDigitSql(number: SQL, width: number): SQL {
  assertWidth(width);
  let interim: SQL = sql.raw('0');
  for (let i = 0; i < width; i++) {
    const digit = sql`((${number}) / ${sql.raw(String(10 ** (width - 1 - i)))}::bigint % 10)::int`;
    interim = sql`${DAMM_ARRAY}[${interim} * 10 + ${digit} + 1]`;
  }
  return interim;
}

/** stoveCode(prefix, number, width) in SQL: prefix, zero-padded number, check digit. */
export function stoveCodeSql(prefix: string, number: SQL, width: number): SQL {
  assertWidth(width);
  return sql`(${prefix}::text || lpad((${number})::text, ${sql.raw(String(width))}, '0') || ${dammCheckDigitSql(number, width)}::text)`;
}

/** stoveCode() of each number, computed by the database (for the test that both agree). */
export async function stoveCodesFromSql(db: Executor, prefix: string, numbers: number[], width: number) {
  const rows = await queryRows<{ code: string }>(
    db,
    sql`select ${stoveCodeSql(prefix, sql`n`, width)} as code
          from (select (jsonb_array_elements_text(${JSON.stringify(numbers)}::jsonb))::bigint as n) ns`,
  );
  return rows.map((r) => r.code);
}

export interface GeneratedRange {
  prefix: string;
  width: number;
  firstNumber: number;
  /** Last number, inclusive. */
  lastNumber: number;
}

/**
 * The existing codes among those of a generated range, in code order (at most `limit`, and how
 * many in all). Every code of the range sorts between the first
 * and the last code (same prefix and length, digits in number order), so this is one index range
 * scan whatever the range's size.
 */
export async function findExistingGeneratedCodes(
  db: Executor,
  range: GeneratedRange,
  limit: number,
): Promise<{ codes: string[]; total: number }> {
  const { prefix, width, firstNumber, lastNumber } = range;
  assertWidth(width);
  const digits = sql`substr(s.code, ${prefix.length + 1}, ${width})`;
  const rows = await queryRows<{ code: string; total: number }>(
    db,
    sql`select code, (count(*) over ())::int as total from (
          select s.code
            from stove_ids s
           cross join lateral (select case when ${digits} ~ '^[0-9]+$' then ${digits}::bigint end as n) x
           where s.code between ${stoveCode(prefix, firstNumber, width)} and ${stoveCode(prefix, lastNumber, width)}
             and length(s.code) = ${prefix.length + width + 1}
             and x.n is not null
             and s.code = ${stoveCodeSql(prefix, sql`x.n`, width)}
        ) existing
        order by code
        limit ${limit}`,
  );
  return { codes: rows.map((r) => r.code), total: rows[0]?.total ?? 0 };
}

/**
 * The highest existing code of a prefix and width, with its number: one backward scan of the code
 * index from the range's last code, skipping codes of the range that are not prefix + digits +
 * check digit of that width.
 */
export async function highestGeneratedCode(
  db: Executor,
  prefix: string,
  width: number,
): Promise<{ code: string; number: number } | null> {
  assertWidth(width);
  const digits = sql`substr(s.code, ${prefix.length + 1}, ${width})`;
  const [row] = await queryRows<{ code: string; number: string }>(
    db,
    sql`select s.code, x.n::text as number
          from stove_ids s
         cross join lateral (select case when ${digits} ~ '^[0-9]+$' then ${digits}::bigint end as n) x
         where s.code between ${stoveCode(prefix, 0, width)} and ${stoveCode(prefix, 10 ** width - 1, width)}
           and length(s.code) = ${prefix.length + width + 1}
           and x.n is not null
           and s.code = ${stoveCodeSql(prefix, sql`x.n`, width)}
         order by s.code desc
         limit 1`,
  );
  return row ? { code: row.code, number: Number(row.number) } : null;
}

/** The codes of the list that already exist (one query, the list bound as one array). */
export async function findExistingCodes(db: Executor, codes: readonly string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const rows = await queryRows<{ code: string }>(
    db,
    sql`select code from stove_ids where code = any(${sqlTextArray(codes)}) order by code`,
  );
  return rows.map((r) => r.code);
}

// ---------------------------------------------------------------------------------------------
// Writing

export interface NewBatch {
  kind: StoveBatchKind;
  factoryId: string;
  prefix: string | null;
  firstNumber: number | null;
  width: number | null;
  count: number;
  firstCode: string;
  lastCode: string;
  note: string | null;
  actorId: string;
}

export async function insertBatch(tx: Executor, batch: NewBatch): Promise<{ id: string }> {
  const [row] = await tx
    .insert(stoveIdBatches)
    .values({
      kind: batch.kind,
      factoryId: batch.factoryId,
      prefix: batch.prefix,
      firstNumber: batch.firstNumber,
      width: batch.width,
      count: batch.count,
      firstCode: batch.firstCode,
      lastCode: batch.lastCode,
      note: batch.note,
      createdBy: batch.actorId,
      updatedBy: batch.actorId,
    })
    .returning({ id: stoveIdBatches.id });
  if (!row) throw new Error('insert into stove_id_batches returned no row');
  return row;
}

interface NewIds {
  batchId: string;
  factoryId: string;
  actorId: string;
}

/**
 * Inserts the IDs of `codes` (SQL selecting a column `code`, in order) in_stock at the factory,
 * each with its 'created' event (document: the batch), in one statement. A code that exists, or
 * that a concurrent batch holds uncommitted (waited for), fails the statement with a unique
 * violation on stove_ids_code_key; the caller checks beforehand and turns a lost race into a 409.
 * No ON CONFLICT clause: its speculative insertion made a batch of 100,000 15% slower.
 */
async function insertIds(tx: Executor, ids: NewIds, codes: SQL): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`with inserted as (
          insert into stove_ids (code, batch_id, factory_id, status, created_by, updated_by)
          select code, ${ids.batchId}::uuid, ${ids.factoryId}::uuid, 'in_stock', ${ids.actorId}::uuid, ${ids.actorId}::uuid
            from (${codes}) codes
          returning id
        ), events as (
          insert into stove_id_events (stove_id_id, kind, from_status, to_status, factory_id, document_type, document_id, actor_id)
          select id, 'created', null, 'in_stock', ${ids.factoryId}::uuid, 'batch', ${ids.batchId}::uuid, ${ids.actorId}::uuid
            from inserted
          returning 1
        )
        select count(*)::int as n from events`,
  );
  return rows[0]?.n ?? 0;
}

/** The IDs of numbers `from`..`to` (inclusive) of a generated range; returns how many were inserted. */
export function insertGeneratedIds(
  tx: Executor,
  ids: NewIds,
  range: Pick<GeneratedRange, 'prefix' | 'width'>,
  from: number,
  to: number,
): Promise<number> {
  return insertIds(
    tx,
    ids,
    sql`select ${stoveCodeSql(range.prefix, sql`n`, range.width)} as code
          from generate_series(${from}::bigint, ${to}::bigint) n`,
  );
}

/** The IDs of a list of codes (each distinct), in list order; returns how many were inserted. */
export function insertImportedIds(tx: Executor, ids: NewIds, codes: readonly string[]): Promise<number> {
  return insertIds(
    tx,
    ids,
    sql`select c.value as code
          from jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb) with ordinality c(value, ord)
         order by c.ord`,
  );
}

// ---------------------------------------------------------------------------------------------
// Reading

export interface StoveBatchRow {
  id: string;
  number: number;
  kind: StoveBatchKind;
  factoryId: string;
  factoryName: string;
  factoryCode: string;
  prefix: string | null;
  firstNumber: number | null;
  width: number | null;
  count: number;
  firstCode: string;
  lastCode: string;
  note: string | null;
  createdAt: string;
  createdById: string | null;
  createdByName: string | null;
  createdByEmail: string | null;
}

/** The list's filters, factoryId already scoped. */
type BatchFilters = Omit<ListStoveBatchesQuery, 'limit' | 'cursor'>;

/** The cursor value of each sort. */
export const BATCH_SORT_VALUES: Record<BatchFilters['sort'], (row: StoveBatchRow) => Cursor['v']> = {
  createdAt: (r) => r.createdAt,
  number: (r) => r.number,
};

const b = stoveIdBatches;

const BATCH_COLUMNS = sql`
  ${b.id}, ${b.number}::int as number, ${b.kind}, ${b.factoryId} as "factoryId", f.name as "factoryName",
  f.code as "factoryCode", ${b.prefix}, ${b.firstNumber}::float8 as "firstNumber", ${b.width}, ${b.count},
  ${b.firstCode} as "firstCode", ${b.lastCode} as "lastCode", ${b.note}, ${isoTime(sql`${b.createdAt}`)} as "createdAt",
  ${b.createdBy} as "createdById", coalesce(p.name, u.name) as "createdByName", u.email as "createdByEmail"`;

const BATCH_FROM = sql`${b}
  join factories f on f.id = ${b.factoryId}
  left join users u on u.id = ${b.createdBy}
  left join profiles p on p.id = ${b.createdBy}`;

/** `q`: a batch number ("B-000123" or "123") or the start of its first code. */
function batchWhere(f: BatchFilters): SQL | undefined {
  let q: SQL | undefined;
  if (f.q) {
    const term = f.q.trim().toUpperCase();
    const number = /^(?:B-?)?0*(\d{1,15})$/.exec(term)?.[1];
    const startsWith = sql`${b.firstCode} like ${`${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;
    q = number ? sql`(${b.number} = ${Number(number)} or ${startsWith})` : startsWith;
  }
  return whereAll(
    q,
    f.factoryId ? sql`${b.factoryId} = ${f.factoryId}` : undefined,
    f.kind ? sql`${b.kind} = ${f.kind}` : undefined,
  );
}

export function listBatchRows(db: Executor, f: BatchFilters, cursor: Cursor | null, limit: number) {
  const sort = f.sort === 'number' ? b.number : b.createdAt;
  const exact = f.sort === 'createdAt' ? cursorRowValue(b, b.createdAt, b.id, cursor) : undefined;
  const where = whereAll(batchWhere(f), afterCursor(sort, b.id, f.dir, cursor, exact));
  return queryRows<StoveBatchRow>(
    db,
    sql`select ${BATCH_COLUMNS} from ${BATCH_FROM}
        ${where ? sql`where ${where}` : sql``}
        order by ${sql.join(orderBy(sort, b.id, f.dir), sql`, `)}
        limit ${limit}`,
  );
}

export function countBatches(db: Executor, f: BatchFilters) {
  return countCapped(db, sql`${b}`, batchWhere(f), b);
}

export async function findBatch(db: Executor, id: string): Promise<StoveBatchRow | null> {
  const [row] = await queryRows<StoveBatchRow>(
    db,
    sql`select ${BATCH_COLUMNS} from ${BATCH_FROM} where ${b.id} = ${id}`,
  );
  return row ?? null;
}

export async function findFactory(
  db: Executor,
  id: string,
): Promise<{ id: string; name: string; code: string; active: boolean } | null> {
  const [row] = await queryRows<{ id: string; name: string; code: string; active: boolean }>(
    db,
    sql`select id, name, code, active from factories where id = ${id}`,
  );
  return row ?? null;
}
