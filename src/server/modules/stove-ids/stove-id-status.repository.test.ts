/**
 * The one way statuses change (stove-id-status.repository.ts): every change appends exactly one
 * history event per ID (from → to, factory, document, actor), and the history is append-only:
 * the database refuses to update, delete or truncate events.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { stoveIdEvents, stoveIds } from '../../db/schema/stove-ids';
import { countRows } from '../../test/db-assert';
import { makeStoveIds } from '../../test/stove-ids';
import { createTestContext, type TestContext } from '../../test/test-app';
import { changeStoveIdStatuses, lockStoveIdsByCodes, sqlBigintArray, sqlTextArray } from './stove-id-status.repository';

let ctx: TestContext;
let factoryId: string;
let actorId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  factoryId = (await ctx.makeFactory()).id;
  actorId = (await ctx.makeUser(['Admin'])).id;
});
afterAll(async () => {
  await ctx.close();
});

const eventsOf = (ids: number[]) =>
  ctx.handle.db.select().from(stoveIdEvents).where(inArray(stoveIdEvents.stoveIdId, ids)).orderBy(stoveIdEvents.id);

describe('changeStoveIdStatuses', () => {
  it('changes every ID and appends exactly one event per ID with from and to status', async () => {
    const inStock = await makeStoveIds(ctx.handle.db, { factoryId, count: 2 });
    const coupled = await makeStoveIds(ctx.handle.db, { factoryId, count: 1, status: 'coupled' });
    const ids = [...inStock.ids, ...coupled.ids];
    const before = (await eventsOf(ids)).length;
    const documentId = inStock.batchId;

    const changed = await ctx.handle.db.transaction((tx) =>
      changeStoveIdStatuses(tx, {
        ids,
        kind: 'voided',
        set: sql`status = 'void', void_reason = ${'Burnt'}`,
        document: { type: 'batch', id: documentId },
        note: 'Burnt',
        actorId,
      }),
    );
    expect(changed).toBe(3);
    const rows = await ctx.handle.db.select().from(stoveIds).where(inArray(stoveIds.id, ids)).orderBy(stoveIds.id);
    expect(rows.map((r) => [r.status, r.voidReason, r.updatedBy])).toEqual([
      ['void', 'Burnt', actorId],
      ['void', 'Burnt', actorId],
      ['void', 'Burnt', actorId],
    ]);
    const events = await eventsOf(ids);
    expect(events).toHaveLength(before + 3);
    const added = events.slice(before);
    expect(added.map((e) => [e.stoveIdId, e.kind, e.fromStatus, e.toStatus]).sort()).toEqual(
      [
        [inStock.ids[0], 'voided', 'in_stock', 'void'],
        [inStock.ids[1], 'voided', 'in_stock', 'void'],
        [coupled.ids[0], 'voided', 'coupled', 'void'],
      ].sort(),
    );
    expect(added.every((e) => e.factoryId === factoryId && e.actorId === actorId && e.note === 'Burnt')).toBe(true);
    expect(added.every((e) => e.documentType === 'batch' && e.documentId === documentId)).toBe(true);
  });

  it('each further change appends one more event per ID; no ids changes nothing', async () => {
    const made = await makeStoveIds(ctx.handle.db, { factoryId, count: 4 });
    const change = (kind: 'coupled' | 'validated', to: string) =>
      ctx.handle.db.transaction((tx) =>
        changeStoveIdStatuses(tx, { ids: made.ids, kind, set: sql`status = ${to}::stove_id_status`, actorId: null }),
      );
    await change('coupled', 'coupled');
    await change('validated', 'validated');
    const events = await eventsOf(made.ids);
    for (const id of made.ids) {
      expect(events.filter((e) => e.stoveIdId === id).map((e) => [e.kind, e.fromStatus, e.toStatus])).toEqual([
        ['created', null, 'in_stock'],
        ['coupled', 'in_stock', 'coupled'],
        ['validated', 'coupled', 'validated'],
      ]);
    }
    expect(
      await changeStoveIdStatuses(ctx.handle.db, { ids: [], kind: 'voided', set: sql`status = 'void'`, actorId }),
    ).toBe(0);
  });

  it('a change the database refuses (a CHECK) writes neither the status nor the event', async () => {
    const made = await makeStoveIds(ctx.handle.db, { factoryId, count: 1 });
    const before = await countRows(ctx.handle.db, stoveIdEvents, eq(stoveIdEvents.stoveIdId, made.ids[0] ?? 0));
    // void without a reason breaks stove_ids_void_reason.
    await expect(
      ctx.handle.db.transaction((tx) =>
        changeStoveIdStatuses(tx, { ids: made.ids, kind: 'voided', set: sql`status = 'void'`, actorId }),
      ),
    ).rejects.toMatchObject({ cause: { code: '23514' } });
    const [row] = await ctx.handle.db
      .select()
      .from(stoveIds)
      .where(eq(stoveIds.id, made.ids[0] ?? 0));
    expect(row?.status).toBe('in_stock');
    expect(await countRows(ctx.handle.db, stoveIdEvents, eq(stoveIdEvents.stoveIdId, made.ids[0] ?? 0))).toBe(before);
  });
});

describe('the history is append-only', () => {
  it.each([
    ['UPDATE', (id: number) => sql`update stove_id_events set note = 'changed' where stove_id_id = ${id}`],
    ['DELETE', (id: number) => sql`delete from stove_id_events where stove_id_id = ${id}`],
    ['TRUNCATE', () => sql`truncate stove_id_events cascade`],
  ])('%s of events is refused by the database', async (op, statement) => {
    const made = await makeStoveIds(ctx.handle.db, { factoryId, count: 1 });
    const id = made.ids[0] ?? 0;
    const before = await eventsOf([id]);
    await expect(ctx.handle.db.execute(statement(id))).rejects.toMatchObject({
      cause: { message: `stove ID history is append-only: ${op} refused` },
    });
    expect(await eventsOf([id])).toEqual(before);
  });
});

describe('lockStoveIdsByCodes', () => {
  it('returns the IDs that exist, in id order, whatever the order of the codes', async () => {
    const made = await makeStoveIds(ctx.handle.db, { factoryId, count: 3 });
    const rows = await ctx.handle.db.transaction((tx) =>
      lockStoveIdsByCodes(tx, [made.codes[2] ?? '', 'NOT-A-CODE', made.codes[0] ?? '']),
    );
    expect(rows).toEqual([
      {
        id: made.ids[0],
        code: made.codes[0],
        status: 'in_stock',
        heldStatus: null,
        factoryId,
        pendingTransferId: null,
      },
      {
        id: made.ids[2],
        code: made.codes[2],
        status: 'in_stock',
        heldStatus: null,
        factoryId,
        pendingTransferId: null,
      },
    ]);
    expect(await ctx.handle.db.transaction((tx) => lockStoveIdsByCodes(tx, []))).toEqual([]);
  });
});

describe('array parameters', () => {
  it('bind 70,000 values as one parameter (past PostgreSQL’s 65,535-parameter limit)', async () => {
    const texts = Array.from({ length: 70_000 }, (_, i) => `C${i}`);
    const [t] = await queryRows<{ n: number; last: string }>(
      ctx.handle.db,
      sql`select cardinality(${sqlTextArray(texts)})::int as n, (${sqlTextArray(texts)})[70000] as last`,
    );
    expect(t).toEqual({ n: 70_000, last: 'C69999' });
    const numbers = Array.from({ length: 70_000 }, (_, i) => i * 3);
    const [b] = await queryRows<{ n: number; total: string }>(
      ctx.handle.db,
      sql`select cardinality(${sqlBigintArray(numbers)})::int as n, (select sum(x)::text from unnest(${sqlBigintArray(numbers)}) x) as total`,
    );
    expect(b).toEqual({ n: 70_000, total: String(numbers.reduce((a, x) => a + x, 0)) });
  });
});
