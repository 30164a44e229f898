/** Sign-in, sign-out, sign-up refusal and the sign-in limits, through the real app on a fresh database. */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/auth';
import { auditRows, countRows, countUsersWithEmail } from '../../test/db-assert';
import { createTestContext, TEST_PASSWORD, type TestContext } from '../../test/test-app';
import { DEVICE_COOKIE } from '../../auth/auth';

const SIGN_IN = '/api/auth/sign-in/email';

function setCookies(headers: Record<string, string | string[] | number | undefined>): string[] {
  const value = headers['set-cookie'];
  if (value === undefined) return [];
  return Array.isArray(value) ? value.map(String) : [String(value)];
}

function sessionCookieHeader(headers: Record<string, string | string[] | number | undefined>): string {
  const found = setCookies(headers).find((c) => c.startsWith('better-auth.session_token='));
  if (!found) throw new Error('no session cookie set');
  return found;
}

const uniqueEmail = () => `auth-${randomUUID()}@example.com`;

describe('sign-in and sign-out', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const signIn = (email: string, password: string, extra: { remoteAddress?: string } = {}) =>
    ctx.request({
      method: 'POST',
      url: SIGN_IN,
      payload: { email, password },
      ...extra,
    });

  it('signs in with the right password: 200, an httpOnly SameSite=Lax cookie (not Secure on http), an audit row', async () => {
    const user = await ctx.makeUser(['Sales Officer']);
    const res = await signIn(user.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(200);

    const cookie = sessionCookieHeader(res.headers);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).not.toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*Path=\//);

    const body = res.json<{
      user: { id: string; email: string };
      token?: unknown;
    }>();
    expect(body.user).toMatchObject({ id: user.id, email: user.email });
    // The raw session token stays in the httpOnly cookie.
    expect(body.token).toBeUndefined();

    const audit = await auditRows(ctx.handle.db, 'sign_in', user.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: user.id,
      recordType: 'user',
      ipAddress: '127.0.0.1',
    });

    const me = await ctx.request({
      method: 'GET',
      url: '/api/me',
      cookie: cookie.split(';')[0],
    });
    expect(me.statusCode).toBe(200);
    expect(me.json<{ user: { id: string } }>().user.id).toBe(user.id);
  });

  it('never hands page JavaScript a raw session token: get-session and list-sessions answer without them', async () => {
    const user = await ctx.makeUser(['Sales Officer']);
    const other = await ctx.signIn(user.email);
    const cookie = await ctx.signIn(user.email);
    const rawTokens = [other, cookie].map((c) => decodeURIComponent(c.split('=')[1] ?? '').split('.')[0] ?? '');
    expect(rawTokens.every((t) => t.length >= 16)).toBe(true);

    const session = await ctx.request({ method: 'GET', url: '/api/auth/get-session', cookie });
    expect(session.statusCode).toBe(200);
    const got = session.json<{ session: { id: string; userId: string; token?: unknown }; user: { id: string } }>();
    expect(got.session).toMatchObject({ userId: user.id });
    expect(got.session.token).toBeUndefined();
    const sessions = await ctx.request({ method: 'GET', url: '/api/auth/list-sessions', cookie });
    expect(sessions.statusCode).toBe(200);
    const listed = sessions.json<{ id: string; token?: unknown }[]>();
    expect(listed).toHaveLength(2);
    expect(listed.every((s) => s.token === undefined && typeof s.id === 'string')).toBe(true);
    for (const token of rawTokens) {
      expect(session.body).not.toContain(token);
      expect(sessions.body).not.toContain(token);
    }
    // Signed out, get-session still answers null.
    const none = await ctx.request({ method: 'GET', url: '/api/auth/get-session' });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
  });

  it('gives the same 401 and message for a wrong password and for an unknown email, and sets no cookie', async () => {
    const user = await ctx.makeUser(['Admin']);
    const wrongPassword = await signIn(user.email, 'not-the-password');
    const unknownEmail = await signIn(uniqueEmail(), 'not-the-password');

    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    const a = wrongPassword.json<{ error: { code: string; message: string } }>();
    const b = unknownEmail.json<{ error: { code: string; message: string } }>();
    expect(a).toEqual({ error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' } });
    expect(a).toEqual(b);
    expect(setCookies(wrongPassword.headers)).toEqual([]);
    expect(setCookies(unknownEmail.headers)).toEqual([]);
    expect(await countRows(ctx.handle.db, sessions, eq(sessions.userId, user.id))).toBe(0);
  });

  it('audits a failed sign-in with the (lower-cased) email as record id and no actor', async () => {
    const user = await ctx.makeUser(['Admin']);
    const res = await signIn(user.email.toUpperCase(), 'not-the-password');
    expect(res.statusCode).toBe(401);

    const failed = await auditRows(ctx.handle.db, 'sign_in_failed', user.email);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      actorId: null,
      recordType: 'sign_in',
      recordId: user.email,
    });
    expect(await auditRows(ctx.handle.db, 'sign_in', user.id)).toHaveLength(0);

    const unknown = uniqueEmail();
    await signIn(unknown, 'not-the-password');
    expect(await auditRows(ctx.handle.db, 'sign_in_failed', unknown)).toHaveLength(1);
  });

  it("refuses missing credentials with the spec's message and a malformed email with 400", async () => {
    const user = await ctx.makeUser(['Admin']);
    const REQUIRED = 'You must provide either an email or phone number and a password';
    const cases: [Record<string, unknown>, string, string[]][] = [
      [{ email: user.email }, REQUIRED, ['password']],
      [{ password: TEST_PASSWORD }, REQUIRED, ['email']],
      [{}, REQUIRED, ['email', 'password']],
      [{ email: '   ', password: TEST_PASSWORD }, REQUIRED, ['email']],
      [{ email: 42, password: TEST_PASSWORD }, REQUIRED, ['email']],
      [{ email: 'not-an-email', password: TEST_PASSWORD }, 'Enter a valid email address.', ['email']],
    ];
    for (const [payload, message, fields] of cases) {
      const res = await ctx.request({ method: 'POST', url: SIGN_IN, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const body = res.json<{
        error: { code: string; message: string; details: { fieldErrors: Record<string, string[]> } };
      }>();
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.message, JSON.stringify(payload)).toBe(message);
      expect(Object.keys(body.error.details.fieldErrors).sort()).toEqual(fields);
      expect(setCookies(res.headers)).toEqual([]);
    }
    expect(await countRows(ctx.handle.db, sessions, eq(sessions.userId, user.id))).toBe(0);
  });

  it('accepts an address with a single-label domain such as admin@localhost', async () => {
    const user = await ctx.makeUser(['Admin'], { email: `local-${Date.now()}@localhost` });
    const res = await ctx.request({
      method: 'POST',
      url: SIGN_IN,
      payload: { email: user.email.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Record<string, unknown>>()).not.toHaveProperty('token');
  });

  it("has one way in: better-auth's own username endpoint is not reachable", async () => {
    const user = await ctx.makeUser(['Admin']);
    const res = await ctx.request({
      method: 'POST',
      url: '/api/auth/sign-in/username',
      payload: { username: user.email, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(404);
    expect(setCookies(res.headers)).toEqual([]);
  });

  it('signs out: 200, the cookie is cleared, the session is gone and audited', async () => {
    const { cookie, id } = await ctx.signedInAs(['Factory Manager']);
    expect(await countRows(ctx.handle.db, sessions, eq(sessions.userId, id))).toBe(1);

    const res = await ctx.request({
      method: 'POST',
      url: '/api/auth/sign-out',
      cookie,
    });
    expect(res.statusCode).toBe(200);
    const cleared = sessionCookieHeader(res.headers);
    expect(cleared).toMatch(/^better-auth\.session_token=;/);
    expect(cleared).toMatch(/Max-Age=0/i);

    const me = await ctx.request({ method: 'GET', url: '/api/me', cookie });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    expect(await countRows(ctx.handle.db, sessions, eq(sessions.userId, id))).toBe(0);

    const audit = await auditRows(ctx.handle.db, 'sign_out', id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: id, recordType: 'user' });
  });

  it('has sign-up disabled: POST /api/auth/sign-up/email is refused and creates nobody', async () => {
    const email = uniqueEmail();
    const res = await ctx.request({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email, password: 'a-long-enough-password', name: 'Intruder' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(setCookies(res.headers)).toEqual([]);
    expect(await countUsersWithEmail(ctx.handle.db, email)).toBe(0);
    // And the refused address cannot sign in.
    expect((await signIn(email, 'a-long-enough-password')).statusCode).toBe(401);
  });

  it('does not let an Admin set a password shorter than 10 characters (POST /api/users)', async () => {
    const { cookie } = await ctx.signedInAs(['Admin']);
    const email = uniqueEmail();
    const res = await ctx.request({
      method: 'POST',
      url: '/api/users',
      cookie,
      payload: {
        email,
        name: 'Short',
        password: '123456789',
        groups: ['Sales Officer'],
      },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{
      error: {
        code: string;
        details: { fieldErrors: Record<string, string[]> };
      };
    }>();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.details.fieldErrors.password?.[0]).toMatch(/at least 10/);
    expect(await countUsersWithEmail(ctx.handle.db, email)).toBe(0);
  });
});

/**
 * The limits, in a context of their own: 3 failures per account and client, 5 per address a
 * minute (decision 0012). Each test uses its own client
 * addresses (`remoteAddress`) so the per-address limit of one never counts the other's attempts.
 */
describe('sign-in limits', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      SIGN_IN_FAILURES_PER_EMAIL: '3',
      SIGN_IN_RATE_LIMIT_PER_MINUTE: '5',
    });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const signIn = (email: string, password: string, remoteAddress: string) =>
    ctx.request({
      method: 'POST',
      url: SIGN_IN,
      payload: { email, password },
      remoteAddress,
    });

  const signInWith = (email: string, password: string, remoteAddress: string, cookie?: string) =>
    ctx.request({
      method: 'POST',
      url: SIGN_IN,
      payload: { email, password },
      remoteAddress,
      ...(cookie ? { headers: { cookie } } : {}),
    });
  /** The browser's device cookie (name=value), set when it signed in. */
  const deviceCookie = (headers: Record<string, string | string[] | number | undefined>) => {
    const found = setCookies(headers).find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
    if (!found) throw new Error('no device cookie set');
    return found.split(';')[0] ?? '';
  };
  const lockedFor = (wait: string) => ({
    error: {
      code: 'RATE_LIMITED',
      message: `Too many failed sign-in attempts for this account. Please wait ${wait} and try again.`,
    },
  });
  /** Moves the account's attempts back in time, as if `seconds` had passed. */
  const backdate = (email: string, seconds: number) =>
    ctx.handle.db.execute(
      sql`update sign_in_attempts set at = at - make_interval(secs => ${seconds}) where account = ${email}`,
    );

  it('locks the guessing address of an account, even with the right password, and not the person elsewhere', async () => {
    const user = await ctx.makeUser(['Admin']);
    for (let i = 0; i < 3; i++) expect((await signIn(user.email, 'wrong-password', '10.0.1.1')).statusCode).toBe(401);
    const locked = await signIn(user.email, TEST_PASSWORD, '10.0.1.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(lockedFor('a minute'));
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(50);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(setCookies(locked.headers)).toEqual([]);
    expect(await countRows(ctx.handle.db, sessions, eq(sessions.userId, user.id))).toBe(0);
    // The same address in another case is the same account.
    expect((await signIn(user.email.toUpperCase(), TEST_PASSWORD, '10.0.1.1')).statusCode).toBe(429);

    // The person, at another address, signs in.
    expect((await signIn(user.email, TEST_PASSWORD, '10.0.1.2')).statusCode).toBe(200);
    // An unknown email is locked alike: the answer does not tell whether an account exists.
    const unknown = uniqueEmail();
    for (let i = 0; i < 3; i++) expect((await signIn(unknown, 'wrong-password', '10.0.1.3')).statusCode).toBe(401);
    expect((await signIn(unknown, 'wrong-password', '10.0.1.3')).json()).toEqual(lockedFor('a minute'));
  });

  it('makes the guessing address wait longer with each failure: 1 minute, then 2, 4, 8, 15 at most', async () => {
    const user = await ctx.makeUser(['Admin']);
    for (let i = 0; i < 3; i++) expect((await signIn(user.email, 'wrong-password', '10.0.5.1')).statusCode).toBe(401);
    expect((await signIn(user.email, 'wrong-password', '10.0.5.1')).json()).toEqual(lockedFor('a minute'));
    await backdate(user.email, 61);
    // Its wait over, the address may try again; a fourth failure doubles the wait.
    expect((await signIn(user.email, 'wrong-password', '10.0.5.1')).statusCode).toBe(401);
    expect((await signIn(user.email, TEST_PASSWORD, '10.0.5.1')).json()).toEqual(lockedFor('2 minutes'));
    await backdate(user.email, 121);
    expect((await signIn(user.email, 'wrong-password', '10.0.5.1')).statusCode).toBe(401);
    expect((await signIn(user.email, TEST_PASSWORD, '10.0.5.1')).json()).toEqual(lockedFor('4 minutes'));
    await backdate(user.email, 241);
    expect((await signIn(user.email, TEST_PASSWORD, '10.0.5.1')).statusCode).toBe(200);
  });

  it('lets the person in on a browser where the account signed in, while its address is locked', async () => {
    const user = await ctx.makeUser(['Admin']);
    const first = await signIn(user.email, TEST_PASSWORD, '10.0.6.1');
    expect(first.statusCode).toBe(200);
    const device = deviceCookie(first.headers);
    expect(setCookies(first.headers).find((c) => c.startsWith(`${DEVICE_COOKIE}=`))).toMatch(
      /; Path=\/api\/auth; Max-Age=\d+; HttpOnly; SameSite=Lax/,
    );
    // Someone behind the same router guesses.
    for (let i = 0; i < 3; i++) expect((await signIn(user.email, 'wrong-password', '10.0.6.1')).statusCode).toBe(401);
    expect((await signIn(user.email, TEST_PASSWORD, '10.0.6.1')).statusCode).toBe(429);
    // The person's own browser is trusted for this account: it gets in, and keeps its cookie.
    const trusted = await signInWith(user.email, TEST_PASSWORD, '10.0.6.1', device);
    expect(trusted.statusCode).toBe(200);
    expect(setCookies(trusted.headers).some((c) => c.startsWith(`${DEVICE_COOKIE}=`))).toBe(false);
    // A forged or altered cookie is no browser's.
    const forged = `${device.slice(0, -2)}xx`;
    expect((await signInWith(user.email, TEST_PASSWORD, '10.0.6.1', forged)).statusCode).toBe(429);
    // The browser is trusted for the accounts that signed in on it, not for others.
    const other = await ctx.makeUser(['Admin']);
    for (let i = 0; i < 3; i++) expect((await signIn(other.email, 'wrong-password', '10.0.6.2')).statusCode).toBe(401);
    expect((await signInWith(other.email, TEST_PASSWORD, '10.0.6.2', device)).statusCode).toBe(429);
    // A trusted browser that guesses is locked too.
    for (let i = 0; i < 3; i++)
      expect((await signInWith(user.email, 'wrong-password', '10.0.6.9', device)).statusCode).toBe(401);
    expect((await signInWith(user.email, TEST_PASSWORD, '10.0.6.9', device)).json()).toEqual(lockedFor('a minute'));
  });

  it('signs in again from a client that keeps only its device cookie and sends no Origin (a script, a test)', async () => {
    const user = await ctx.makeUser(['Admin']);
    const device = deviceCookie((await signIn(user.email, TEST_PASSWORD, '10.0.10.1')).headers);
    // better-auth refuses a request with cookies but no Origin; the device cookie is ours, not its.
    const again = await ctx.app.inject({
      method: 'POST',
      url: SIGN_IN,
      payload: { email: user.email, password: TEST_PASSWORD },
      remoteAddress: '10.0.10.1',
      headers: { cookie: device },
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('guessing spread over many addresses locks the browsers the account never signed in on, not its own', async () => {
    const user = await ctx.makeUser(['Admin']);
    const device = deviceCookie((await signIn(user.email, TEST_PASSWORD, '10.0.7.1')).headers);
    // Four times the per-client allowance, each address once.
    for (let i = 0; i < 12; i++)
      expect((await signIn(user.email, 'wrong-password', `10.0.8.${i}`)).statusCode).toBe(401);
    const fresh = await signIn(user.email, TEST_PASSWORD, '10.0.9.1');
    expect(fresh.statusCode).toBe(429);
    expect(fresh.json()).toEqual(lockedFor('a minute'));
    expect((await signInWith(user.email, TEST_PASSWORD, '10.0.9.2', device)).statusCode).toBe(200);
  });

  it('below the limit the right password still works', async () => {
    const user = await ctx.makeUser(['Admin']);
    expect((await signIn(user.email, 'wrong-password', '10.0.3.1')).statusCode).toBe(401);
    expect((await signIn(user.email, 'wrong-password', '10.0.3.2')).statusCode).toBe(401);
    expect((await signIn(user.email, TEST_PASSWORD, '10.0.3.3')).statusCode).toBe(200);
  });

  it('counts only failed sign-ins per address: a shift of 40 behind one router all get in', async () => {
    const shift = await Promise.all(Array.from({ length: 40 }, () => ctx.makeUser(['Stove Coupler'])));
    const answers = [];
    for (const person of shift) answers.push((await signIn(person.email, TEST_PASSWORD, '10.0.4.1')).statusCode);
    expect(answers).toEqual(shift.map(() => 200));
    // One mistyped password among them is not a guessing run either.
    expect((await signIn(shift[0]?.email ?? '', 'wrong-password', '10.0.4.1')).statusCode).toBe(401);
    expect((await signIn(shift[0]?.email ?? '', TEST_PASSWORD, '10.0.4.1')).statusCode).toBe(200);
  });

  it('limits failed sign-ins per client address with a clear 429, whatever the next password', async () => {
    const user = await ctx.makeUser(['Admin']);
    for (let i = 0; i < 5; i++) {
      expect((await signIn(uniqueEmail(), 'wrong-password', '10.0.2.1')).statusCode).toBe(401);
    }
    const limited = await signIn(user.email, TEST_PASSWORD, '10.0.2.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: 'Too many sign-in attempts from this address. Please wait a minute and try again.',
      },
    });
    expect(setCookies(limited.headers)).toEqual([]);
    // Another address is not limited.
    expect((await signIn(user.email, TEST_PASSWORD, '10.0.2.2')).statusCode).toBe(200);
  });
});
