/**
 * Two-factor sign-in with TOTP (issue 3, spec event MFA_CHALLENGE_VERIFIED): set up, confirm with a
 * code, the sign-in challenge with a wrong and a right code, backup codes (each works once), disable.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, twoFactors, users } from '../../db/schema/auth';
import { auditLog } from '../../db/schema/core';
import { auditRows } from '../../test/db-assert';
import { cookieSet, setCookies, SESSION_COOKIE as SESSION, TWO_FACTOR_COOKIE as TWO_FACTOR } from '../../test/cookies';
import { createTestContext, TEST_PASSWORD, type TestContext } from '../../test/test-app';
import { CODE_ALREADY_USED } from './auth.routes';
import { base32Decode, secretOfUri, totpCode } from '../../test/totp';

/** A code for the step before or after the current one still verifies; this one never matches now. */
function wrongCode(secret: string): string {
  const now = Date.now();
  const near = new Set([-1, 0, 1].map((step) => totpCode(secret, now + step * 30_000)));
  for (let i = 0; ; i++) {
    const code = String(i).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

/** A signed-in user who has turned TOTP on: their secret, backup codes and cookie. */
async function totpUser(ctx: TestContext) {
  const { cookie: firstCookie, id, email } = await ctx.signedInAs(['Sales Officer']);
  const enable = await ctx.request({
    method: 'POST',
    url: '/api/auth/two-factor/enable',
    cookie: firstCookie,
    payload: { password: TEST_PASSWORD },
  });
  expect(enable.statusCode, enable.body).toBe(200);
  const { totpURI, backupCodes } = enable.json<{ totpURI: string; backupCodes: string[] }>();
  const secret = secretOfUri(totpURI);
  const confirm = await ctx.request({
    method: 'POST',
    url: '/api/auth/two-factor/verify-totp',
    cookie: firstCookie,
    payload: { code: totpCode(secret) },
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  const cookie = cookieSet(confirm.headers, SESSION) ?? firstCookie;
  return { id, email, secret, backupCodes, totpURI, cookie };
}

describe('two-factor sign-in (TOTP)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const userWithTotp = () => totpUser(ctx);

  async function startSignIn(email: string, remoteAddress?: string) {
    const res = await ctx.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: TEST_PASSWORD },
      ...(remoteAddress ? { remoteAddress } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  }

  it('enable answers an otpauth URI for "Stove Back Office" and 10 backup codes; on only after a first code', async () => {
    const { cookie, id, email } = await ctx.signedInAs(['Stove Coupler']);
    const enable = await ctx.request({
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      cookie,
      payload: { password: TEST_PASSWORD },
    });
    expect(enable.statusCode, enable.body).toBe(200);
    const body = enable.json<{ totpURI: string; backupCodes: string[] }>();
    const uri = new URL(body.totpURI);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('issuer')).toBe('Stove Back Office');
    expect(decodeURIComponent(uri.pathname)).toContain(email);
    expect(body.backupCodes).toHaveLength(10);

    // The secret in the URI is what an authenticator app computes codes from (same as better-auth's).
    const secret = secretOfUri(body.totpURI);
    const raw = base32Decode(secret).toString('utf8');
    expect(totpCode(secret)).toBe((await ctx.auth.api.generateTOTP({ body: { secret: raw } })).code);

    const [pending] = await ctx.handle.db.select().from(users).where(eq(users.id, id));
    expect(pending?.twoFactorEnabled).toBe(false);
    expect(await auditRows(ctx.handle.db, 'two_factor_enabled', id)).toHaveLength(0);

    // A wrong first code leaves it off.
    const wrong = await ctx.request({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      cookie,
      payload: { code: wrongCode(secret) },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: { code: 'INVALID_CODE' } });

    const confirm = await ctx.request({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      cookie,
      payload: { code: totpCode(secret) },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json<{ token?: string }>().token).toBeUndefined();
    const [on] = await ctx.handle.db.select().from(users).where(eq(users.id, id));
    expect(on?.twoFactorEnabled).toBe(true);
    const audit = await auditRows(ctx.handle.db, 'two_factor_enabled', id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: id, recordType: 'user', after: { twoFactorEnabled: true } });

    // The renewed session cookie keeps the user signed in.
    const renewed = cookieSet(confirm.headers, SESSION) ?? cookie;
    const account = await ctx.request({ method: 'GET', url: '/api/me/account', cookie: renewed });
    expect(account.statusCode).toBe(200);
    expect(account.json()).toMatchObject({ email, twoFactorEnabled: true });
  });

  it('enable needs the right password and a session', async () => {
    const { cookie } = await ctx.signedInAs(['Sales Officer']);
    const wrong = await ctx.request({
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      cookie,
      payload: { password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: { code: 'INVALID_PASSWORD' } });
    const anonymous = await ctx.request({
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      payload: { password: TEST_PASSWORD },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('signing in asks for the code: no session, a two-factor cookie, no sign_in audit yet', async () => {
    const user = await userWithTotp();
    const res = await startSignIn(user.email);
    expect(res.json()).toEqual({ twoFactorRedirect: true });
    expect(cookieSet(res.headers, SESSION)).toBeNull();
    const challenge = cookieSet(res.headers, TWO_FACTOR);
    expect(challenge).not.toBeNull();
    expect(setCookies(res.headers).find((c) => c.startsWith(`${TWO_FACTOR}=`))).toMatch(/HttpOnly/i);
    // Only the sign-in that happened before TOTP was on.
    expect(await auditRows(ctx.handle.db, 'sign_in', user.id)).toHaveLength(1);

    // The two-factor cookie is not a session.
    const me = await ctx.request({ method: 'GET', url: '/api/me', cookie: challenge ?? '' });
    expect(me.statusCode).toBe(401);
  });

  it('a wrong code: 401, audited mfa_challenge_failed; the right code: a session, sign_in and mfa_challenge_verified', async () => {
    const user = await userWithTotp();
    const challenge = cookieSet((await startSignIn(user.email)).headers, TWO_FACTOR) ?? '';

    const wrong = await ctx.request({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      cookie: challenge,
      payload: { code: wrongCode(user.secret) },
    });
    expect(wrong.statusCode).toBe(401);
    const error = wrong.json<{ error: { code: string; message: string } }>();
    expect(error.error.code).toBe('INVALID_CODE');
    expect(error.error.message).toMatch(/not correct/);
    expect(cookieSet(wrong.headers, SESSION)).toBeNull();
    const failed = await auditRows(ctx.handle.db, 'mfa_challenge_failed', user.id);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      actorId: user.id,
      recordType: 'user',
      after: { method: 'totp', reason: 'INVALID_CODE' },
    });

    const right = await ctx.request({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      cookie: challenge,
      payload: { code: totpCode(user.secret) },
    });
    expect(right.statusCode, right.body).toBe(200);
    const body = right.json<{ token?: string; user: { id: string } }>();
    expect(body.token).toBeUndefined();
    expect(body.user.id).toBe(user.id);
    const session = cookieSet(right.headers, SESSION);
    expect(session).not.toBeNull();

    const me = await ctx.request({ method: 'GET', url: '/api/me', cookie: session ?? '' });
    expect(me.statusCode).toBe(200);
    expect(me.json<{ user: { id: string } }>().user.id).toBe(user.id);

    expect(await auditRows(ctx.handle.db, 'sign_in', user.id)).toHaveLength(2);
    const verified = await auditRows(ctx.handle.db, 'mfa_challenge_verified', user.id);
    expect(verified).toHaveLength(1);
    expect(verified[0]).toMatchObject({ actorId: user.id, after: { method: 'totp' }, ipAddress: '127.0.0.1' });

    // The challenge is used up.
    const again = await ctx.request({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      cookie: challenge,
      payload: { code: totpCode(user.secret) },
    });
    expect(again.statusCode).toBe(401);
  });

  it('a code without a pending challenge is refused and audited without a user', async () => {
    const before = await ctx.handle.db.select().from(auditLog).where(eq(auditLog.action, 'mfa_challenge_failed'));
    const res = await ctx.request({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      payload: { code: '123456' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: { code: 'INVALID_TWO_FACTOR_COOKIE' } });
    const after = await ctx.handle.db.select().from(auditLog).where(eq(auditLog.action, 'mfa_challenge_failed'));
    expect(after.length).toBe(before.length + 1);
  });

  it('a backup code signs in once; used again it is refused', async () => {
    const user = await userWithTotp();
    const [code] = user.backupCodes;
    if (!code) throw new Error('no backup code');

    const first = cookieSet((await startSignIn(user.email)).headers, TWO_FACTOR) ?? '';
    const ok = await ctx.request({
      method: 'POST',
      url: '/api/auth/two-factor/verify-backup-code',
      cookie: first,
      payload: { code },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<{ token?: string }>().token).toBeUndefined();
    const session = cookieSet(ok.headers, SESSION);
    expect((await ctx.request({ method: 'GET', url: '/api/me', cookie: session ?? '' })).statusCode).toBe(200);
    const verified = await auditRows(ctx.handle.db, 'mfa_challenge_verified', user.id);
    expect(verified.map((r) => r.after)).toEqual([{ method: 'backup_code' }]);

    const second = cookieSet((await startSignIn(user.email)).headers, TWO_FACTOR) ?? '';
    const reused = await ctx.request({
      method: 'POST',
      url: '/api/auth/two-factor/verify-backup-code',
      cookie: second,
      payload: { code },
    });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({ error: { code: 'INVALID_BACKUP_CODE' } });
    expect(await auditRows(ctx.handle.db, 'mfa_challenge_failed', user.id)).toHaveLength(1);
  });

  it('regenerating backup codes needs the password, replaces the old ones and is audited', async () => {
    const user = await userWithTotp();
    const wrong = await ctx.request({
      method: 'POST',
      url: '/api/auth/two-factor/generate-backup-codes',
      cookie: user.cookie,
      payload: { password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(400);
    const res = await ctx.request({
      method: 'POST',
      url: '/api/auth/two-factor/generate-backup-codes',
      cookie: user.cookie,
      payload: { password: TEST_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { backupCodes } = res.json<{ backupCodes: string[] }>();
    expect(backupCodes).toHaveLength(10);
    expect(backupCodes).not.toContain(user.backupCodes[0]);
    expect(await auditRows(ctx.handle.db, 'two_factor_backup_codes_regenerated', user.id)).toHaveLength(1);

    const challenge = cookieSet((await startSignIn(user.email)).headers, TWO_FACTOR) ?? '';
    const old = await ctx.request({
      method: 'POST',
      url: '/api/auth/two-factor/verify-backup-code',
      cookie: challenge,
      payload: { code: user.backupCodes[0] },
    });
    expect(old.statusCode).toBe(401);
  });

  it('disable needs the password; afterwards sign-in gives a session directly; audited', async () => {
    const user = await userWithTotp();
    const wrong = await ctx.request({
      method: 'POST',
      url: '/api/auth/two-factor/disable',
      cookie: user.cookie,
      payload: { password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      error: { code: 'INVALID_PASSWORD', message: 'The password is not correct.' },
    });

    const res = await ctx.request({
      method: 'POST',
      url: '/api/auth/two-factor/disable',
      cookie: user.cookie,
      payload: { password: TEST_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await ctx.handle.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.twoFactorEnabled).toBe(false);
    expect(await ctx.handle.db.select().from(twoFactors).where(eq(twoFactors.userId, user.id))).toHaveLength(0);
    expect(await auditRows(ctx.handle.db, 'two_factor_disabled', user.id)).toHaveLength(1);

    const signIn = await startSignIn(user.email);
    expect(cookieSet(signIn.headers, SESSION)).not.toBeNull();
    expect(signIn.json<{ user: { id: string } }>().user.id).toBe(user.id);
  });

  it('wrong codes count in the limits on guessing: five from one address, and it waits a minute', async () => {
    const user = await userWithTotp();
    const challenge = cookieSet((await startSignIn(user.email, '10.7.1.1')).headers, TWO_FACTOR) ?? '';
    const verify = (code: string) =>
      ctx.request({
        method: 'POST',
        url: '/api/auth/two-factor/verify-totp',
        cookie: challenge,
        payload: { code },
        remoteAddress: '10.7.1.1',
      });
    for (let i = 0; i < 5; i++) expect((await verify(wrongCode(user.secret))).statusCode).toBe(401);
    // The limits are weighed before the code is checked: the address waits, whatever the code.
    const waiting = await verify(totpCode(user.secret));
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json()).toMatchObject({
      error: { message: 'Too many failed sign-in attempts for this account. Please wait a minute and try again.' },
    });
    expect(cookieSet(waiting.headers, SESSION)).toBeNull();
  });

  it('five wrong codes end the challenge: the right code no longer works, a new sign-in is needed', async () => {
    const user = await userWithTotp();
    const challenge = cookieSet((await startSignIn(user.email)).headers, TWO_FACTOR) ?? '';
    // From five addresses, so that the challenge's own cap is what ends it (not the limits on
    // guessing from one client, tested below).
    for (let i = 0; i < 5; i++) {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/auth/two-factor/verify-totp',
        cookie: challenge,
        payload: { code: wrongCode(user.secret) },
        remoteAddress: `10.7.0.${i}`,
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await ctx.request({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      cookie: challenge,
      payload: { code: totpCode(user.secret) },
      remoteAddress: '10.7.0.9',
    });
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json()).toMatchObject({ error: { code: 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE' } });
    const open = await ctx.handle.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, user.id)));
    // Only the session from before (set-up); none from the blocked challenge.
    expect(open).toHaveLength(1);
  });

  /** Sends code to the challenge of a new sign-in by the user. */
  async function signInWithCode(email: string, code: string) {
    const challenge = cookieSet((await startSignIn(email)).headers, TWO_FACTOR) ?? '';
    return ctx.request({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      cookie: challenge,
      payload: { code },
    });
  }

  it('a TOTP code signs in once: at a second sign-in it is refused and audited, and the next code signs in', async () => {
    const user = await userWithTotp();
    const code = totpCode(user.secret);
    expect((await signInWithCode(user.email, code)).statusCode).toBe(200);

    const replay = await signInWithCode(user.email, code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ error: { code: 'CODE_ALREADY_USED', message: CODE_ALREADY_USED } });
    expect(cookieSet(replay.headers, SESSION)).toBeNull();
    expect(await auditRows(ctx.handle.db, 'mfa_challenge_failed', user.id)).toEqual([
      expect.objectContaining({ after: { method: 'totp', reason: 'CODE_ALREADY_USED' } }),
    ]);

    // The next step's code, which better-auth accepts a step early.
    const next = totpCode(user.secret, Date.now() + 30_000);
    expect((await signInWithCode(user.email, next)).statusCode).toBe(200);
  });

  it('two sign-ins racing with one code: one session, the other refused', async () => {
    const user = await userWithTotp();
    const code = totpCode(user.secret);
    const challenges = await Promise.all(
      [1, 2].map(async () => cookieSet((await startSignIn(user.email)).headers, TWO_FACTOR) ?? ''),
    );
    const answers = await Promise.all(
      challenges.map((challenge) =>
        ctx.request({ method: 'POST', url: '/api/auth/two-factor/verify-totp', cookie: challenge, payload: { code } }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
    expect(answers.find((a) => a.statusCode === 401)?.json()).toMatchObject({ error: { code: 'CODE_ALREADY_USED' } });
  });

  it('a refused code is not used up: the same wrong code is wrong again, not "already used"', async () => {
    const user = await userWithTotp();
    const wrong = wrongCode(user.secret);
    for (let i = 0; i < 2; i++) {
      const res = await signInWithCode(user.email, wrong);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: { code: 'INVALID_CODE' } });
    }
  });

  it("better-auth's own password and profile endpoints are closed (ours are audited), however spelled", async () => {
    const { cookie, email } = await ctx.signedInAs(['Admin']);
    for (const url of [
      '/api/auth/change-password',
      '/api/auth/update-user',
      '/api/auth/%63hange-password',
      '/api/auth/update%2Duser',
    ]) {
      const res = await ctx.request({
        method: 'POST',
        url,
        cookie,
        payload: { currentPassword: TEST_PASSWORD, newPassword: 'another-long-password', name: 'Renamed' },
      });
      expect(res.statusCode, url).toBe(404);
    }
    expect((await ctx.request({ method: 'GET', url: '/api/me', cookie })).json<{ name: string }>().name).not.toBe(
      'Renamed',
    );
    await ctx.signIn(email);
  });

  it('does not tell anyone whether an email has an account (is-username-available is closed)', async () => {
    const { email } = await ctx.signedInAs(['Sales Officer']);
    for (const url of ['/api/auth/is-username-available', '/api/auth/is-username-%61vailable']) {
      for (const username of [email, 'nobody-here@example.com']) {
        const res = await ctx.request({ method: 'POST', url, payload: { username } });
        expect({ url, username, status: res.statusCode }).toEqual({ url, username, status: 404 });
        expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: `No such endpoint: POST ${url}` } });
      }
    }
  });
});

describe('the per-address limit counts wrong codes, not sign-ins', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ SIGN_IN_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const from = (remoteAddress: string, url: string, payload: object, cookie?: string) =>
    ctx.request({ method: 'POST', url, payload, cookie, remoteAddress });

  it('a shift with two-factor sign-in behind one router all get in', async () => {
    const shift = [];
    for (let i = 0; i < 5; i++) shift.push(await totpUser(ctx));
    for (const person of shift) {
      const signedIn = await from('10.0.5.1', '/api/auth/sign-in/email', {
        email: person.email,
        password: TEST_PASSWORD,
      });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      const challenge = cookieSet(signedIn.headers, TWO_FACTOR) ?? '';
      const code = await from(
        '10.0.5.1',
        '/api/auth/two-factor/verify-totp',
        { code: totpCode(person.secret) },
        challenge,
      );
      expect(code.statusCode, code.body).toBe(200);
    }
  });

  it('after SIGN_IN_RATE_LIMIT_PER_MINUTE wrong codes from an address, it is refused with 429, the right password too', async () => {
    const user = await totpUser(ctx);
    const signedIn = await from('10.0.6.1', '/api/auth/sign-in/email', { email: user.email, password: TEST_PASSWORD });
    const challenge = cookieSet(signedIn.headers, TWO_FACTOR) ?? '';
    for (let i = 0; i < 3; i++) {
      const wrong = await from(
        '10.0.6.1',
        '/api/auth/two-factor/verify-totp',
        { code: wrongCode(user.secret) },
        challenge,
      );
      expect(wrong.statusCode).toBe(401);
    }
    const limited = await from(
      '10.0.6.1',
      '/api/auth/two-factor/verify-totp',
      { code: totpCode(user.secret) },
      challenge,
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: 'Too many sign-in attempts from this address. Please wait a minute and try again.',
      },
    });
    expect(cookieSet(limited.headers, SESSION)).toBeNull();
    const again = await from('10.0.6.1', '/api/auth/sign-in/email', { email: user.email, password: TEST_PASSWORD });
    expect(again.statusCode).toBe(429);
    // Another address is not limited.
    const elsewhere = await from('10.0.6.2', '/api/auth/sign-in/email', { email: user.email, password: TEST_PASSWORD });
    expect(elsewhere.statusCode).toBe(200);
  });
});
