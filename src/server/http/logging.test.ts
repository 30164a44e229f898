/**
 * The server's logs, captured at trace level through a whole account's life: a sign-in, a failed
 * one, a password change, two-factor set-up and a sign-in with a backup code. Every line is JSON;
 * no password, cookie, session token, two-factor secret or code appears in any; request lines carry
 * their reqId and, once the session is known, the userId. pino censors secrets a line might hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieSet, SESSION_COOKIE as SESSION, TWO_FACTOR_COOKIE as TWO_FACTOR } from '../test/cookies';
import { createTestContext, TEST_PASSWORD, type TestContext } from '../test/test-app';
import { secretOfUri, totpCode } from '../test/totp';
import { urlForLog } from './logging';

const NEW_PASSWORD = 'a-brand-new-passphrase-81';
const WRONG_PASSWORD = 'not-my-passphrase-at-all-37';
const QUERY_SECRET = 'query-secret-value-5521';
/** What must never be logged of a cookie: its value as sent and decoded, and the token it signs. */
function cookieSecrets(cookie: string): string[] {
  const sent = cookie.slice(cookie.indexOf('=') + 1);
  const value = decodeURIComponent(sent);
  return [sent, value, value.slice(0, value.lastIndexOf('.'))];
}

interface LogLine {
  msg?: string;
  reqId?: string;
  userId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  [key: string]: unknown;
}

