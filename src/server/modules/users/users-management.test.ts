/**
 * User Management API: list/export/detail, edit, set password, deactivate/reactivate, sessions and who is
 * online, with the guards (own Admin group, own account, last active Admin) and an audit row per change.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUPS, DEFAULT_BASE_ACCESS, type Group } from '../../../common/permissions';
import { accounts, sessions, users } from '../../db/schema/auth';
import { activitySessions, profiles, userGroups } from '../../db/schema/core';
import { auditRows, countRows } from '../../test/db-assert';
import { walkList } from '../../test/list-walk';
import { createTestContext, TEST_PASSWORD, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let admin: { cookie: string; id: string; email: string };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signedInAs(['Admin']);
});
afterAll(async () => {
  await ctx.close();
});

interface ErrorBody {
  error: { code: string; message: string; details?: { fieldErrors?: Record<string, string[]> } };
}
interface UserBody {
  id: string;
  email: string;
  name: string;
  groups: string[];
  factory: { id: string; code: string; name: string } | null;
  active: boolean;
  twoFactorEnabled: boolean;
  createdAt: string;
  lastActivityAt: string | null;
  online: boolean;
  passwordSet: boolean;
  invitationExpiresAt: string | null;
}
interface ListBody<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
  totalCapped: boolean;
}

const as = (cookie: string | null) => (cookie ? { cookie } : {});
const get = (url: string, cookie: string | null = admin.cookie) => ctx.request({ method: 'GET', url, ...as(cookie) });
const patch = (id: string, payload: Record<string, unknown>, cookie: string | null = admin.cookie) =>
  ctx.request({ method: 'PATCH', url: `/api/users/${id}`, payload, ...as(cookie) });
const post = (url: string, payload?: Record<string, unknown>, cookie: string | null = admin.cookie) =>
  ctx.request({ method: 'POST', url, ...(payload ? { payload } : {}), ...as(cookie) });
const del = (url: string, cookie: string | null = admin.cookie) =>
  ctx.request({ method: 'DELETE', url, ...as(cookie) });

let seq = 0;
const tabId = (userId: string) => `${userId}-${Date.now()}${++seq}`;
/** Opens a tab (activity session) for the signed-in user of `cookie`. */
async function openTab(cookie: string, userId: string): Promise<string> {
  const id = tabId(userId);
  const res = await post('/api/activity-sessions', { id, userAgent: 'Mozilla/5.0 (tab)', ipAddress: null }, cookie);
  expect(res.statusCode).toBe(204);
  return id;
}
const me = (cookie: string) => get('/api/me', cookie);
const openTabs = (userId: string) =>
  countRows(
    ctx.handle.db,
    activitySessions,
    and(eq(activitySessions.userId, userId), isNull(activitySessions.endedAt)),
  );

const WITHOUT_USER_MANAGEMENT = GROUPS.filter((g) => !DEFAULT_BASE_ACCESS['user-management'].includes(g));

