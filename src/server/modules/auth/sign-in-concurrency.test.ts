/**
 * PostgreSQL only (PGlite runs one transaction at a time): the limits on guessing hold when the
 * guesses race. Each attempt is recorded under the address's and the account's locks before its
 * password is checked, so parallel guesses are counted one after the other (decision 0012).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('sign-in limits under concurrency', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ SIGN_IN_FAILURES_PER_EMAIL: '3', SIGN_IN_RATE_LIMIT_PER_MINUTE: '6' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const guess = (email: string, remoteAddress: string) =>
    ctx.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: 'wrong-password' },
      remoteAddress,
    });
  const statuses = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode).sort();

  it('10 parallel wrong passwords for one account from one address: exactly 3 are checked', async () => {
    const user = await ctx.makeUser(['Admin']);
    const answers = await Promise.all(Array.from({ length: 10 }, () => guess(user.email, '10.9.0.1')));
    expect(statuses(answers)).toEqual([401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
  });

  it('10 parallel wrong passwords for 10 accounts from one address: exactly 6 are checked', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => guess(`guess-${randomUUID()}@example.com`, '10.9.0.2')),
    );
    expect(statuses(answers)).toEqual([401, 401, 401, 401, 401, 401, 429, 429, 429, 429]);
  });
});