describe('the logs', () => {
  let ctx: TestContext;
  const captured: string[] = [];
  const secrets = new Set<string>([TEST_PASSWORD, NEW_PASSWORD, WRONG_PASSWORD, QUERY_SECRET]);
  /** One-time codes are six digits: looked for as a number of their own, not inside a timestamp. */
  const codes = new Set<string>();
  let userId = '';

  beforeAll(async () => {
    ctx = await createTestContext(
      {},
      { logger: { level: 'trace', stream: { write: (line: string) => void captured.push(line) } } },
    );
    const user = await ctx.makeUser(['Sales Officer']);
    userId = user.id;

    const first = await ctx.signIn(user.email);
    cookieSecrets(first).forEach((s) => secrets.add(s));
    const failed = await ctx.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password: WRONG_PASSWORD },
    });
    expect(failed.statusCode).toBe(401);

    const changed = await ctx.request({
      method: 'POST',
      url: '/api/me/password',
      cookie: first,
      payload: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(changed.statusCode, changed.body).toBe(204);
    const second = cookieSet(changed.headers, SESSION) ?? '';
    cookieSecrets(second).forEach((s) => secrets.add(s));
    expect((await ctx.request({ method: 'GET', url: '/api/me', cookie: second })).statusCode).toBe(200);

    const enable = await ctx.request({
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      cookie: second,
      payload: { password: NEW_PASSWORD },
    });
    expect(enable.statusCode, enable.body).toBe(200);
    const { totpURI, backupCodes } = enable.json<{ totpURI: string; backupCodes: string[] }>();
    const totpSecret = secretOfUri(totpURI);
    [totpURI, totpSecret, ...backupCodes].forEach((s) => secrets.add(s));
    const code = totpCode(totpSecret);
    codes.add(code);
    const confirm = await ctx.request({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      cookie: second,
      payload: { code },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);

    const challenge = await ctx.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password: NEW_PASSWORD },
    });
    expect(challenge.statusCode, challenge.body).toBe(200);
    const twoFactorCookie = cookieSet(challenge.headers, TWO_FACTOR) ?? '';
    cookieSecrets(twoFactorCookie).forEach((s) => secrets.add(s));
    const backup = await ctx.request({
      method: 'POST',
      url: '/api/auth/two-factor/verify-backup-code',
      cookie: twoFactorCookie,
      payload: { code: backupCodes[0] },
    });
    expect(backup.statusCode, backup.body).toBe(200);
    const third = cookieSet(backup.headers, SESSION) ?? '';
    cookieSecrets(third).forEach((s) => secrets.add(s));

    expect((await ctx.request({ method: 'GET', url: `/api/health?token=${QUERY_SECRET}&x=1` })).statusCode).toBe(200);

    // A line holding secrets, as a careless log call might write it.
    ctx.app.log.info(
      {
        headers: { cookie: third, authorization: `Bearer ${QUERY_SECRET}` },
        request: { headers: { cookie: second }, body: { currentPassword: TEST_PASSWORD, code } },
        body: { newPassword: NEW_PASSWORD, code, backupCodes },
        err: Object.assign(new Error('duplicate key'), { code: '23505' }),
      },
      'probe',
    );
  });
  afterAll(() => ctx.close());

  const lines = () => captured.map((line) => JSON.parse(line) as LogLine);

  it('are JSON lines, at trace level', () => {
    expect(captured.length).toBeGreaterThan(15);
    expect(() => lines()).not.toThrow();
  });

  it('hold no password, cookie, session token, two-factor secret or code', () => {
    const leaks: string[] = [];
    for (const line of captured) {
      for (const secret of secrets) if (secret !== '' && line.includes(secret)) leaks.push(`${secret} in ${line}`);
      for (const code of codes) if (new RegExp(`(?<!\\d)${code}(?!\\d)`).test(line)) leaks.push(`${code} in ${line}`);
    }
    expect(secrets.size).toBeGreaterThan(15);
    expect(leaks).toEqual([]);
  });

  it("give every request's lines its reqId, and the userId once its session is known", () => {
    const requestLines = lines().filter((l) => l.req !== undefined || l.res !== undefined);
    expect(requestLines.length).toBeGreaterThan(10);
    expect(requestLines.filter((l) => typeof l.reqId !== 'string' || l.reqId === '')).toEqual([]);

    const completed = lines().filter((l) => l.msg === 'request completed');
    const incoming = new Map(
      lines()
        .filter((l) => l.msg === 'incoming request')
        .map((l) => [l.reqId, l.req]),
    );
    const of = (method: string, url: string) =>
      completed.filter((l) => incoming.get(l.reqId)?.method === method && incoming.get(l.reqId)?.url === url);
    const me = of('GET', '/api/me');
    expect(me).toHaveLength(1);
    expect(me[0]?.userId).toBe(userId);
    expect(of('POST', '/api/me/password')[0]?.userId).toBe(userId);
    // A sign-in has no session yet.
    expect(of('POST', '/api/auth/sign-in/email').map((l) => l.userId)).toEqual([undefined, undefined, undefined]);
  });

  it('censor secret query parameters, headers and body fields, and keep error codes', () => {
    const health = lines().find((l) => l.req?.url?.startsWith('/api/health'));
    expect(health?.req?.url).toBe('/api/health?token=[Redacted]&x=1');

    const probe = lines().find((l) => l.msg === 'probe');
    expect(probe).toMatchObject({
      headers: { cookie: '[Redacted]', authorization: '[Redacted]' },
      request: { headers: { cookie: '[Redacted]' }, body: { currentPassword: '[Redacted]', code: '[Redacted]' } },
      body: { newPassword: '[Redacted]', code: '[Redacted]', backupCodes: '[Redacted]' },
      err: { code: '23505', message: 'duplicate key' },
    });
  });
});

describe('urlForLog', () => {
  it('censors the values of secret query parameters and a reset-password token, nothing else', () => {
    expect(urlForLog('/api/x?password=p1&page=2&otp=9&newPassword=p2')).toBe(
      '/api/x?password=[Redacted]&page=2&otp=[Redacted]&newPassword=[Redacted]',
    );
    expect(urlForLog('/api/auth/verify-email?callbackURL=%2F&token=eyJ.x.y')).toBe(
      '/api/auth/verify-email?callbackURL=%2F&token=[Redacted]',
    );
    expect(urlForLog('/api/auth/reset-password/abc123?callbackURL=%2Freset')).toBe(
      '/api/auth/reset-password/[Redacted]?callbackURL=%2Freset',
    );
    expect(urlForLog('/api/stove-ids/ABC-123?code=ABC-124&tokens=1')).toBe(
      '/api/stove-ids/ABC-123?code=ABC-124&tokens=1',
    );
  });
});
