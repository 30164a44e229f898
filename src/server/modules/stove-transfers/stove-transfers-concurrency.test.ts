/**
 * PostgreSQL only (PGlite has one connection, so nothing runs concurrently there): transfers under
 * concurrency. Two sends racing for overlapping IDs: exactly one wins, the other is refused naming
 * exactly the overlapping IDs. Confirm racing cancel, and two confirms racing: exactly one
 * succeeds, and every ID ends with exactly one end event and a state that matches it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoveTransfer } from '../../../common/contracts/stove-ids';
import { transferNumberLabel } from '../../../common/contracts/stove-ids';
import { queryRows } from '../../db/client';
import { makeStoveIds } from '../../test/stove-ids';
import { createTestContext, type ErrorBody, type SignedInUser, type TestContext } from '../../test/test-app';
import { sqlBigintArray } from '../stove-ids/stove-id-status.repository';

describe.skipIf(!process.env.TEST_DATABASE_URL)('stove transfers under concurrency', () => {
  let ctx: TestContext;
  let A: { id: string };
  let B: { id: string };
  let C: { id: string };
  let senderA: SignedInUser;
  let receiverB: SignedInUser;
  let receiverB2: SignedInUser;
  let receiverC: SignedInUser;

  beforeAll(async () => {
    ctx = await createTestContext();
    A = await ctx.makeFactory();
    B = await ctx.makeFactory();
    C = await ctx.makeFactory();
    senderA = await ctx.signedInAs(['Factory Manager'], { factoryId: A.id });
    receiverB = await ctx.signedInAs(['Factory Manager'], { factoryId: B.id });
    receiverB2 = await ctx.signedInAs(['Production Supervisor'], { factoryId: B.id });
    receiverC = await ctx.signedInAs(['Factory Manager'], { factoryId: C.id });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const post = (url: string, payload: unknown, user: SignedInUser) =>
    ctx.request({ method: 'POST', url, payload: payload as Record<string, unknown>, cookie: user.cookie });

  const states = (ids: number[]) =>
    queryRows<{
      id: number;
      status: string;
      heldStatus: string | null;
      factoryId: string;
      pendingTransferId: string | null;
      sent: number;
      ends: number;
    }>(
      ctx.handle.db,
      sql`select s.id::int as id, s.status, s.held_status as "heldStatus", s.factory_id as "factoryId",
                 s.pending_transfer_id as "pendingTransferId",
                 (select count(*)::int from stove_id_events e where e.stove_id_id = s.id and e.kind = 'sent') as sent,
                 (select count(*)::int from stove_id_events e where e.stove_id_id = s.id
                     and e.kind in ('received', 'returned', 'rejected', 'canceled')) as ends
            from stove_ids s where s.id = any(${sqlBigintArray(ids)}) order by s.id`,
    );

  const pendingItems = async (ids: number[]) => {
    const [row] = await queryRows<{ n: number }>(
      ctx.handle.db,
      sql`select count(*)::int as n from stove_transfer_items
           where stove_id_id = any(${sqlBigintArray(ids)}) and outcome = 'pending'`,
    );
    return row?.n ?? 0;
  };

  it('two sends racing for overlapping IDs: exactly one 201, the other 409 naming the overlap (repeated)', async () => {
    for (let round = 0; round < 8; round++) {
      const made = await makeStoveIds(ctx.handle.db, { factoryId: A.id, count: 300 });
      const first = made.codes.slice(0, 200);
      const second = made.codes.slice(100, 300);
      const overlap = made.codes.slice(100, 200);
      const [x, y] = await Promise.all([
        post('/api/stove-transfers', { fromFactoryId: A.id, toFactoryId: B.id, codes: first }, senderA),
        post('/api/stove-transfers', { fromFactoryId: A.id, toFactoryId: C.id, codes: second }, senderA),
      ]);
      expect([x.statusCode, y.statusCode].sort(), `${x.body} ${y.body}`).toEqual([201, 409]);
      const [winner, loser, winnerCodes] = x.statusCode === 201 ? [x, y, first] : [y, x, second];
      const transfer = winner.json<StoveTransfer>();
      const problems = loser.json<ErrorBody>().error.details?.problems ?? [];
      expect(problems.map((p) => p.code)).toEqual(overlap);
      expect(new Set(problems.map((p) => p.reason))).toEqual(
        new Set([`Already on pending transfer ${transferNumberLabel(transfer.number)}`]),
      );

      const winnerSet = new Set(winnerCodes);
      const rows = await states(made.ids);
      rows.forEach((row, i) => {
        const onIt = winnerSet.has(made.codes[i] as string);
        expect(row.pendingTransferId).toBe(onIt ? transfer.id : null);
        expect(row.status).toBe(onIt ? 'in_transit' : 'in_stock');
        expect(row.sent).toBe(onIt ? 1 : 0);
      });
      expect(await pendingItems(made.ids)).toBe(200);
    }
  });

  it('confirm racing cancel: exactly one succeeds; every ID has one end event and the matching state (repeated)', async () => {
    for (let round = 0; round < 8; round++) {
      const made = await makeStoveIds(ctx.handle.db, { factoryId: A.id, count: 200, status: 'coupled' });
      const res = await post(
        '/api/stove-transfers',
        { fromFactoryId: A.id, toFactoryId: B.id, codes: made.codes },
        senderA,
      );
      const transfer = res.json<StoveTransfer>();
      const [confirm, cancel] = await Promise.all([
        post(`/api/stove-transfers/${transfer.id}/confirm`, {}, receiverB),
        post(`/api/stove-transfers/${transfer.id}/cancel`, {}, senderA),
      ]);
      expect([confirm.statusCode, cancel.statusCode].sort()).toEqual([200, 409]);
      const confirmed = confirm.statusCode === 200;
      const loser = confirmed ? cancel : confirm;
      expect(loser.json<ErrorBody>().error.message).toBe(
        `This transfer is already ${confirmed ? 'confirmed' : 'canceled'}.`,
      );
      for (const row of await states(made.ids)) {
        expect(row).toMatchObject({
          status: 'coupled',
          heldStatus: null,
          pendingTransferId: null,
          factoryId: confirmed ? B.id : A.id,
          sent: 1,
          ends: 1,
        });
      }
      expect(await pendingItems(made.ids)).toBe(0);
      const [row] = await queryRows<{ status: string }>(
        ctx.handle.db,
        sql`select status from stove_transfers where id = ${transfer.id}`,
      );
      expect(row?.status).toBe(confirmed ? 'confirmed' : 'canceled');
    }
  });

  it('two confirms racing (all and part): exactly one wins (repeated)', async () => {
    for (let round = 0; round < 8; round++) {
      const made = await makeStoveIds(ctx.handle.db, { factoryId: A.id, count: 200 });
      const res = await post(
        '/api/stove-transfers',
        { fromFactoryId: A.id, toFactoryId: B.id, codes: made.codes },
        senderA,
      );
      const transfer = res.json<StoveTransfer>();
      const [all, part] = await Promise.all([
        post(`/api/stove-transfers/${transfer.id}/confirm`, {}, receiverB),
        post(`/api/stove-transfers/${transfer.id}/confirm`, { codes: made.codes.slice(0, 50) }, receiverB2),
      ]);
      expect([all.statusCode, part.statusCode].sort()).toEqual([200, 409]);
      const partWon = part.statusCode === 200;
      const rows = await states(made.ids);
      rows.forEach((row, i) => {
        const arrived = !partWon || i < 50;
        expect(row).toMatchObject({ status: 'in_stock', factoryId: arrived ? B.id : A.id, sent: 1, ends: 1 });
      });
      expect(await pendingItems(made.ids)).toBe(0);
    }
  });

  it('a third factory racing the destination changes nothing (404) while the destination confirms', async () => {
    const made = await makeStoveIds(ctx.handle.db, { factoryId: A.id, count: 50 });
    const transfer = (
      await post('/api/stove-transfers', { fromFactoryId: A.id, toFactoryId: B.id, codes: made.codes }, senderA)
    ).json<StoveTransfer>();
    const [stranger, owner] = await Promise.all([
      post(`/api/stove-transfers/${transfer.id}/confirm`, {}, receiverC),
      post(`/api/stove-transfers/${transfer.id}/confirm`, {}, receiverB),
    ]);
    expect([stranger.statusCode, owner.statusCode]).toEqual([404, 200]);
    for (const row of await states(made.ids)) expect(row).toMatchObject({ factoryId: B.id, ends: 1 });
  });
});
