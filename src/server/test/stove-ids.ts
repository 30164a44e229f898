/**
 * Test data: stove IDs straight in the database (no HTTP), set-based, so a test can make
 * thousands in milliseconds. Each call makes one generated batch at one factory:
 *
 *   const { codes, ids, batchId } = await makeStoveIds(ctx.handle.db, { factoryId, count: 5 });
 *   const coupled = await makeStoveIds(db, { factoryId, count: 2, status: 'coupled' });
 *
 * Codes come from stoveCode() (valid Damm check digit) with a random prefix unless one is given,
 * so calls never collide. Every ID gets its 'created' event (to in_stock, document = the batch);
 * an ID made in another status also gets a 'migrated' event (in_stock → that status), so its
 * history explains its status. `in_transit` cannot be made here: send a transfer instead. With
 * `model`, a stove report of that kit category holds them (the model they were coupled as).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { StoveIdStatus } from '../../common/contracts/stove-ids';
import { stoveCode } from '../../common/stove-codes';
import { queryRows, type Executor } from '../db/client';
import { sqlTextArray } from '../modules/stove-ids/stove-id-status.repository';

export interface MakeStoveIdsOptions {
  factoryId: string;
  count: number;
  /** Default: 'T' + 6 random letters. */
  prefix?: string;
  /** Default 1. */
  firstNumber?: number;
  /** Digits of the number (default 7). */
  width?: number;
  /** Default in_stock; void IDs get the reason 'Damaged (test data)'. */
  status?: Exclude<StoveIdStatus, 'in_transit'>;
  /** created_by of the batch and IDs, actor of the events (default none). */
  actorId?: string | null;
  /**
   * The kit category (stove model) a submitted stove report of today coupled them as; without it a
   * coupled, validated or sold ID has no report, as IDs carried over from the previous system.
   */
  model?: string;
}

export interface MadeStoveIds {
  batchId: string;
  /** In number order. */
  codes: string[];
  /** stove_ids.id of each code, same order. */
  ids: number[];
}

const randomPrefix = () => `T${Array.from(randomBytes(6), (b) => String.fromCharCode(65 + (b % 26))).join('')}`;

export async function makeStoveIds(db: Executor, options: MakeStoveIdsOptions): Promise<MadeStoveIds> {
  const { factoryId, count } = options;
  const prefix = options.prefix ?? randomPrefix();
  const firstNumber = options.firstNumber ?? 1;
  const width = options.width ?? 7;
  const status = options.status ?? 'in_stock';
  const actorId = options.actorId ?? null;
  if (count < 1) throw new Error('makeStoveIds: count must be at least 1');
  const codes = Array.from({ length: count }, (_, i) => stoveCode(prefix, firstNumber + i, width));

  const [batch] = await queryRows<{ id: string }>(
    db,
    sql`insert into stove_id_batches (kind, factory_id, prefix, first_number, width, count, first_code, last_code, note, created_by, updated_by)
        values ('generated', ${factoryId}, ${prefix}, ${firstNumber}, ${width}, ${count}, ${codes[0]}, ${codes[count - 1]},
                'test data', ${actorId}, ${actorId})
        returning id`,
  );
  if (!batch) throw new Error('makeStoveIds: no batch row');

  const rows = await queryRows<{ id: number; code: string }>(
    db,
    sql`insert into stove_ids (code, batch_id, factory_id, status, void_reason, created_by, updated_by)
        select c, ${batch.id}, ${factoryId}, ${status}::stove_id_status,
               case when ${status} = 'void' then 'Damaged (test data)' end, ${actorId}, ${actorId}
          from unnest(${sqlTextArray(codes)}) c
        returning id::int as id, code`,
  );
  await db.execute(
    sql`insert into stove_id_events (stove_id_id, kind, from_status, to_status, factory_id, document_type, document_id, actor_id)
        select id, 'created', null, 'in_stock', factory_id, 'batch', batch_id, ${actorId}
          from stove_ids where batch_id = ${batch.id} order by id`,
  );
  if (status !== 'in_stock') {
    await db.execute(
      sql`insert into stove_id_events (stove_id_id, kind, from_status, to_status, factory_id, note, actor_id)
          select id, 'migrated', 'in_stock', status, factory_id, 'test data', ${actorId}
            from stove_ids where batch_id = ${batch.id} order by id`,
    );
  }
  if (options.model) {
    const [report] = await queryRows<{ id: string }>(
      db,
      sql`insert into stove_reports (date, factory_id, category_id, stove_count, note, created_by, updated_by)
          values (current_date, ${factoryId}, ${options.model}, ${count}, 'test data', ${actorId}, ${actorId})
          returning id`,
    );
    await db.execute(
      sql`insert into stove_report_items (report_id, stove_id_id)
          select ${report?.id}, id from stove_ids where batch_id = ${batch.id}`,
    );
  }
  const idOf = new Map(rows.map((r) => [r.code, Number(r.id)]));
  return { batchId: batch.id, codes, ids: codes.map((c) => idOf.get(c) ?? -1) };
}
