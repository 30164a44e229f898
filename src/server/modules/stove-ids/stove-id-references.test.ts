/**
 * The references of stove IDs and their history, checked once per statement (migration 0016)
 * instead of per row by foreign keys: a statement that names a batch, factory, transfer, ID or
 * user that does not exist is refused whole with the foreign key's error code, on insert and on
 * update; and what they name can never be deleted, have its key changed or be truncated.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { factories } from '../../db/schema/core';
import { stoveIdEvents, stoveIds, stoveTransferItems } from '../../db/schema/stove-ids';
import { countRows } from '../../test/db-assert';
import { makeStoveIds, type MadeStoveIds } from '../../test/stove-ids';
import { createTestContext, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let factoryId: string;
let actorId: string;
let made: MadeStoveIds;
let transferId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  factoryId = (await ctx.makeFactory()).id;
  const other = (await ctx.makeFactory()).id;
  actorId = (await ctx.makeUser(['Admin'])).id;
  made = await makeStoveIds(ctx.handle.db, { factoryId, count: 2 });
  const [transfer] = await queryRows<{ id: string }>(
    ctx.handle.db,
    sql`insert into stove_transfers (from_factory_id, to_factory_id, id_count, created_by, updated_by)
        values (${factoryId}, ${other}, 1, ${actorId}, ${actorId}) returning id`,
  );
  transferId = transfer?.id ?? '';
});
afterAll(async () => {
  await ctx.close();
});

const FOREIGN_KEY_VIOLATION = '23503';
const RESTRICT_VIOLATION = '23001';
const code = () => `REF${randomUUID().replaceAll('-', '').slice(0, 12).toUpperCase()}`;

/** Two new IDs in one statement: the first with every reference good, the second with `override`. */
function insertTwoIds(override: Partial<Record<string, string>>, codes: [string, string]): SQL {
  const good = { batch_id: made.batchId, factory_id: factoryId, created_by: actorId, updated_by: actorId };
  const bad = { ...good, ...override };
  return sql`insert into stove_ids (code, batch_id, factory_id, status, created_by, updated_by) values
    (${codes[0]}, ${good.batch_id}::uuid, ${good.factory_id}::uuid, 'in_stock', ${good.created_by}::uuid, ${good.updated_by}::uuid),
    (${codes[1]}, ${bad.batch_id}::uuid, ${bad.factory_id}::uuid, 'in_stock', ${bad.created_by}::uuid, ${bad.updated_by}::uuid)`;
}

