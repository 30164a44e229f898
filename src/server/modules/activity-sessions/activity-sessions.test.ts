/** Session tracking of spec §7: upsert_user_session, update_user_activity, end_user_session. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/auth';
import { activitySessions } from '../../db/schema/core';
import { countRows } from '../../test/db-assert';
import { createTestContext, type TestContext } from '../../test/test-app';
import { endActivitySession, findActivitySession, pingActivitySession } from './activity-sessions.repository';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

let seq = 0;
/** `${userId}-${timestamp}`, as the client builds it (spec §3); unique within the run. */
const tabId = (userId: string) => `${userId}-${Date.now()}${++seq}`;

const start = (cookie: string | null, payload: Record<string, unknown>, remoteAddress?: string) =>
  ctx.request({
    method: 'POST',
    url: '/api/activity-sessions',
    payload,
    ...(cookie ? { cookie } : {}),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
const ping = (cookie: string | null, id: string, active = false) =>
  ctx.request({
    method: 'POST',
    url: `/api/activity-sessions/${id}/ping`,
    payload: { active },
    ...(cookie ? { cookie } : {}),
  });
const end = (cookie: string | null, id: string) =>
  ctx.request({
    method: 'POST',
    url: `/api/activity-sessions/${id}/end`,
    ...(cookie ? { cookie } : {}),
  });
const record = async (id: string) => findActivitySession(ctx.handle.db, id);

describe('activity sessions', () => {
  it('creates a record: 204, user agent, the IP as sent (null) and the IP the server saw', async () => {
    const { cookie, id: userId } = await ctx.signedInAs(['Sales Manager']);
    const id = tabId(userId);
    const before = Date.now();
    const res = await start(cookie, { id, userAgent: 'Mozilla/5.0 (test)', ipAddress: null }, '198.51.100.7');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    const [authSession] = await ctx.handle.db.select().from(sessions).where(eq(sessions.userId, userId));
    const row = await record(id);
    expect(row).toMatchObject({
      id,
      userId,
      authSessionId: authSession?.id,
      userAgent: 'Mozilla/5.0 (test)',
      ipAddress: null,
      serverIpAddress: '198.51.100.7',
      endedAt: null,
    });
    expect(row?.startedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('keeps a client-sent IP apart from the one the server saw', async () => {
    const { cookie, id: userId } = await ctx.signedInAs(['Sales Manager']);
    const id = tabId(userId);
    expect((await start(cookie, { id, userAgent: null, ipAddress: '10.1.2.3' })).statusCode).toBe(204);
    expect(await record(id)).toMatchObject({
      userAgent: null,
      ipAddress: '10.1.2.3',
      serverIpAddress: '127.0.0.1',
    });
  });

  it('400 for an id that does not start with my user id, and no record', async () => {
    const { cookie } = await ctx.signedInAs(['Sales Officer']);
    const other = await ctx.makeUser(['Sales Officer']);
    const id = tabId(other.id);
    const res = await start(cookie, { id, userAgent: 'x', ipAddress: null });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: {
        code: 'VALIDATION_FAILED',
        details: { fieldErrors: { id: [expect.any(String)] } },
      },
    });
    expect(await record(id)).toBeNull();
  });

  it.each([
    ['no timestamp', (u: string) => u],
    ['a non-numeric timestamp', (u: string) => `${u}-abc`],
    ['a space', (u: string) => `${u} -123`],
    ['a slash', (u: string) => `${u}/x-123`],
    ['too long', (u: string) => `${u}-${'1'.repeat(200)}`],
  ])('400 for a malformed id (%s), and no record', async (_label, make) => {
    const { cookie, id: userId } = await ctx.signedInAs(['Sales Officer']);
    const id = make(userId);
    const before = await countRows(ctx.handle.db, activitySessions, eq(activitySessions.userId, userId));
    const res = await start(cookie, { id, userAgent: 'x', ipAddress: null });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    expect(await countRows(ctx.handle.db, activitySessions, eq(activitySessions.userId, userId))).toBe(before);
  });

  it('400 for a body without userAgent/ipAddress or a ping without active', async () => {
    const { cookie, id: userId } = await ctx.signedInAs(['Sales Officer']);
    const id = tabId(userId);
    expect((await start(cookie, { id })).statusCode).toBe(400);
    expect(await record(id)).toBeNull();
    expect((await start(cookie, { id, userAgent: null, ipAddress: null })).statusCode).toBe(204);
    const res = await ctx.request({
      method: 'POST',
      url: `/api/activity-sessions/${id}/ping`,
      cookie,
      payload: {},
    });
    expect(res.statusCode).toBe(400);
  });

  it('ping: 204 and the record is touched; 404 for an unknown id', async () => {
    const { cookie, id: userId } = await ctx.signedInAs(['Stove Coupler']);
    const id = tabId(userId);
    await start(cookie, { id, userAgent: 'ua', ipAddress: null });
    const old = new Date(Date.now() - 5 * 60_000);
    await ctx.handle.db.update(activitySessions).set({ lastActivityAt: old }).where(eq(activitySessions.id, id));

    const res = await ping(cookie, id);
    expect(res.statusCode).toBe(204);
    expect((await record(id))?.lastActivityAt.getTime()).toBeGreaterThan(old.getTime());

    const unknown = await ping(cookie, tabId(userId));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('end: 204 and ended; then ping and end give 404; starting again reopens it', async () => {
    const { cookie, id: userId } = await ctx.signedInAs(['Stove Coupler']);
    const id = tabId(userId);
    await start(cookie, { id, userAgent: 'ua', ipAddress: null });

    expect((await end(cookie, id)).statusCode).toBe(204);
    expect((await record(id))?.endedAt).toBeInstanceOf(Date);
    expect((await ping(cookie, id)).statusCode).toBe(404);
    expect((await end(cookie, id)).statusCode).toBe(404);

    expect((await start(cookie, { id, userAgent: 'ua2', ipAddress: null })).statusCode).toBe(204);
    expect(await record(id)).toMatchObject({ endedAt: null, userAgent: 'ua2' });
    expect((await ping(cookie, id)).statusCode).toBe(204);
  });

  it('another user cannot ping, end or take over my record', async () => {
    const me = await ctx.signedInAs(['Sales Manager']);
    const other = await ctx.signedInAs(['Sales Manager']);
    const id = tabId(me.id);
    await start(me.cookie, { id, userAgent: 'mine', ipAddress: null });
    const old = new Date(Date.now() - 5 * 60_000);
    await ctx.handle.db.update(activitySessions).set({ lastActivityAt: old }).where(eq(activitySessions.id, id));

    // The id is not theirs, so the request is refused before any lookup.
    for (const res of [
      await ping(other.cookie, id, true),
      await end(other.cookie, id),
      await start(other.cookie, { id, userAgent: 'theirs', ipAddress: null }),
    ]) {
      expect(res.statusCode).toBe(400);
    }
    expect(await record(id)).toMatchObject({
      userId: me.id,
      userAgent: 'mine',
      endedAt: null,
      lastActivityAt: old,
    });

    // And the repository itself only ever touches the caller's own rows.
    expect(await pingActivitySession(ctx.handle.db, id, other.id, new Date())).toBe(false);
    expect(await endActivitySession(ctx.handle.db, id, other.id, new Date())).toBe(false);
    expect(await record(id)).toMatchObject({
      endedAt: null,
      lastActivityAt: old,
    });
  });

  it('401 when signed out, and nothing is recorded', async () => {
    const user = await ctx.makeUser(['Sales Officer']);
    const id = tabId(user.id);
    expect((await start(null, { id, userAgent: 'x', ipAddress: null })).statusCode).toBe(401);
    expect((await ping(null, id)).statusCode).toBe(401);
    expect((await end(null, id)).statusCode).toBe(401);
    expect(await record(id)).toBeNull();
  });
});
