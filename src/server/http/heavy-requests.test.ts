/** Large requests (over 1,000 stove codes) take turns per user: two at a time, a third gets 429 (issue 21). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app';
import { HEAVY_REQUEST_CODES, HEAVY_REQUESTS_PER_USER } from './heavy-requests';

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

  it(`runs ${HEAVY_REQUESTS_PER_USER} at once per user; one more is refused with a message, others are not`, async () => {
    const user = await ctx.signedInAs(['Admin']);
    const other = await ctx.signedInAs(['Admin']);
    const answers = await Promise.all([
      check(user.cookie, 20_000),
      check(user.cookie, 20_000),
      check(user.cookie, 20_000),
      check(other.cookie, 20_000),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 429, 200]);
    expect(answers[2]?.json()).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message:
          'You already have 2 large requests running (over 1,000 stove IDs each). Wait for them to finish, then try again.',
      },
    });
    // Their turns given back, the next one runs.
    expect((await check(user.cookie, 20_000)).statusCode).toBe(200);
  });

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