describe('a statement naming something that does not exist is refused whole', () => {
  it.each([
    ['batch_id', 'stove_id_batches'],
    ['factory_id', 'factories'],
    ['created_by', 'users'],
    ['updated_by', 'users'],
  ])('new stove IDs with an unknown %s', async (column, table) => {
    const codes: [string, string] = [code(), code()];
    const missing = randomUUID();
    await expect(ctx.handle.db.execute(insertTwoIds({ [column]: missing }, codes))).rejects.toMatchObject({
      cause: {
        code: FOREIGN_KEY_VIOLATION,
        message: `insert or update on table "stove_ids" violates a reference: ${column}=${missing} is not in ${table}`,
      },
    });
    expect(await countRows(ctx.handle.db, stoveIds, inArray(stoveIds.code, codes))).toBe(0);
  });

  it('new stove IDs whose references all exist are written', async () => {
    const codes: [string, string] = [code(), code()];
    await ctx.handle.db.execute(insertTwoIds({}, codes));
    expect(await countRows(ctx.handle.db, stoveIds, inArray(stoveIds.code, codes))).toBe(2);
  });

  it.each([
    ['factory_id', 'factories', (id: string) => sql`factory_id = ${id}::uuid`],
    ['updated_by', 'users', (id: string) => sql`updated_by = ${id}::uuid`],
    [
      'pending_transfer_id',
      'stove_transfers',
      (id: string) => sql`status = 'in_transit', held_status = 'in_stock', pending_transfer_id = ${id}::uuid`,
    ],
  ])('an update of stove IDs to an unknown %s', async (column, table, set) => {
    const ids = made.ids;
    const before = await ctx.handle.db.select().from(stoveIds).where(inArray(stoveIds.id, ids)).orderBy(stoveIds.id);
    const missing = randomUUID();
    await expect(
      ctx.handle.db.execute(
        sql`update stove_ids set ${set(missing)} where id = any(${sql.raw(`'{${ids.join(',')}}'::bigint[]`)})`,
      ),
    ).rejects.toMatchObject({
      cause: {
        code: FOREIGN_KEY_VIOLATION,
        message: `insert or update on table "stove_ids" violates a reference: ${column}=${missing} is not in ${table}`,
      },
    });
    expect(await ctx.handle.db.select().from(stoveIds).where(inArray(stoveIds.id, ids)).orderBy(stoveIds.id)).toEqual(
      before,
    );
  });

  it('an update to a transfer that exists is written', async () => {
    const [id] = made.ids;
    await ctx.handle.db.execute(
      sql`update stove_ids set status = 'in_transit', held_status = 'in_stock', pending_transfer_id = ${transferId}::uuid where id = ${id}`,
    );
    await ctx.handle.db.execute(
      sql`update stove_ids set status = 'in_stock', held_status = null, pending_transfer_id = null where id = ${id}`,
    );
  });

  it.each([
    ['stove_id_id', 'stove_ids', { stove_id_id: '999999999999' }],
    ['factory_id', 'factories', { factory_id: '00000000-0000-4000-8000-000000000001' }],
    ['actor_id', 'users', { actor_id: '00000000-0000-4000-8000-000000000002' }],
  ])('history events with an unknown %s', async (column, table, override: Record<string, string>) => {
    const [id] = made.ids;
    const good = { stove_id_id: String(id), factory_id: factoryId, actor_id: actorId };
    const bad = { ...good, ...override };
    const before = await countRows(ctx.handle.db, stoveIdEvents, eq(stoveIdEvents.stoveIdId, id ?? 0));
    await expect(
      ctx.handle.db.execute(
        sql`insert into stove_id_events (stove_id_id, kind, to_status, factory_id, actor_id, note) values
          (${good.stove_id_id}::bigint, 'migrated', 'in_stock', ${good.factory_id}::uuid, ${good.actor_id}::uuid, 'ref test'),
          (${bad.stove_id_id}::bigint, 'migrated', 'in_stock', ${bad.factory_id}::uuid, ${bad.actor_id}::uuid, 'ref test')`,
      ),
    ).rejects.toMatchObject({
      cause: {
        code: FOREIGN_KEY_VIOLATION,
        message: `insert or update on table "stove_id_events" violates a reference: ${column}=${Object.values(override)[0]} is not in ${table}`,
      },
    });
    expect(await countRows(ctx.handle.db, stoveIdEvents, eq(stoveIdEvents.stoveIdId, id ?? 0))).toBe(before);
  });
});

describe('what stove IDs name is kept', () => {
  it.each([
    ['factories', () => factoryId],
    ['users', () => actorId],
    ['stove_id_batches', () => made.batchId],
    ['stove_transfers', () => transferId],
    ['stove_ids', () => String(made.ids[1])],
  ])('DELETE, and TRUNCATE, of %s are refused', async (table, id) => {
    const one = sql`select count(*)::int as n from ${sql.identifier(table)} where id::text = ${id()}`;
    await expect(
      ctx.handle.db.execute(sql`delete from ${sql.identifier(table)} where id::text = ${id()}`),
    ).rejects.toMatchObject({
      cause: {
        code: RESTRICT_VIOLATION,
        message: `DELETE of ${table} refused: stove IDs and their history refer to it`,
      },
    });
    await expect(ctx.handle.db.execute(sql`truncate ${sql.identifier(table)} cascade`)).rejects.toMatchObject({
      cause: { code: RESTRICT_VIOLATION },
    });
    expect(await queryRows<{ n: number }>(ctx.handle.db, one)).toEqual([{ n: 1 }]);
  });

  it.each([
    ['factories', () => factoryId],
    ['users', () => actorId],
    ['stove_id_batches', () => made.batchId],
    ['stove_transfers', () => transferId],
  ])('changing the key of a row of %s is refused', async (table, id) => {
    await expect(
      ctx.handle.db.execute(
        sql`update ${sql.identifier(table)} set id = ${randomUUID()}::uuid where id = ${id()}::uuid`,
      ),
    ).rejects.toMatchObject({
      cause: {
        code: RESTRICT_VIOLATION,
        message: `UPDATE of ${table} refused: stove IDs and their history refer to it`,
      },
    });
  });

  it('other updates of a factory go through', async () => {
    await ctx.handle.db.update(factories).set({ location: 'Moved' }).where(eq(factories.id, factoryId));
    const [row] = await ctx.handle.db.select().from(factories).where(eq(factories.id, factoryId));
    expect(row?.location).toBe('Moved');
  });
});

