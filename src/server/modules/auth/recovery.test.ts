/** Password recovery by mail (issue 25): POST /api/auth/recover and /api/auth/recover/password. */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECOVERY_LINK_INVALID, RECOVERY_SENT_MESSAGE } from '../../../common/contracts/recovery';
import { verifications } from '../../db/schema/auth';
import { mailOutbox } from '../../db/schema/operations';
import { auditRows, countRows } from '../../test/db-assert';
import { recipientOf, startTestSmtpServer, textOf, type TestSmtpServer } from '../../test/smtp-server';
import { createTestContext, TEST_ORIGIN, TEST_PASSWORD, type ErrorBody, type TestContext } from '../../test/test-app';
import { storedIdentifierOf } from './recovery.service';

const NEW_PASSWORD = 'a-brand-new-passphrase';

describe('password recovery', () => {
  let smtp: TestSmtpServer;
  let ctx: TestContext;
  /** Each test asks from addresses of its own, so the per-address limit counts only its requests. */
  let addressCounter = 0;
  const nextAddress = () => `10.0.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    ctx = await createTestContext({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  const recover = (email: unknown, remoteAddress = nextAddress()) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/recover',
      remoteAddress,
      headers: { origin: TEST_ORIGIN },
      payload: { email },
    });
  const setPassword = (payload: Record<string, string>) =>
    ctx.request({ method: 'POST', url: '/api/auth/recover/password', payload });
  /** Asks for a link and returns the token of the mail that arrived. */
  const mailedToken = async (email: string) => {
    const before = smtp.received.length;
    expect((await recover(email)).statusCode).toBe(200);
    await ctx.mail.drain();
    const mails = smtp.received.slice(before).filter((m) => recipientOf(m) === email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    const link = /(\S+\/recover\?token=)([\w-]+)/.exec(textOf(mail));
    if (!link?.[2]) throw new Error(`no link in: ${textOf(mail)}`);
    expect(link[1]).toBe(`${TEST_ORIGIN}/recover?token=`);
    return link[2];
  };

  it('answers the same for an unknown address, and mails a link only to an account', async () => {
    const user = await ctx.makeUser(['Stove Coupler']);
    const before = smtp.received.length;
    const known = await recover(user.email.toUpperCase());
    const unknown = await recover('nobody-here@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: RECOVERY_SENT_MESSAGE });
    expect(unknown.body).toBe(known.body);
    await ctx.mail.drain();
    const arrived = smtp.received.slice(before);
    expect(arrived.map(recipientOf)).toEqual([user.email]);
    expect(arrived[0]?.subject).toBe('Choose a new password for the Stove Back Office');
    expect(textOf(arrived[0]!)).toMatch(/works once, within 60 minutes/);
  });

  it('the link sets a new password once, signs out every session and is audited', async () => {
    const user = await ctx.makeUser(['Stove Coupler']);
    const oldCookie = await ctx.signIn(user.email);
    const token = await mailedToken(user.email);
    // The database keeps only a hash of the link's token.
    expect(await countRows(ctx.handle.db, verifications, eq(verifications.identifier, `reset-password:${token}`))).toBe(
      0,
    );

    const res = await setPassword({ token, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect((await ctx.request({ method: 'GET', url: '/api/me', cookie: oldCookie })).statusCode).toBe(401);
    await expect(ctx.signIn(user.email, TEST_PASSWORD)).rejects.toThrow(/401/);
    expect(await ctx.signIn(user.email, NEW_PASSWORD)).toMatch(/session_token/);
    const audit = await auditRows(ctx.handle.db, 'password_recovery', user.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: user.id, recordType: 'user', after: { sessionsEnded: 1 } });

    const again = await setPassword({ token, newPassword: 'yet-another-passphrase' });
    expect(again.statusCode).toBe(400);
    expect(again.json<ErrorBody>().error).toMatchObject({ code: 'INVALID_TOKEN', message: RECOVERY_LINK_INVALID });
    expect(await ctx.signIn(user.email, NEW_PASSWORD)).toMatch(/session_token/);
  });

  it('refuses a link after 60 minutes', async () => {
    const user = await ctx.makeUser(['Sales Officer']);
    const token = await mailedToken(user.email);
    const [link] = await ctx.handle.db
      .select({ expiresAt: verifications.expiresAt, createdAt: verifications.createdAt })
      .from(verifications)
      .where(eq(verifications.identifier, storedIdentifierOf(token)));
    expect((link!.expiresAt.getTime() - link!.createdAt.getTime()) / 60_000).toBeCloseTo(60, 0);
    await ctx.handle.db
      .update(verifications)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verifications.identifier, storedIdentifierOf(token)));
    const res = await setPassword({ token, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.code).toBe('INVALID_TOKEN');
    expect(await ctx.signIn(user.email)).toMatch(/session_token/);
  });

  it('limits requests per email (known or not) and per client address', async () => {
    const user = await ctx.makeUser(['Stove Coupler']);
    for (const email of [user.email, 'ghost@example.com']) {
      for (let i = 0; i < 3; i++) expect((await recover(email)).statusCode).toBe(200);
      const refused = await recover(email);
      expect(refused.statusCode).toBe(429);
      expect(refused.json<ErrorBody>().error.message).toMatch(/wait an hour/);
    }
    const address = nextAddress();
    for (let i = 0; i < 10; i++) expect((await recover(`someone-${i}@example.com`, address)).statusCode).toBe(200);
    const refused = await recover('someone-else@example.com', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<ErrorBody>().error.message).toMatch(/from this address/);
    expect((await recover('someone-else@example.com')).statusCode).toBe(200);
  });

  it('a deactivated account gets no mail, and its earlier link is refused', async () => {
    const admin = await ctx.signedInAs(['Admin']);
    const user = await ctx.makeUser(['Stove Coupler']);
    const token = await mailedToken(user.email);
    const off = await ctx.request({ method: 'POST', url: `/api/users/${user.id}/deactivate`, cookie: admin.cookie });
    expect(off.statusCode).toBe(200);
    const before = smtp.received.length;
    const res = await recover(user.email);
    expect(res.json()).toEqual({ message: RECOVERY_SENT_MESSAGE });
    await ctx.mail.drain();
    expect(smtp.received.length).toBe(before);
    const refused = await setPassword({ token, newPassword: NEW_PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorBody>().error.code).toBe('ACCOUNT_DEACTIVATED');
  });

  it('a mail server that refuses the mail does not fail the request; the mail waits for its next try', async () => {
    const user = await ctx.makeUser(['Stove Coupler']);
    smtp.refuseNext(1);
    expect((await recover(user.email)).statusCode).toBe(200);
    await ctx.mail.drain();
    const [queued] = await ctx.handle.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    expect(queued).toMatchObject({ status: 'queued', attempts: 1 });
  });

  it('400 for bad input, a weak password, and a link that never was', async () => {
    expect((await recover(undefined)).statusCode).toBe(400);
    expect((await recover('not an address')).statusCode).toBe(400);
    expect((await recover('x'.repeat(250) + '@example.com')).statusCode).toBe(400);
    expect((await setPassword({ newPassword: NEW_PASSWORD })).statusCode).toBe(400);
    expect((await setPassword({ token: 'made-up', newPassword: NEW_PASSWORD })).json<ErrorBody>().error.code).toBe(
      'INVALID_TOKEN',
    );
    const user = await ctx.makeUser(['Stove Coupler']);
    const token = await mailedToken(user.email);
    const short = await setPassword({ token, newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json<ErrorBody>().error.details?.fieldErrors?.newPassword).toBeDefined();
    const weak = await setPassword({ token, newPassword: user.email });
    expect(weak.statusCode).toBe(400);
    expect(weak.json<ErrorBody>().error.details?.fieldErrors?.newPassword).toBeDefined();
    // The link still works after a refused password.
    expect((await setPassword({ token, newPassword: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it("closes better-auth's own reset endpoints", async () => {
    for (const url of ['/api/auth/request-password-reset', '/api/auth/reset-password']) {
      expect((await ctx.request({ method: 'POST', url, payload: { email: 'a@example.com' } })).statusCode).toBe(404);
    }
    expect((await ctx.request({ method: 'GET', url: '/api/auth/reset-password/abc?callbackURL=/' })).statusCode).toBe(
      404,
    );
  });
});
