/**
 * PostgreSQL only (PGlite runs one transaction at a time): batches and imports racing for the
 * same codes. Exactly one wins; the other is refused (409, or an `{"error"}` line when streaming)
 * and leaves no batch, ID or event behind.
 */
import { randomBytes } from 'node:crypto';
import { like, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stoveCode } from '../../../common/stove-codes';
import { queryRows } from '../../db/client';
import { stoveIds } from '../../db/schema/stove-ids';
import { countRows } from '../../test/db-assert';
import { createTestContext, type TestContext } from '../../test/test-app';

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('stove ID batches under concurrency', () => {
  let ctx: TestContext;
  let cookie: string;
  let factoryA: string;
  let factoryB: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    cookie = (await ctx.signedInAs(['Admin'])).cookie;
    factoryA = (await ctx.makeFactory()).id;
    factoryB = (await ctx.makeFactory()).id;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const prefix = () => `C${Array.from(randomBytes(6), (b) => String.fromCharCode(65 + (b % 26))).join('')}`;
  const batch = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    ctx.request({ method: 'POST', url: '/api/stove-id-batches', cookie, headers, payload: { width: 7, ...body } });

  /** What is in the database for codes starting with p: IDs, their events, their batches. */
  async function written(p: string) {
    const [row] = await queryRows<{ ids: number; events: number; batches: number }>(
      ctx.handle.db,
      sql`select (select count(*)::int from stove_ids where code like ${`${p}%`}) as ids,
                 (select count(*)::int from stove_id_events e join stove_ids s on s.id = e.stove_id_id
                   where s.code like ${`${p}%`}) as events,
                 (select count(*)::int from stove_id_batches where first_code like ${`${p}%`}) as batches`,
    );
    return row;
  }

  /** The outcome of a request, JSON or streamed: 'created', 'refused', or what else it answered. */
  function outcome(res: LightMyRequestResponse): string {
    if (res.statusCode === 201) return 'created';
    if (res.statusCode === 409) return 'refused';
    if (res.statusCode === 200 && String(res.headers['content-type']).includes('ndjson')) {
      const last = JSON.parse(res.body.trim().split('\n').at(-1) ?? '{}') as {
        batch?: unknown;
        error?: { code: string };
      };
      if (last.batch) return 'created';
      if (last.error?.code === 'CONFLICT') return 'refused';
    }
    return `${res.statusCode} ${res.body.slice(0, 200)}`;
  }

  it('two overlapping batches at the same time: exactly one succeeds, the other 409, no partial rows (repeated)', async () => {
    for (let round = 0; round < 6; round++) {
      const p = prefix();
      const [a, b] = await Promise.all([
        batch({ factoryId: factoryA, prefix: p, firstNumber: 1, count: 30_000 }),
        batch({ factoryId: factoryB, prefix: p, firstNumber: 20_001, count: 30_000 }),
      ]);
      expect([outcome(a), outcome(b)].sort(), `round ${round}`).toEqual(['created', 'refused']);
      expect(await written(p)).toEqual({ ids: 30_000, events: 30_000, batches: 1 });
      const loser = a.statusCode === 409 ? a : b;
      expect(
        loser.json<{ error: { details: { problems: unknown[] } } }>().error.details.problems.length,
      ).toBeGreaterThan(0);
    }
  });

  it('the same race streamed as NDJSON: one ends with the batch, the other with an error or a 409', async () => {
    let refusedWhileWriting = 0;
    for (let round = 0; round < 4; round++) {
      const p = prefix();
      const ndjson = { accept: 'application/x-ndjson' };
      const results = await Promise.all([
        batch({ factoryId: factoryA, prefix: p, firstNumber: 1, count: 40_000 }, ndjson),
        batch({ factoryId: factoryA, prefix: p, firstNumber: 39_000, count: 40_000 }, ndjson),
      ]);
      expect(results.map(outcome).sort(), `round ${round}`).toEqual(['created', 'refused']);
      expect(await written(p)).toEqual({ ids: 40_000, events: 40_000, batches: 1 });
      if (results.some((r) => r.statusCode === 200 && outcome(r) === 'refused')) refusedWhileWriting++;
    }
    // Both passed the up-front check at least once: the conflict was caught inside the transaction.
    expect(refusedWhileWriting).toBeGreaterThan(0);
  });

  it('an import and a batch racing for one code: exactly one succeeds', async () => {
    for (let round = 0; round < 6; round++) {
      const p = prefix();
      const shared = stoveCode(p, 15_000, 7);
      const [gen, imp] = await Promise.all([
        batch({ factoryId: factoryA, prefix: p, firstNumber: 1, count: 20_000 }),
        ctx.request({
          method: 'POST',
          url: '/api/stove-id-imports',
          cookie,
          payload: { factoryId: factoryB, codes: [`${p}-ONLY-${round}`, shared] },
        }),
      ]);
      expect([outcome(gen), outcome(imp)].sort(), `round ${round}`).toEqual(['created', 'refused']);
      const ids = await countRows(ctx.handle.db, stoveIds, like(stoveIds.code, `${p}%`));
      expect(ids).toBe(gen.statusCode === 201 ? 20_000 : 2);
    }
  });
});