describe('GET /api/users', () => {
  it('lists users with groups, factory, state, last activity and online; searches, filters, sorts and pages', async () => {
    const tag = randomUUID().slice(0, 8);
    const factory = await ctx.makeFactory();
    const a = await ctx.signedInAs(['Sales Officer', 'Factory Manager'], { factoryId: factory.id });
    await ctx.handle.db
      .update(users)
      .set({ email: `a-${tag}@example.com`, name: `Aa ${tag}` })
      .where(eq(users.id, a.id));
    await ctx.handle.db
      .update(profiles)
      .set({ name: `Aa ${tag}` })
      .where(eq(profiles.id, a.id));
    const b = await ctx.makeUser(['Stove Coupler'], { name: `Bb ${tag}` });
    const c = await ctx.makeUser(['Sales Officer'], { name: `Cc ${tag}` });
    await ctx.handle.db.update(profiles).set({ active: false }).where(eq(profiles.id, c.id));
    const tab = await openTab(a.cookie, a.id);

    const res = await get(`/api/users?q=${tag}`);
    expect(res.statusCode).toBe(200);
    const body = res.json<ListBody<UserBody>>();
    expect(body.total).toBe(3);
    expect(body.items.map((u) => u.name)).toEqual([`Aa ${tag}`, `Bb ${tag}`, `Cc ${tag}`]);
    const [first] = body.items;
    expect(first).toEqual({
      id: a.id,
      email: `a-${tag}@example.com`,
      name: `Aa ${tag}`,
      groups: ['Factory Manager', 'Sales Officer'],
      factory: { id: factory.id, code: factory.code, name: `Factory ${factory.code}` },
      active: true,
      twoFactorEnabled: false,
      createdAt: expect.any(String) as string,
      lastActivityAt: expect.any(String) as string,
      online: true,
      passwordSet: true,
      invitationExpiresAt: null,
    });
    expect(body.items[1]).toMatchObject({ id: b.id, online: false, lastActivityAt: null, factory: null });

    // Search by email too.
    expect((await get(`/api/users?q=a-${tag}@`)).json<ListBody<UserBody>>().items.map((u) => u.id)).toEqual([a.id]);
    // Filters.
    const ids = async (qs: string) =>
      (await get(`/api/users?q=${tag}&${qs}`)).json<ListBody<UserBody>>().items.map((u) => u.id);
    expect(await ids('group=Sales%20Officer')).toEqual([a.id, c.id]);
    expect(await ids(`factoryId=${factory.id}`)).toEqual([a.id]);
    expect(await ids('active=false')).toEqual([c.id]);
    expect(await ids('active=true')).toEqual([a.id, b.id]);
    // Sort and direction.
    expect(await ids('sort=name&dir=desc')).toEqual([c.id, b.id, a.id]);
    expect(await ids('sort=createdAt')).toEqual([a.id, b.id, c.id]);
    // Keyset paging.
    const page1 = (await get(`/api/users?q=${tag}&limit=2`)).json<ListBody<UserBody>>();
    expect(page1.items).toHaveLength(2);
    expect(page1.nextCursor).toEqual(expect.any(String));
    const page2 = (await get(`/api/users?q=${tag}&limit=2&cursor=${page1.nextCursor}`)).json<ListBody<UserBody>>();
    expect(page2.items.map((u) => u.id)).toEqual([c.id]);
    expect(page2.nextCursor).toBeNull();
    // Keyset paging by creation time (stored to the microsecond, carried in the cursor to the millisecond),
    // both directions, one row per page: every user once, in order.
    for (const dir of ['asc', 'desc'] as const) {
      const walked = await walkList<UserBody>(ctx, '/api/users', { q: tag, sort: 'createdAt', dir }, admin.cookie, 1);
      const expected = dir === 'asc' ? [a.id, b.id, c.id] : [c.id, b.id, a.id];
      expect(walked.items.map((u) => u.id)).toEqual(expected);
    }

    // A tab idle for more than 2 minutes is not "online".
    await ctx.handle.db
      .update(activitySessions)
      .set({ lastActivityAt: new Date(Date.now() - 3 * 60 * 1000) })
      .where(eq(activitySessions.id, tab));
    expect((await get(`/api/users/${a.id}`)).json<UserBody>().online).toBe(false);
  });

  it.each([
    ['an unknown group', 'group=Wizard', 'group'],
    ['a bad factory id', 'factoryId=nope', 'factoryId'],
    ['a bad active flag', 'active=yes', 'active'],
    ['an unknown sort', 'sort=password', 'sort'],
    ['a page size over 200', 'limit=201', 'limit'],
  ])('400 for %s with fieldErrors.%s', async (_label, qs, field) => {
    const res = await get(`/api/users?${qs}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.details?.fieldErrors?.[field]?.[0]).toMatch(/\S/);
  });
});

describe('GET /api/users/export.csv', () => {
  it('streams the filtered, sorted list as CSV', async () => {
    const tag = randomUUID().slice(0, 8);
    await ctx.makeUser(['Sales Manager'], { name: `Zed ${tag}` });
    await ctx.makeUser(['Sales Manager', 'Stove Coupler'], { name: `Amy ${tag}` });
    const res = await get(`/api/users/export.csv?q=${tag}&sort=name`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('users.csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Name,Email,Groups,Factory,Active,Two-factor,Created,Last activity');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(new RegExp(`^Amy ${tag},user-.*@example.com,Stove Coupler; Sales Manager,,yes,no,`));
    expect(lines[2]).toMatch(new RegExp(`^Zed ${tag},`));
    expect(res.body).not.toContain('argon2');
  });
});

describe('GET /api/users/:id', () => {
  it('returns one user; 404 for an unknown id; 400 for a malformed one', async () => {
    const u = await ctx.makeUser(['Production Manager']);
    const res = await get(`/api/users/${u.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<UserBody>()).toMatchObject({ id: u.id, email: u.email, groups: ['Production Manager'] });
    const missing = await get(`/api/users/${randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json<ErrorBody>().error.code).toBe('NOT_FOUND');
    const bad = await get('/api/users/not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorBody>().error.details?.fieldErrors?.id?.[0]).toMatch(/\S/);
  });
});

describe('PATCH /api/users/:id', () => {
  it('changes email, name (users and profiles), groups and factory; audits before and after', async () => {
    const factory = await ctx.makeFactory();
    const u = await ctx.makeUser(['Sales Officer'], { name: 'Old Name' });
    const email = `renamed-${randomUUID()}@example.com`;
    const res = await patch(u.id, {
      email: `  ${email.toUpperCase()} `,
      name: ' New Name ',
      groups: ['Sales Manager', 'Sales Manager', 'Factory Manager'],
      factoryId: factory.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<UserBody>()).toMatchObject({
      id: u.id,
      email,
      name: 'New Name',
      groups: ['Factory Manager', 'Sales Manager'],
      factory: { id: factory.id, code: factory.code },
    });
    const [account] = await ctx.handle.db.select().from(users).where(eq(users.id, u.id));
    const [profile] = await ctx.handle.db.select().from(profiles).where(eq(profiles.id, u.id));
    expect(account).toMatchObject({ email, name: 'New Name', username: email });
    expect(profile).toMatchObject({ name: 'New Name', factoryId: factory.id, updatedBy: admin.id });

    const audit = await auditRows(ctx.handle.db, 'update', u.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.id,
      recordType: 'user',
      before: { id: u.id, email: u.email, name: 'Old Name', groups: ['Sales Officer'], factoryId: null, active: true },
      after: { id: u.id, email, name: 'New Name', groups: ['Factory Manager', 'Sales Manager'], factoryId: factory.id },
    });

    // The user signs in with the new email; the change of groups applies to their next request.
    const cookie = await ctx.signIn(email);
    expect((await me(cookie)).json<{ groups: string[] }>().groups).toEqual(['Factory Manager', 'Sales Manager']);
    // Factory can be cleared.
    expect((await patch(u.id, { factoryId: null })).json<UserBody>().factory).toBeNull();
  });

  it.each([
    ['nothing to change', {}, '_'],
    ['a bad email', { email: 'nope' }, 'email'],
    ['an empty name', { name: '  ' }, 'name'],
    ['no groups', { groups: [] }, 'groups'],
    ['an unknown group', { groups: ['Wizard'] }, 'groups.0'],
    ['a bad factory id', { factoryId: 'f1' }, 'factoryId'],
  ] as [string, Record<string, unknown>, string][])(
    '400 for %s (fieldErrors.%s); nothing changes',
    async (_l, body, field) => {
      const u = await ctx.makeUser(['Sales Officer'], { name: 'Same' });
      const res = await patch(u.id, body);
      expect(res.statusCode).toBe(400);
      const error = res.json<ErrorBody>().error;
      expect(error.code).toBe('VALIDATION_FAILED');
      if (field !== '_') expect(error.details?.fieldErrors?.[field]?.[0]).toMatch(/\S/);
      expect((await get(`/api/users/${u.id}`)).json<UserBody>()).toMatchObject({
        name: 'Same',
        groups: ['Sales Officer'],
      });
      expect(await auditRows(ctx.handle.db, 'update', u.id)).toHaveLength(0);
    },
  );

  it('409 for an email another user has; 400 for an unknown factory; 404 for an unknown user', async () => {
    const u = await ctx.makeUser(['Sales Officer']);
    const other = await ctx.makeUser(['Sales Officer']);
    const taken = await patch(u.id, { email: other.email.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json<ErrorBody>().error.details?.fieldErrors?.email?.[0]).toMatch(/\S/);
    // Its own email is fine.
    expect((await patch(u.id, { email: u.email })).statusCode).toBe(200);
    const unknownFactory = await patch(u.id, { factoryId: randomUUID() });
    expect(unknownFactory.statusCode).toBe(400);
    expect(unknownFactory.json<ErrorBody>().error.details?.fieldErrors?.factoryId?.[0]).toMatch(/\S/);
    expect((await patch(randomUUID(), { name: 'X' })).statusCode).toBe(404);
  });

  it('nobody removes their own Admin group (409, nothing changes)', async () => {
    const self = await ctx.signedInAs(['Admin', 'Sales Manager']);
    const res = await patch(self.id, { groups: ['Sales Manager'] }, self.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().error.message).toMatch(/your own Admin group/);
    expect(res.json<ErrorBody>().error.details?.fieldErrors?.groups?.[0]).toMatch(/\S/);
    expect(
      await countRows(ctx.handle.db, userGroups, and(eq(userGroups.userId, self.id), eq(userGroups.group, 'Admin'))),
    ).toBe(1);
    // Changing one's own other fields (keeping Admin) is fine.
    expect((await patch(self.id, { groups: ['Admin'] }, self.cookie)).statusCode).toBe(200);
  });
});

describe('the last active Admin', () => {
  it('can neither lose the Admin group nor be deactivated, whoever asks', async () => {
    // A fresh database with exactly one active Admin besides users granted user-management.
    const own = await createTestContext();
    try {
      const lastAdmin = await own.signedInAs(['Admin']);
      // A Sales Officer given user-management acts on the last Admin.
      await own.request({
        method: 'PUT',
        url: '/api/group-permissions',
        cookie: lastAdmin.cookie,
        payload: { group: 'Sales Officer', component: 'user-management', granted: true },
      });
      const officer = await own.signedInAs(['Sales Officer']);
      const demote = await own.request({
        method: 'PATCH',
        url: `/api/users/${lastAdmin.id}`,
        cookie: officer.cookie,
        payload: { groups: ['Sales Officer'] },
      });
      expect(demote.statusCode).toBe(409);
      expect(demote.json<ErrorBody>().error.message).toMatch(/last active Admin/);
      const deactivate = await own.request({
        method: 'POST',
        url: `/api/users/${lastAdmin.id}/deactivate`,
        cookie: officer.cookie,
      });
      expect(deactivate.statusCode).toBe(409);
      expect(deactivate.json<ErrorBody>().error.message).toMatch(/last active Admin/);
      expect((await own.request({ method: 'GET', url: '/api/me', cookie: lastAdmin.cookie })).statusCode).toBe(200);

      // A deactivated Admin does not count: with a second, inactive Admin the rule still holds.
      const second = await own.makeUser(['Admin']);
      await own.handle.db.update(profiles).set({ active: false }).where(eq(profiles.id, second.id));
      expect(
        (
          await own.request({
            method: 'PATCH',
            url: `/api/users/${lastAdmin.id}`,
            cookie: officer.cookie,
            payload: { groups: ['Sales Officer'] },
          })
        ).statusCode,
      ).toBe(409);
      // Once another Admin is active, the first may be demoted.
      await own.handle.db.update(profiles).set({ active: true }).where(eq(profiles.id, second.id));
      const ok = await own.request({
        method: 'PATCH',
        url: `/api/users/${lastAdmin.id}`,
        cookie: officer.cookie,
        payload: { groups: ['Sales Officer'] },
      });
      expect(ok.statusCode).toBe(200);
      expect(await auditRows(own.handle.db, 'update', lastAdmin.id)).toHaveLength(1);
    } finally {
      await own.close();
    }
  });
});

describe('POST /api/users/:id/password', () => {
  it('refuses a common password (400 on password) and changes nothing', async () => {
    const u = await ctx.signedInAs(['Sales Manager']);
    const [before] = await ctx.handle.db.select().from(accounts).where(eq(accounts.userId, u.id));
    const res = await post(`/api/users/${u.id}/password`, { password: 'qwertyuiop' });
    expect(res.statusCode).toBe(400);
    expect(
      res.json<{ error: { details: { fieldErrors: Record<string, string[]> } } }>().error.details.fieldErrors,
    ).toHaveProperty('password');
    const [after] = await ctx.handle.db.select().from(accounts).where(eq(accounts.userId, u.id));
    expect(after?.password).toBe(before?.password);
  });

  it('sets a new password (argon2id), ends every session of the user, and audits without the hash', async () => {
    const u = await ctx.signedInAs(['Sales Manager']);
    const second = await ctx.signIn(u.email);
    await openTab(u.cookie, u.id);
    const [before] = await ctx.handle.db.select().from(accounts).where(eq(accounts.userId, u.id));
    const res = await post(`/api/users/${u.id}/password`, { password: 'a-brand-new-password' });
    expect(res.statusCode).toBe(204);

    const [after] = await ctx.handle.db.select().from(accounts).where(eq(accounts.userId, u.id));
    expect(after?.password).toMatch(/^\$argon2id\$/);
    expect(after?.password).not.toBe(before?.password);
    expect(await countRows(ctx.handle.db, sessions, eq(sessions.userId, u.id))).toBe(0);
    expect(await openTabs(u.id)).toBe(0);
    expect((await me(u.cookie)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);

    const failed = await ctx.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: u.email, password: TEST_PASSWORD },
    });
    expect(failed.statusCode).toBe(401);
    expect(await ctx.signIn(u.email, 'a-brand-new-password')).toMatch(/^better-auth\.session_token=/);

    const audit = await auditRows(ctx.handle.db, 'set_password', u.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.id,
      recordType: 'user',
      after: { passwordChanged: true, sessionsRevoked: 2 },
    });
    const text = JSON.stringify(audit[0]);
    expect(text).not.toContain('argon2');
    expect(text).not.toContain('a-brand-new-password');
  });

  it.each([
    ['too short', { password: '123456789' }],
    ['too long', { password: 'x'.repeat(129) }],
    ['missing', {}],
  ])('400 for a password %s with fieldErrors.password; nothing changes', async (_l, body) => {
    const u = await ctx.signedInAs(['Sales Manager']);
    const res = await post(`/api/users/${u.id}/password`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.details?.fieldErrors?.password?.[0]).toMatch(/\S/);
    expect((await me(u.cookie)).statusCode).toBe(200);
  });

  it('404 for an unknown user', async () => {
    expect((await post(`/api/users/${randomUUID()}/password`, { password: 'a-long-enough-pw' })).statusCode).toBe(404);
  });
});

describe('POST /api/users/:id/deactivate and /reactivate', () => {
  it('deactivating signs the user out everywhere and blocks sign-in; reactivating allows it again', async () => {
    const u = await ctx.signedInAs(['Stove Coupler']);
    await openTab(u.cookie, u.id);
    const res = await post(`/api/users/${u.id}/deactivate`);
    expect(res.statusCode).toBe(200);
    expect(res.json<UserBody>()).toMatchObject({ id: u.id, active: false, online: false });
    expect(await countRows(ctx.handle.db, sessions, eq(sessions.userId, u.id))).toBe(0);
    expect(await openTabs(u.id)).toBe(0);
    expect((await me(u.cookie)).statusCode).toBe(401);

    const signIn = await ctx.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: u.email, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json<ErrorBody>().error.code).toBe('ACCOUNT_DEACTIVATED');

    const audit = await auditRows(ctx.handle.db, 'deactivate', u.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.id, before: { active: true }, after: { active: false } });

    const again = await post(`/api/users/${u.id}/deactivate`);
    expect(again.statusCode).toBe(409);

    const back = await post(`/api/users/${u.id}/reactivate`);
    expect(back.statusCode).toBe(200);
    expect(back.json<UserBody>().active).toBe(true);
    expect(await auditRows(ctx.handle.db, 'reactivate', u.id)).toHaveLength(1);
    const cookie = await ctx.signIn(u.email);
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await post(`/api/users/${u.id}/reactivate`)).statusCode).toBe(409);
  });

  it('nobody deactivates themselves (409, nothing changes)', async () => {
    const self = await ctx.signedInAs(['Admin']);
    const res = await post(`/api/users/${self.id}/deactivate`, undefined, self.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().error.message).toMatch(/your own account/);
    expect((await me(self.cookie)).statusCode).toBe(200);
    expect(await auditRows(ctx.handle.db, 'deactivate', self.id)).toHaveLength(0);
  });

  it('404 for an unknown user', async () => {
    expect((await post(`/api/users/${randomUUID()}/deactivate`)).statusCode).toBe(404);
    expect((await post(`/api/users/${randomUUID()}/reactivate`)).statusCode).toBe(404);
  });
});

describe('GET /api/users/:id/sessions and DELETE /api/users/:id/sessions/:sessionId', () => {
  it('lists the sessions with user agent, address, created, last active and tab activity; revokes one', async () => {
    const u = await ctx.makeUser(['Sales Officer']);
    const phone = await ctx.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: u.email, password: TEST_PASSWORD },
      headers: { 'user-agent': 'PhoneBrowser/1.0' },
      remoteAddress: '203.0.113.9',
    });
    const phoneCookie = (phone.headers['set-cookie'] as string[] | string).toString().split(';')[0] ?? '';
    const laptopCookie = await ctx.signIn(u.email);
    await openTab(phoneCookie, u.id);

    const res = await get(`/api/users/${u.id}/sessions`);
    expect(res.statusCode).toBe(200);
    const { items } = res.json<{
      items: {
        id: string;
        userAgent: string | null;
        ipAddress: string | null;
        lastActivityAt: string | null;
        current: boolean;
        createdAt: string;
        lastActiveAt: string;
      }[];
    }>();
    expect(items).toHaveLength(2);
    const phoneSession = items.find((s) => s.userAgent === 'PhoneBrowser/1.0');
    expect(phoneSession).toMatchObject({
      ipAddress: '203.0.113.9',
      lastActivityAt: expect.any(String) as string,
      current: false,
      createdAt: expect.any(String) as string,
      lastActiveAt: expect.any(String) as string,
    });
    expect(items.find((s) => s !== phoneSession)?.lastActivityAt).toBeNull();

    // The caller's own session is marked current.
    const mine = (await get(`/api/users/${admin.id}/sessions`)).json<{ items: { current: boolean }[] }>();
    expect(mine.items.some((s) => s.current)).toBe(true);

    const revoke = await del(`/api/users/${u.id}/sessions/${phoneSession?.id}`);
    expect(revoke.statusCode).toBe(204);
    expect((await me(phoneCookie)).statusCode).toBe(401);
    expect((await me(laptopCookie)).statusCode).toBe(200);
    expect(await openTabs(u.id)).toBe(0);
    const audit = await auditRows(ctx.handle.db, 'revoke_session', u.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.id,
      before: { sessionId: phoneSession?.id, userAgent: 'PhoneBrowser/1.0' },
    });

    // Gone already, or another user's session: 404.
    expect((await del(`/api/users/${u.id}/sessions/${phoneSession?.id}`)).statusCode).toBe(404);
    const [adminSession] = await ctx.handle.db.select().from(sessions).where(eq(sessions.userId, admin.id));
    expect((await del(`/api/users/${u.id}/sessions/${adminSession?.id}`)).statusCode).toBe(404);
    expect((await me(admin.cookie)).statusCode).toBe(200);
    expect((await del(`/api/users/${u.id}/sessions/nope`)).statusCode).toBe(400);
    expect((await get(`/api/users/${randomUUID()}/sessions`)).statusCode).toBe(404);
  });
});

describe('GET /api/users/online', () => {
  it('lists users with a tab pinged in the last 2 minutes, with their tab count', async () => {
    const factory = await ctx.makeFactory();
    const u = await ctx.signedInAs(['Factory Manager'], { factoryId: factory.id });
    await openTab(u.cookie, u.id);
    await openTab(u.cookie, u.id);
    const stale = await ctx.signedInAs(['Sales Officer']);
    const staleTab = await openTab(stale.cookie, stale.id);
    await ctx.handle.db
      .update(activitySessions)
      .set({ lastActivityAt: new Date(Date.now() - 3 * 60 * 1000) })
      .where(eq(activitySessions.id, staleTab));
    const closed = await ctx.signedInAs(['Sales Officer']);
    const closedTab = await openTab(closed.cookie, closed.id);
    expect((await post(`/api/activity-sessions/${closedTab}/end`, undefined, closed.cookie)).statusCode).toBe(204);

    const res = await get('/api/users/online');
    expect(res.statusCode).toBe(200);
    const { items } = res.json<{ items: { userId: string; tabs: number }[] }>();
    expect(items.find((i) => i.userId === u.id)).toEqual({
      userId: u.id,
      name: 'Test Factory Manager',
      email: u.email,
      factory: { id: factory.id, code: factory.code, name: `Factory ${factory.code}` },
      lastActivityAt: expect.any(String) as string,
      tabs: 2,
    });
    expect(items.some((i) => i.userId === stale.id)).toBe(false);
    expect(items.some((i) => i.userId === closed.id)).toBe(false);
  });
});

describe('who may call User Management', () => {
  const endpoints = (id: string): ['GET' | 'POST' | 'PATCH' | 'DELETE', string, Record<string, unknown>?][] => [
    ['GET', '/api/users'],
    ['GET', '/api/users/export.csv'],
    ['GET', '/api/users/online'],
    ['GET', `/api/users/${id}`],
    ['PATCH', `/api/users/${id}`, { name: 'Hacked' }],
    ['POST', `/api/users/${id}/password`, { password: 'hacked-password' }],
    ['POST', `/api/users/${id}/deactivate`],
    ['POST', `/api/users/${id}/reactivate`],
    ['GET', `/api/users/${id}/sessions`],
    ['DELETE', `/api/users/${id}/sessions/${randomUUID()}`],
  ];

  it('401 for every endpoint when signed out; nothing changes', async () => {
    const target = await ctx.makeUser(['Sales Officer'], { name: 'Untouched' });
    for (const [method, url, payload] of endpoints(target.id)) {
      const res = await ctx.request({ method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await get(`/api/users/${target.id}`)).json<UserBody>()).toMatchObject({ name: 'Untouched', active: true });
  });

  it.each(WITHOUT_USER_MANAGEMENT.map((g) => [g]))(
    '%s gets 403 on every endpoint; nothing changes',
    async (group: Group) => {
      const caller = await ctx.signedInAs([group]);
      const target = await ctx.signedInAs(['Sales Officer']);
      for (const [method, url, payload] of endpoints(target.id)) {
        const res = await ctx.request({ method, url, cookie: caller.cookie, ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json<ErrorBody>().error.code).toBe('FORBIDDEN');
      }
      expect((await get(`/api/users/${target.id}`)).json<UserBody>()).toMatchObject({
        name: 'Test Sales Officer',
        active: true,
      });
      expect((await me(target.cookie)).statusCode).toBe(200);
    },
  );
});
