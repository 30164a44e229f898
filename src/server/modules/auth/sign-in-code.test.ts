/** Sign-in with a code by mail (issue 25): POST /api/auth/otp and /api/auth/verify, on a real SMTP server. */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SIGN_IN_CODE_INVALID,
  SIGN_IN_CODE_NEEDS_EMAIL,
  SIGN_IN_CODE_SENT_MESSAGE,
  SIGN_IN_CODE_TOO_MANY_TRIES,
} from '../../../common/contracts/sign-in-code';
import { verifications } from '../../db/schema/auth';
import { auditRows } from '../../test/db-assert';
import { cookieSet, SESSION_COOKIE, TWO_FACTOR_COOKIE } from '../../test/cookies';
import { recipientOf, startTestSmtpServer, textOf, type TestSmtpServer } from '../../test/smtp-server';
import { createTestContext, TEST_ORIGIN, TEST_PASSWORD, type ErrorBody, type TestContext } from '../../test/test-app';
import { secretOfUri, totpCode } from '../../test/totp';

describe('sign-in with a code by mail', () => {
  let smtp: TestSmtpServer;
  let ctx: TestContext;
  /** Each request comes from an address of its own unless a test says otherwise, so the per-address limit counts only its own. */
  let addressCounter = 0;
  const nextAddress = () => `10.1.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    ctx = await createTestContext({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  const askCode = (email: unknown, remoteAddress = nextAddress()) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/otp',
      remoteAddress,
      headers: { origin: TEST_ORIGIN },
      payload: { email },
    });
  const verify = (payload: Record<string, unknown>, cookie?: string) =>
    ctx.request({ method: 'POST', url: '/api/auth/verify', payload, ...(cookie ? { cookie } : {}) });
  /** Asks for a code and returns the one in the mail that arrived. */
  const mailedCode = async (email: string) => {
    const before = smtp.received.length;
    expect((await askCode(email)).statusCode).toBe(200);
    await ctx.mail.drain();
    const mails = smtp.received.slice(before).filter((m) => recipientOf(m) === email);
    expect(mails).toHaveLength(1);
    const code = /sign-in code is: (\d{6})\b/.exec(textOf(mails[0]!))?.[1];
    if (!code) throw new Error(`no code in: ${textOf(mails[0]!)}`);
    expect(mails[0]!.subject).toBe(`${code} is your sign-in code for the Stove Back Office`);
    return code;
  };
  const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const codeRows = (email: string) =>
    ctx.handle.db
      .select()
      .from(verifications)
      .where(eq(verifications.identifier, `sign-in-code:${email}`));

  it('answers the same for an unknown address, and mails a code only to an account; the table keeps no code', async () => {
    const user = await ctx.makeUser(['Stove Coupler']);
    const before = smtp.received.length;
    const known = await askCode(user.email.toUpperCase());
    const unknown = await askCode('nobody-here@example.com');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: SIGN_IN_CODE_SENT_MESSAGE });
    expect(unknown.body).toBe(known.body);
    await ctx.mail.drain();
    const arrived = smtp.received.slice(before);
    expect(arrived.map(recipientOf)).toEqual([user.email]);
    const code = /sign-in code is: (\d{6})\b/.exec(textOf(arrived[0]!))?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(textOf(arrived[0]!)).toMatch(/works once, within 10 minutes/);
    const [row] = await codeRows(user.email);
    expect(row!.value).not.toContain(code!);
    expect((row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000).toBeCloseTo(10, 0);
    expect(await codeRows('nobody-here@example.com')).toHaveLength(0);
  });

  it('the right code signs in once, with a session cookie, audited as a sign-in', async () => {
    const user = await ctx.makeUser(['Sales Officer']);
    const code = await mailedCode(user.email);
    const res = await verify({ email: ` ${user.email.toUpperCase()} `, code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ user: { id: user.id, email: user.email } });
    expect(res.body).not.toContain('token');
    const cookie = cookieSet(res.headers, SESSION_COOKIE);
    expect(cookie).not.toBeNull();
    const me = await ctx.request({ method: 'GET', url: '/api/me', cookie: cookie! });
    expect(me.statusCode).toBe(200);
    const audit = await auditRows(ctx.handle.db, 'sign_in', user.id);
    expect(audit.at(-1)).toMatchObject({ actorId: user.id, after: { method: 'email_code' } });

    const again = await verify({ email: user.email, code });
    expect(again.statusCode).toBe(400);
    expect(again.json<ErrorBody>().error).toMatchObject({ code: 'INVALID_CODE', message: SIGN_IN_CODE_INVALID });
  });

  it('a wrong code counts a try; the fifth ends the code, even for the right one; a new code works', async () => {
    const user = await ctx.makeUser(['Stove Coupler']);
    const code = await mailedCode(user.email);
    for (let i = 1; i <= 4; i++) {
      const wrong = await verify({ email: user.email, code: otherCode(code) });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json<ErrorBody>().error.code).toBe('INVALID_CODE');
      expect(wrong.json<ErrorBody>().error.message).toContain(`${5 - i} more tr`);
    }
    const fifth = await verify({ email: user.email, code: otherCode(code) });
    expect(fifth.json<ErrorBody>().error).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      message: SIGN_IN_CODE_TOO_MANY_TRIES,
    });
    const right = await verify({ email: user.email, code });
    expect(right.statusCode).toBe(400);
    expect(right.json<ErrorBody>().error.code).toBe('INVALID_CODE');
    const failed = await auditRows(ctx.handle.db, 'sign_in_failed', user.email);
    expect(failed).toHaveLength(5);
    expect(failed[0]).toMatchObject({ actorId: null, after: { method: 'email_code' } });

    const fresh = await mailedCode(user.email);
    expect((await verify({ email: user.email, code: fresh })).statusCode).toBe(200);
  });

  it('a new code replaces the previous one', async () => {
    const user = await ctx.makeUser(['Stove Coupler']);
    const first = await mailedCode(user.email);
    const second = await mailedCode(user.email);
    if (first !== second) expect((await verify({ email: user.email, code: first })).statusCode).toBe(400);
    expect(await codeRows(user.email)).toHaveLength(1);
    expect((await verify({ email: user.email, code: second })).statusCode).toBe(200);
  });

  it('refuses a code after 10 minutes', async () => {
    const user = await ctx.makeUser(['Sales Officer']);
    const code = await mailedCode(user.email);
    await ctx.handle.db
      .update(verifications)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verifications.identifier, `sign-in-code:${user.email}`));
    const res = await verify({ email: user.email, code });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.code).toBe('INVALID_CODE');
  });

  it('limits requests per email (known or not) and per client address', async () => {
    const user = await ctx.makeUser(['Stove Coupler']);
    for (const email of [user.email, 'ghost-code@example.com']) {
      for (let i = 0; i < 3; i++) expect((await askCode(email)).statusCode).toBe(200);
      const refused = await askCode(email);
      expect(refused.statusCode).toBe(429);
      expect(refused.json<ErrorBody>().error.message).toMatch(/wait an hour/);
    }
    const address = nextAddress();
    for (let i = 0; i < 10; i++) expect((await askCode(`code-${i}@example.com`, address)).statusCode).toBe(200);
    const refused = await askCode('code-else@example.com', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<ErrorBody>().error.message).toMatch(/from this address/);
    expect((await askCode('code-else@example.com')).statusCode).toBe(200);
  });

  it('a deactivated account gets no code, and a code mailed before is refused', async () => {
    const admin = await ctx.signedInAs(['Admin']);
    const user = await ctx.makeUser(['Stove Coupler']);
    const code = await mailedCode(user.email);
    const off = await ctx.request({ method: 'POST', url: `/api/users/${user.id}/deactivate`, cookie: admin.cookie });
    expect(off.statusCode).toBe(200);
    const refused = await verify({ email: user.email, code });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorBody>().error.code).toBe('ACCOUNT_DEACTIVATED');
    expect(cookieSet(refused.headers, SESSION_COOKIE)).toBeNull();
    const before = smtp.received.length;
    expect((await askCode(user.email)).json()).toEqual({ message: SIGN_IN_CODE_SENT_MESSAGE });
    await ctx.mail.drain();
    expect(smtp.received.length).toBe(before);
    expect(await codeRows(user.email)).toHaveLength(0);
  });

  it('an account with two-factor sign-in still needs its second factor after the code', async () => {
    const { cookie: firstCookie, id, email } = await ctx.signedInAs(['Sales Officer']);
    const enable = await ctx.request({
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      cookie: firstCookie,
      payload: { password: TEST_PASSWORD },
    });
    const secret = secretOfUri(enable.json<{ totpURI: string }>().totpURI);
    const confirm = await ctx.request({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      cookie: firstCookie,
      payload: { code: totpCode(secret) },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);

    const code = await mailedCode(email);
    const res = await verify({ email, code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ twoFactorRedirect: true });
    expect(cookieSet(res.headers, SESSION_COOKIE)).toBeNull();
    const challenge = cookieSet(res.headers, TWO_FACTOR_COOKIE);
    expect(challenge).not.toBeNull();
    const signInsBefore = (await auditRows(ctx.handle.db, 'sign_in', id)).length;

    const second = await ctx.request({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      cookie: challenge!,
      payload: { code: totpCode(secret, Date.now() + 30_000) },
    });
    expect(second.statusCode, second.body).toBe(200);
    const session = cookieSet(second.headers, SESSION_COOKIE);
    expect((await ctx.request({ method: 'GET', url: '/api/me', cookie: session! })).statusCode).toBe(200);
    expect(await auditRows(ctx.handle.db, 'sign_in', id)).toHaveLength(signInsBefore + 1);
    expect(await auditRows(ctx.handle.db, 'mfa_challenge_verified', id)).toHaveLength(1);
  });

  it('400 for bad input, with the spec message for a missing email', async () => {
    for (const email of [undefined, '', '   ']) {
      const res = await askCode(email);
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().error.message).toContain(SIGN_IN_CODE_NEEDS_EMAIL);
      expect(res.json<ErrorBody>().error.details?.fieldErrors?.email).toEqual([SIGN_IN_CODE_NEEDS_EMAIL]);
    }
    expect((await askCode('not an address')).statusCode).toBe(400);
    expect((await askCode('x'.repeat(250) + '@example.com')).statusCode).toBe(400);
    const noEmail = await verify({ email: '', code: '123456' });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json<ErrorBody>().error.details?.fieldErrors?.email).toEqual([SIGN_IN_CODE_NEEDS_EMAIL]);
    for (const code of [undefined, '', '12345', '1234567', 'abcdef']) {
      const res = await verify({ email: 'someone@example.com', code });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().error.details?.fieldErrors?.code).toBeDefined();
    }
    // A code for an address that never asked is refused like an expired one.
    expect((await verify({ email: 'never-asked@example.com', code: '123456' })).json<ErrorBody>().error.code).toBe(
      'INVALID_CODE',
    );
  });

  it("the session step is not reachable over HTTP, nor is better-auth's email-otp", async () => {
    for (const url of ['/api/auth/sign-in-with-checked-code', '/api/auth/sign-in/email-otp']) {
      const res = await ctx.request({ method: 'POST', url, payload: { userId: 'x', email: 'a@example.com' } });
      expect(res.statusCode).toBe(404);
    }
  });
});
