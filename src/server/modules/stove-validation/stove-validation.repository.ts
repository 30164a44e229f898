/** Reads of Validate Stove IDs: the known codes of a list, in one query however long the list. */
import { sql, type SQL } from 'drizzle-orm';
import type { StoveIdStatus } from '../../../common/contracts/stove-ids';
import { queryRows, type Executor } from '../../db/client';

/** The known codes of one factory in one status. */
export interface KnownCodes {
  factory: { id: string; name: string; code: string };
  status: StoveIdStatus;
  codes: string[];
}

/**
 * Well-formed codes (A-Z 0-9 -: no comma) as a text[] bound as ONE comma-joined parameter:
 * string_to_array costs a fraction of parsing a JSON array of 100,000 strings. Sorted (byte
 * order, as the "C" collation of stove_ids.code), so the index scan's sort of its keys is a pass.
 */
function sqlCodeArray(codes: readonly string[]): SQL {
  return sql`string_to_array(${[...codes].sort().join(',')}, ',')`;
}

/**
 * The IDs with these codes (well-formed ones only: STOVE_CODE_PATTERN), grouped by factory and
 * status: one query, and a handful of rows however many codes (100,000 rows of one code each take
 * seconds to read on PGlite).
 */
export async function findKnownCodes(db: Executor, codes: readonly string[]): Promise<KnownCodes[]> {
  if (codes.length === 0) return [];
  const rows = await queryRows<{ id: string; name: string; code: string; status: StoveIdStatus; codes: string }>(
    db,
    sql`select f.id, f.name, f.code, k.status, k.codes
          from (select factory_id, status, string_agg(code, ',') as codes
                  from stove_ids
                 where code = any(${sqlCodeArray(codes)})
                 group by factory_id, status) k
          join factories f on f.id = k.factory_id`,
  );
  return rows.map((r) => ({
    factory: { id: r.id, name: r.name, code: r.code },
    status: r.status,
    codes: r.codes.split(','),
  }));
}

/** Whether a factory with this id exists. */
export async function factoryExists(db: Executor, id: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(db, sql`select 1 as one from factories where id = ${id}`);
  return rows.length > 0;
}
