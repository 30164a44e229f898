/**
 * The server side of the inactivity rule (spec §4: signed out after 15 minutes without activity,
 * "Session expired due to inactivity. Please log in again.") and the 12-hour absolute lifetime.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INACTIVITY_TIMEOUT_MS, SESSION_MAX_AGE_MS } from '../../common/constants';
import { sessions } from '../db/schema/auth';
import { activitySessions } from '../db/schema/core';
import { countRows } from '../test/db-assert';
import { createTestContext, type TestContext } from '../test/test-app';
import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { timeStatements } from '../db/client';
import { isIdle, mayWrite, SessionCache, sessionTokenFrom, type ResolvedSession } from './session';
import { sweepSessions } from './sessions.repository';

const MINUTE = 60_000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('isIdle', () => {
  const now = Date.UTC(2025, 5, 1, 12, 0, 0);
  it.each([
    [0, false],
    [14 * MINUTE, false],
    [15 * MINUTE - 1, false],
    [15 * MINUTE, true],
    [15 * MINUTE + 1, true],
    [12 * 60 * MINUTE, true],
  ])('idle for %d ms → %s', (idleMs, expected) => {
    expect(isIdle(new Date(now - idleMs), now)).toBe(expected);
  });

  it('uses the spec timeout of 15 minutes', () => {
    expect(INACTIVITY_TIMEOUT_MS).toBe(15 * MINUTE);
    expect(SESSION_MAX_AGE_MS).toBe(12 * 60 * MINUTE);
  });
});

describe('sessionTokenFrom', () => {
  const cookie = { name: 'better-auth.session_token', secret: 'a-secret-of-forty-characters-for-tests!!' };
  const sign = (token: string, secret = cookie.secret) =>
    `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;

  it('returns the token of a correctly signed cookie (URL-encoded as browsers send it)', () => {
    const header = `other=1; ${cookie.name}=${encodeURIComponent(sign('tok123'))}`;
    expect(sessionTokenFrom(header, cookie)).toBe('tok123');
  });

  it.each([
    ['no cookie header', null],
    ['no session cookie', 'other=1'],
    ['no signature', `better-auth.session_token=tok123`],
    [
      'a signature made with another secret',
      `better-auth.session_token=${encodeURIComponent(sign('tok123', 'x'.repeat(40)))}`,
    ],
    [
      'a token changed after signing',
      `better-auth.session_token=${encodeURIComponent(sign('tok123').replace('tok123', 'tok124'))}`,
    ],
    ['a truncated signature', `better-auth.session_token=${encodeURIComponent(sign('tok123').slice(0, -4))}`],
  ])('refuses %s', (_, header) => {
    expect(sessionTokenFrom(header, cookie)).toBeNull();
  });
});

describe('SessionCache', () => {
  const entry = { user: { id: 'u', email: 'e' } } as ResolvedSession;

  it('keeps an entry until an auth change clears them all', () => {
    const cache = new SessionCache();
    cache.store('t', entry, cache.mark());
    expect(cache.get('t')).toBe(entry);
    cache.clear();
    expect(cache.get('t')).toBeUndefined();
  });

  it('does not store what a lookup read while a change came in', () => {
    const cache = new SessionCache();
    const mark = cache.mark();
    cache.clear();
    cache.store('t', entry, mark);
    expect(cache.get('t')).toBeUndefined();
    cache.store('t', entry, cache.mark());
    expect(cache.get('t')).toBe(entry);
  });
});

describe('a cached session sees every change on the next request', () => {
  // On PGlite the app caches resolved sessions until an auth change; these changes go straight to the
  // database, past every service, and must still apply on the very next request.
  it('a session deleted in the database', async () => {
    const { cookie, id } = await ctx.signedInAs(['Sales Officer']);
    expect((await ctx.request({ method: 'GET', url: '/api/me', cookie })).statusCode).toBe(200);
    await ctx.handle.db.execute(sql`delete from sessions where user_id = ${id}`);
    expect((await ctx.request({ method: 'GET', url: '/api/me', cookie })).statusCode).toBe(401);
  });

  it('a profile deactivated in the database', async () => {
    const { cookie, id } = await ctx.signedInAs(['Sales Officer']);
    expect((await ctx.request({ method: 'GET', url: '/api/me', cookie })).statusCode).toBe(200);
    await ctx.handle.db.execute(sql`update profiles set active = false where id = ${id}`);
    expect((await ctx.request({ method: 'GET', url: '/api/me', cookie })).statusCode).toBe(401);
  });

  it('a group permission removed and a group membership changed in the database', async () => {
    const { cookie, id } = await ctx.signedInAs(['Factory Manager']);
    const partners = () => ctx.request({ method: 'GET', url: '/api/partners', cookie });
    expect((await partners()).statusCode).toBe(200);
    await ctx.handle.db.execute(
      sql`delete from group_permissions where group_name = 'Factory Manager' and component = 'customer-management'`,
    );
    expect((await partners()).statusCode).toBe(403);
    await ctx.handle.db.execute(
      sql`insert into group_permissions (group_name, component) values ('Factory Manager', 'customer-management')`,
    );
    expect((await partners()).statusCode).toBe(200);
    await ctx.handle.db.execute(sql`update user_groups set group_name = 'Stove Coupler' where user_id = ${id}`);
    expect((await partners()).statusCode).toBe(403);
  });

  it('a factory renamed in the database', async () => {
    const factory = await ctx.makeFactory();
    const { cookie } = await ctx.signedInAs(['Factory Manager'], { factoryId: factory.id });
    const me = async () =>
      (await ctx.request({ method: 'GET', url: '/api/me', cookie })).json<{ factory: { name: string } }>();
    expect((await me()).factory.name).not.toBe('Renamed Works');
    await ctx.handle.db.execute(sql`update factories set name = 'Renamed Works' where id = ${factory.id}`);
    expect((await me()).factory.name).toBe('Renamed Works');
  });
});

describe('the session cache (both engines)', () => {
  it('a second request of a session reads no session from the database', async () => {
    const { cookie } = await ctx.signedInAs(['Sales Officer']);
    expect((await ctx.request({ method: 'GET', url: '/api/me', cookie })).statusCode).toBe(200);
    const statements: string[] = [];
    const stop = timeStatements(ctx.handle.db, (statement) => statements.push(statement));
    try {
      expect((await ctx.request({ method: 'GET', url: '/api/me', cookie })).statusCode).toBe(200);
    } finally {
      stop();
    }
    expect(statements.filter((s) => /from sessions s\b/.test(s))).toEqual([]);
  });

  it('a change made through the API applies on the next request (deactivated, signed out)', async () => {
    const admin = await ctx.signedInAs(['Admin']);
    const { cookie, id } = await ctx.signedInAs(['Sales Officer']);
    expect((await ctx.request({ method: 'GET', url: '/api/me', cookie })).statusCode).toBe(200);
    const off = await ctx.request({ method: 'POST', url: `/api/users/${id}/deactivate`, cookie: admin.cookie });
    expect(off.statusCode).toBeLessThan(300);
    expect((await ctx.request({ method: 'GET', url: '/api/me', cookie })).statusCode).toBe(401);

    const other = await ctx.signedInAs(['Sales Officer']);
    expect((await ctx.request({ method: 'GET', url: '/api/me', cookie: other.cookie })).statusCode).toBe(200);
    expect((await ctx.request({ method: 'POST', url: '/api/auth/sign-out', cookie: other.cookie })).statusCode).toBe(
      200,
    );
    expect((await ctx.request({ method: 'GET', url: '/api/me', cookie: other.cookie })).statusCode).toBe(401);
  });

  it('a write from outside this server (PostgreSQL: another connection) applies once its notification arrives', async ({
    skip,
  }) => {
    if (ctx.handle.kind !== 'postgres' || !ctx.handle.url) return skip('one process owns a PGlite database');
    const { cookie, id } = await ctx.signedInAs(['Sales Officer']);
    expect((await ctx.request({ method: 'GET', url: '/api/me', cookie })).statusCode).toBe(200);
    const outside = new pg.Client({ connectionString: ctx.handle.url });
    await outside.connect();
    try {
      await outside.query('update profiles set active = false where id = $1', [id]);
    } finally {
      await outside.end();
    }
    let status = 0;
    for (let waited = 0; waited < 2000; waited += 20) {
      status = (await ctx.request({ method: 'GET', url: '/api/me', cookie })).statusCode;
      if (status === 401) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe(401);
  });

  it('mayWrite: plain reads keep the cache, anything else empties it', () => {
    expect(mayWrite('\n  select s.id from sessions s where s.token = $1')).toBe(false);
    expect(mayWrite('with page as (select 1) select * from page')).toBe(false);
    for (const statement of [
      'begin',
      'commit',
      'update profiles set active = false',
      'insert into sessions values (1)',
      'delete from sessions',
      'with gone as (delete from sessions returning id) select count(*) from gone',
      'select id from stove_ids for update',
      'truncate users',
    ]) {
      expect(mayWrite(statement), statement).toBe(true);
    }
  });
});

describe('sessions over the API', () => {
  async function sessionOf(userId: string) {
    const rows = await ctx.handle.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(rows).toHaveLength(1);
    const [row] = rows;
    if (!row) throw new Error('no session');
    return row;
  }
  const setSession = (userId: string, values: Partial<typeof sessions.$inferInsert>) =>
    ctx.handle.db.update(sessions).set(values).where(eq(sessions.userId, userId));
  const me = (cookie: string) => ctx.request({ method: 'GET', url: '/api/me', cookie });

  it('a new session lasts at most 12 hours and starts active now', async () => {
    const before = Date.now();
    const { id } = await ctx.signedInAs(['Sales Officer']);
    const row = await sessionOf(id);
    const after = Date.now();
    expect(row.lastActiveAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.lastActiveAt.getTime()).toBeLessThanOrEqual(after + 1000);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(SESSION_MAX_AGE_MS - 5000);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(SESSION_MAX_AGE_MS + 5000);
  });

  it('refuses a session idle for 15 minutes with SESSION_EXPIRED and deletes it', async () => {
    const { cookie, id } = await ctx.signedInAs(['Admin']);
    await setSession(id, { lastActiveAt: new Date(Date.now() - 15 * MINUTE) });

    const res = await me(cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: {
        code: 'SESSION_EXPIRED',
        message: 'Session expired due to inactivity. Please log in again.',
      },
    });
    expect(await countRows(ctx.handle.db, sessions, eq(sessions.userId, id))).toBe(0);

    const again = await me(cookie);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
  });

  it('accepts a session idle for 14 minutes, and a plain request does not count as activity', async () => {
    const { cookie, id } = await ctx.signedInAs(['Admin']);
    const fourteenAgo = new Date(Date.now() - 14 * MINUTE);
    await setSession(id, { lastActiveAt: fourteenAgo });

    const res = await me(cookie);
    expect(res.statusCode).toBe(200);
    expect((await sessionOf(id)).lastActiveAt.getTime()).toBe(fourteenAgo.getTime());
  });

  it('treats an idle session as gone on the auth endpoints too', async () => {
    const { cookie, id } = await ctx.signedInAs(['Admin']);
    await setSession(id, { lastActiveAt: new Date(Date.now() - 20 * MINUTE) });
    const res = await ctx.request({
      method: 'GET',
      url: '/api/auth/get-session',
      cookie,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
    expect(await countRows(ctx.handle.db, sessions, eq(sessions.userId, id))).toBe(0);
  });

  it('a ping with {active:true} moves last_active_at forward; {active:false} does not', async () => {
    const { cookie, id } = await ctx.signedInAs(['Stove Coupler']);
    const tab = `${id}-${Date.now()}`;
    const start = await ctx.request({
      method: 'POST',
      url: '/api/activity-sessions',
      cookie,
      payload: { id: tab, userAgent: 'vitest', ipAddress: null },
    });
    expect(start.statusCode).toBe(204);

    const tenAgo = new Date(Date.now() - 10 * MINUTE);
    await setSession(id, { lastActiveAt: tenAgo });
    const idle = await ctx.request({
      method: 'POST',
      url: `/api/activity-sessions/${tab}/ping`,
      cookie,
      payload: { active: false },
    });
    expect(idle.statusCode).toBe(204);
    expect((await sessionOf(id)).lastActiveAt.getTime()).toBe(tenAgo.getTime());

    const before = Date.now();
    const active = await ctx.request({
      method: 'POST',
      url: `/api/activity-sessions/${tab}/ping`,
      cookie,
      payload: { active: true },
    });
    expect(active.statusCode).toBe(204);
    const moved = (await sessionOf(id)).lastActiveAt.getTime();
    expect(moved).toBeGreaterThanOrEqual(before - 1000);
    expect(moved).toBeLessThanOrEqual(Date.now() + 1000);

    // Thanks to the activity, the session now survives what would otherwise have been 15 idle minutes.
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('a ping cannot revive a session that is already idle for 15 minutes', async () => {
    const { cookie, id } = await ctx.signedInAs(['Stove Coupler']);
    const tab = `${id}-${Date.now()}`;
    await ctx.request({
      method: 'POST',
      url: '/api/activity-sessions',
      cookie,
      payload: { id: tab, userAgent: null, ipAddress: null },
    });
    await setSession(id, { lastActiveAt: new Date(Date.now() - 16 * MINUTE) });

    const res = await ctx.request({
      method: 'POST',
      url: `/api/activity-sessions/${tab}/ping`,
      cookie,
      payload: { active: true },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: { code: 'SESSION_EXPIRED' } });
    expect(await countRows(ctx.handle.db, sessions, eq(sessions.userId, id))).toBe(0);
  });

  it('refuses a session past its 12-hour expiry even when recently active', async () => {
    const { cookie, id } = await ctx.signedInAs(['Admin']);
    await setSession(id, {
      expiresAt: new Date(Date.now() - 1000),
      lastActiveAt: new Date(),
    });

    const res = await me(cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
  });
});

describe('sweepSessions', () => {
  /**
   * Works in the year 2001 so that only the rows this test sets up are old enough to be swept,
   * whatever else the database holds.
   */
  it('removes idle and expired sessions, keeps the rest, and ends idle activity records', async () => {
    const db = ctx.handle.db;
    const now = new Date('2001-06-01T12:00:00Z');
    const idleBefore = new Date(now.getTime() - INACTIVITY_TIMEOUT_MS);
    const at = (iso: string) => new Date(iso);

    const idle = await ctx.signedInAs(['Admin']);
    const expired = await ctx.signedInAs(['Admin']);
    const fresh = await ctx.signedInAs(['Admin']);
    const set = (userId: string, lastActiveAt: Date, expiresAt: Date) =>
      db.update(sessions).set({ lastActiveAt, expiresAt }).where(eq(sessions.userId, userId));
    // Idle: last active 16 minutes before "now", not yet expired.
    await set(idle.id, at('2001-06-01T11:44:00Z'), at('2001-06-01T20:00:00Z'));
    // Expired: active a minute ago, but past its absolute expiry.
    await set(expired.id, at('2001-06-01T11:59:00Z'), at('2001-06-01T11:59:59Z'));
    // Fresh: active 14 minutes ago, expires later.
    await set(fresh.id, at('2001-06-01T11:46:00Z'), at('2001-06-01T20:00:00Z'));

    const tab = (userId: string, suffix: number) => `${userId}-${suffix}`;
    await db.insert(activitySessions).values([
      {
        id: tab(idle.id, 1),
        userId: idle.id,
        lastActivityAt: at('2001-06-01T11:40:00Z'),
        startedAt: at('2001-06-01T11:00:00Z'),
      },
      {
        id: tab(fresh.id, 2),
        userId: fresh.id,
        lastActivityAt: at('2001-06-01T11:50:00Z'),
        startedAt: at('2001-06-01T11:00:00Z'),
      },
      {
        id: tab(expired.id, 3),
        userId: expired.id,
        lastActivityAt: at('2001-06-01T10:00:00Z'),
        startedAt: at('2001-06-01T09:00:00Z'),
        endedAt: at('2001-06-01T10:00:00Z'),
      },
    ]);

    expect(await sweepSessions(db, idleBefore, now)).toBe(2);

    expect(await countRows(db, sessions, eq(sessions.userId, idle.id))).toBe(0);
    expect(await countRows(db, sessions, eq(sessions.userId, expired.id))).toBe(0);
    expect(await countRows(db, sessions, eq(sessions.userId, fresh.id))).toBe(1);

    const records = await db.select().from(activitySessions);
    const byId = new Map(records.map((r) => [r.id, r]));
    expect(byId.get(tab(idle.id, 1))?.endedAt?.getTime()).toBe(now.getTime());
    expect(byId.get(tab(fresh.id, 2))?.endedAt).toBeNull();
    // An already ended record keeps its end time.
    expect(byId.get(tab(expired.id, 3))?.endedAt?.getTime()).toBe(at('2001-06-01T10:00:00Z').getTime());

    // The swept users are signed out.
    expect(
      (
        await ctx.request({
          method: 'GET',
          url: '/api/me',
          cookie: idle.cookie,
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await ctx.request({
          method: 'GET',
          url: '/api/me',
          cookie: expired.cookie,
        })
      ).statusCode,
    ).toBe(401);

    // Sweeping again finds nothing more.
    expect(await sweepSessions(db, idleBefore, now)).toBe(0);
  });
});
