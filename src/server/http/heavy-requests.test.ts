/** Large requests (over 1,000 stove codes) take turns per user: two at a time, a third gets 429 (issue 21). */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../auth/actor';
import { createTestContext, type TestContext } from '../test/test-app';
import { HEAVY_REQUEST_CODES, HEAVY_REQUESTS_PER_USER, heavyRequests } from './heavy-requests';

describe('the turns of large requests', () => {
  /** An app whose one route holds each request until `open()`; the caller's user id comes in a header. */
  async function heldApp() {
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const held = { count: 0 };
    const app = Fastify();
    app.decorateRequest('actor', null);
    app.addHook('onRequest', async (request) => {
      request.actor = { userId: String(request.headers['x-user']) } as Actor;
    });
    await app.register(heavyRequests);
    app.post('/work', async () => {
      held.count++;
      await gate;
      return { done: true };
    });
    return { app, open, held };
  }
  const work = (app: FastifyInstance, user: string, n: number) =>
    app.inject({
      method: 'POST',
      url: '/work',
      headers: { 'x-user': user },
      payload: { codes: Array.from({ length: n }, (_, i) => `C${i}`) },
    });

  it(`runs ${HEAVY_REQUESTS_PER_USER} at once per user; one more is refused with a message, others are not`, async () => {
    const { app, open, held } = await heldApp();
    try {
      const running = [work(app, 'ann', 1_001), work(app, 'ann', 20_000)];
      await expect.poll(() => held.count).toBe(2);
      const refused = await work(app, 'ann', 1_001);
      expect(refused.statusCode).toBe(429);
      // The app's error handler puts it in the `{ error }` shape; this bare app shows Fastify's.
      expect(refused.json<{ message: string }>().message).toBe(
        'You already have 2 large requests running (over 1,000 stove IDs each). Wait for them to finish, then try again.',
      );
      // Another user, and a small request of the same user, are not held back.
      const others = [work(app, 'bob', 1_001), work(app, 'ann', HEAVY_REQUEST_CODES)];
      open();
      expect((await Promise.all([...running, ...others])).map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      // Their turns given back, the next one runs.
      expect((await work(app, 'ann', 1_001)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('large requests per user', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const codes = (n: number, prefix: string) =>
    Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(6, '0')}`);
  const check = (cookie: string, n: number, prefix = 'HVY') =>
    ctx.request({ method: 'POST', url: '/api/stove-ids/validate', cookie, payload: { codes: codes(n, prefix) } });

  it('never limits requests of up to 1,000 codes, however many at once', async () => {
    const user = await ctx.signedInAs(['Admin']);
    const answers = await Promise.all(Array.from({ length: 6 }, () => check(user.cookie, HEAVY_REQUEST_CODES)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it('gives the turn back when a large request is refused by its handler', async () => {
    const user = await ctx.signedInAs(['Admin']);
    for (let i = 0; i < HEAVY_REQUESTS_PER_USER + 1; i++) {
      const refused = await ctx.request({
        method: 'POST',
        url: '/api/stove-ids/void',
        cookie: user.cookie,
        payload: { codes: codes(HEAVY_REQUEST_CODES + 1, 'VOID'), reason: 'Damaged' },
      });
      // Unknown codes: the void is refused as a whole (409), and its turn is free again.
      expect(refused.statusCode).toBe(409);
    }
  });
});