describe('a stove code is 4 to 32 capital letters, digits and dashes (stove_ids_code_format)', () => {
  const CHECK_VIOLATION = '23514';
  const insertCode = (value: string) =>
    ctx.handle.db.execute(
      sql`insert into stove_ids (code, batch_id, factory_id, status) values (${value}, ${made.batchId}::uuid, ${factoryId}::uuid, 'in_stock')`,
    );

  it.each([
    ['three characters', 'AB1'],
    ['33 characters', `A${'1'.repeat(32)}`],
    ['a small letter', 'STVa00012'],
    ['a space', 'STV 00012'],
    ['a letter outside A-Z', 'STVÄ00012'],
    ['a line break at the end', 'STV00012\n'],
    ['empty', ''],
  ])('refuses %s', async (_, value) => {
    await expect(insertCode(value)).rejects.toMatchObject({
      cause: { code: CHECK_VIOLATION, constraint: 'stove_ids_code_format' },
    });
    expect(await countRows(ctx.handle.db, stoveIds, eq(stoveIds.code, value))).toBe(0);
  });

  it.each([
    ['four characters', 'AB12'],
    ['32 characters', `A-${'9'.repeat(30)}`],
  ])('takes %s', async (_, value) => {
    await insertCode(value);
    expect(await countRows(ctx.handle.db, stoveIds, eq(stoveIds.code, value))).toBe(1);
  });
});

describe("a transfer's items name an existing transfer and existing IDs, for good", () => {
  /** Items for both made IDs in one statement; the second's transfer or ID as given. */
  const insertItems = (second: { transferId?: string; stoveIdId?: number }) =>
    ctx.handle.db.execute(
      sql`insert into stove_transfer_items (transfer_id, stove_id_id, held_status) values
            (${transferId}::uuid, ${made.ids[0]}, 'in_stock'),
            (${second.transferId ?? transferId}::uuid, ${second.stoveIdId ?? made.ids[1]}, 'in_stock')`,
    );
  const items = () => countRows(ctx.handle.db, stoveTransferItems, eq(stoveTransferItems.transferId, transferId));

  it.each([
    [
      'transfer_id',
      'stove_transfers',
      (): { transferId?: string; stoveIdId?: number } => ({ transferId: randomUUID() }),
      (v: { transferId?: string; stoveIdId?: number }) => v.transferId,
    ],
    ['stove_id_id', 'stove_ids', () => ({ stoveIdId: 987_654_321 }), () => '987654321'],
  ])('items with an unknown %s are refused whole', async (column, table, second, shown) => {
    const values = second();
    await expect(insertItems(values)).rejects.toMatchObject({
      cause: {
        code: FOREIGN_KEY_VIOLATION,
        message: `insert or update on table "stove_transfer_items" violates a reference: ${column}=${shown(values)} is not in ${table}`,
      },
    });
    expect(await items()).toBe(0);
  });

  it("items whose references exist are written, their outcome changes, their references don't", async () => {
    await insertItems({});
    expect(await items()).toBe(2);
    await ctx.handle.db.execute(
      sql`update stove_transfer_items set outcome = 'received' where transfer_id = ${transferId}::uuid`,
    );
    const other = made.ids[1];
    for (const set of [sql`stove_id_id = ${other}`, sql`transfer_id = ${randomUUID()}::uuid`]) {
      await expect(
        ctx.handle.db.execute(
          sql`update stove_transfer_items set ${set} where transfer_id = ${transferId}::uuid and stove_id_id = ${made.ids[0]}`,
        ),
      ).rejects.toMatchObject({
        cause: {
          code: RESTRICT_VIOLATION,
          message: "UPDATE of stove_transfer_items refused: an item's transfer and stove ID never change",
        },
      });
    }
    const rows = await ctx.handle.db
      .select({ id: stoveTransferItems.stoveIdId, outcome: stoveTransferItems.outcome })
      .from(stoveTransferItems)
      .where(eq(stoveTransferItems.transferId, transferId))
      .orderBy(stoveTransferItems.stoveIdId);
    expect(rows).toEqual([
      { id: made.ids[0], outcome: 'received' },
      { id: made.ids[1], outcome: 'received' },
    ]);
  });
});
