/** My account: GET /api/me/account, PATCH /api/me/profile, POST /api/me/password (issue 3). */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/auth';
import { profiles } from '../../db/schema/core';
import { auditRows, countRows } from '../../test/db-assert';
import { createTestContext, TEST_PASSWORD, type TestContext } from '../../test/test-app';

const NEW_PASSWORD = 'a-brand-new-passphrase';

function sessionCookie(headers: Record<string, string | string[] | number | undefined>): string | null {
  const value = headers['set-cookie'];
  const all = value === undefined ? [] : Array.isArray(value) ? value.map(String) : [String(value)];
  const found = all.find(
    (c) => c.startsWith('better-auth.session_token=') && !c.startsWith('better-auth.session_token=;'),
  );
  return found ? (found.split(';')[0] ?? null) : null;
}

describe('my account', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  describe('GET /api/me/account', () => {
    it('answers my email, name and two-factor state', async () => {
      const user = await ctx.makeUser(['Stove Coupler'], { name: 'Ada Stove' });
      const cookie = await ctx.signIn(user.email);
      const res = await ctx.request({ method: 'GET', url: '/api/me/account', cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ email: user.email, name: 'Ada Stove', twoFactorEnabled: false });
    });

    it('401 signed out', async () => {
      expect((await ctx.request({ method: 'GET', url: '/api/me/account' })).statusCode).toBe(401);
    });
  });

  describe('PATCH /api/me/profile', () => {
    it('changes my name on the profile and the account, audited with before and after; /api/me shows it', async () => {
      const { cookie, id } = await ctx.signedInAs(['Sales Officer']);
      const [before] = await ctx.handle.db.select().from(profiles).where(eq(profiles.id, id));
      const res = await ctx.request({
        method: 'PATCH',
        url: '/api/me/profile',
        cookie,
        payload: { name: '  Grace Hopper ' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ name: 'Grace Hopper', twoFactorEnabled: false });

      const [profile] = await ctx.handle.db.select().from(profiles).where(eq(profiles.id, id));
      const [account] = await ctx.handle.db.select().from(users).where(eq(users.id, id));
      expect(profile?.name).toBe('Grace Hopper');
      expect(profile?.updatedBy).toBe(id);
      expect(account?.name).toBe('Grace Hopper');

      const audit = await auditRows(ctx.handle.db, 'update', id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        actorId: id,
        recordType: 'profile',
        before: { name: before?.name },
        after: { name: 'Grace Hopper' },
      });

      const me = await ctx.request({ method: 'GET', url: '/api/me', cookie });
      expect(me.json<{ profile: { name: string } }>().profile.name).toBe('Grace Hopper');
    });

    it.each([
      ['an empty name', { name: '   ' }],
      ['a missing name', {}],
      ['a name over 200 characters', { name: 'x'.repeat(201) }],
      ['a name of the wrong type', { name: 42 }],
    ])('400 with field errors for %s, nothing changed', async (_label, payload) => {
      const { cookie, id } = await ctx.signedInAs(['Sales Officer']);
      const res = await ctx.request({ method: 'PATCH', url: '/api/me/profile', cookie, payload });
      expect(res.statusCode).toBe(400);
      const body = res.json<{ error: { code: string; details: { fieldErrors: Record<string, string[]> } } }>();
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.details.fieldErrors.name?.length).toBeGreaterThan(0);
      expect(await auditRows(ctx.handle.db, 'update', id)).toHaveLength(0);
    });

    it('401 signed out', async () => {
      const res = await ctx.request({ method: 'PATCH', url: '/api/me/profile', payload: { name: 'Nobody' } });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('POST /api/me/password', () => {
    it('with the current password: 204, new password works, old does not, other sessions end, audited', async () => {
      const user = await ctx.makeUser(['Factory Manager']);
      const here = await ctx.signIn(user.email);
      const elsewhere = await ctx.signIn(user.email);
      expect(await countRows(ctx.handle.db, sessions, eq(sessions.userId, user.id))).toBe(2);

      const res = await ctx.request({
        method: 'POST',
        url: '/api/me/password',
        cookie: here,
        payload: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
      });
      expect(res.statusCode, res.body).toBe(204);
      const renewed = sessionCookie(res.headers);
      expect(renewed).not.toBeNull();

      // This browser stays signed in with the renewed cookie; the other session is gone.
      expect((await ctx.request({ method: 'GET', url: '/api/me', cookie: renewed ?? '' })).statusCode).toBe(200);
      expect((await ctx.request({ method: 'GET', url: '/api/me', cookie: elsewhere })).statusCode).toBe(401);
      expect(await countRows(ctx.handle.db, sessions, eq(sessions.userId, user.id))).toBe(1);

      await expect(ctx.signIn(user.email, TEST_PASSWORD)).rejects.toThrow(/401/);
      await expect(ctx.signIn(user.email, NEW_PASSWORD)).resolves.toMatch(/session_token/);

      const audit = await auditRows(ctx.handle.db, 'password_change', user.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorId: user.id, recordType: 'user' });
    });

    it('a common new password: 400 with fieldErrors.newPassword, nothing changed', async () => {
      const { cookie } = await ctx.signedInAs(['Sales Officer']);
      const res = await ctx.request({
        method: 'POST',
        url: '/api/me/password',
        cookie,
        payload: { currentPassword: TEST_PASSWORD, newPassword: '1234567890' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: {
          details: { fieldErrors: { newPassword: [expect.stringMatching(/most common passwords/) as string] } },
        },
      });
      expect((await ctx.request({ method: 'GET', url: '/api/me', cookie })).statusCode).toBe(200);
    });

    it('a wrong current password: 400 with fieldErrors.currentPassword, nothing changed, audited as failed', async () => {
      const { cookie, id, email } = await ctx.signedInAs(['Sales Officer']);
      const res = await ctx.request({
        method: 'POST',
        url: '/api/me/password',
        cookie,
        payload: { currentPassword: 'not-my-password', newPassword: NEW_PASSWORD },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: {
          code: 'VALIDATION_FAILED',
          details: { fieldErrors: { currentPassword: ['The current password is not correct.'] } },
        },
      });
      expect((await ctx.request({ method: 'GET', url: '/api/me', cookie })).statusCode).toBe(200);
      await expect(ctx.signIn(email, TEST_PASSWORD)).resolves.toMatch(/session_token/);
      expect(await auditRows(ctx.handle.db, 'password_change', id)).toHaveLength(0);
      expect(await auditRows(ctx.handle.db, 'password_change_failed', id)).toHaveLength(1);
    });

    it.each([
      ['a new password under 10 characters', { currentPassword: TEST_PASSWORD, newPassword: 'short' }, 'newPassword'],
      ['the same password again', { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD }, 'newPassword'],
      ['no current password', { newPassword: NEW_PASSWORD }, 'currentPassword'],
      ['an empty current password', { currentPassword: '', newPassword: NEW_PASSWORD }, 'currentPassword'],
    ])('400 for %s, nothing changed', async (_label, payload, field) => {
      const { cookie, id, email } = await ctx.signedInAs(['Sales Officer']);
      const res = await ctx.request({ method: 'POST', url: '/api/me/password', cookie, payload });
      expect(res.statusCode).toBe(400);
      const body = res.json<{ error: { details: { fieldErrors: Record<string, string[]> } } }>();
      expect(Object.keys(body.error.details.fieldErrors)).toContain(field);
      await expect(ctx.signIn(email, TEST_PASSWORD)).resolves.toMatch(/session_token/);
      expect(await auditRows(ctx.handle.db, 'password_change', id)).toHaveLength(0);
    });

    it('refuses after 10 wrong current passwords in 15 minutes (429)', async () => {
      const { cookie } = await ctx.signedInAs(['Sales Officer']);
      const attempt = (currentPassword: string) =>
        ctx.request({
          method: 'POST',
          url: '/api/me/password',
          cookie,
          payload: { currentPassword, newPassword: NEW_PASSWORD },
        });
      for (let i = 0; i < 10; i++) expect((await attempt(`wrong-${i}`)).statusCode).toBe(400);
      const res = await attempt(TEST_PASSWORD);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    });

    it('401 signed out', async () => {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/me/password',
        payload: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
      });
      expect(res.statusCode).toBe(401);
    });
  });
});
