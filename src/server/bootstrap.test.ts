/** Start-up: the first Admin on an empty database and the shared auth secret. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAuthSecret, ensureInitialAdmin } from './bootstrap';
import { DEFAULT_ADMIN_EMAIL } from './config';
import { users } from './db/schema/auth';
import { appSettings, userGroups } from './db/schema/core';
import { countRows, countUsersWithEmail } from './test/db-assert';
import { createTestContext, type TestContext } from './test/test-app';

/** Each context starts on its own empty database; nothing else creates users in them. */
let generated: TestContext;
let configured: TestContext;
beforeAll(async () => {
  [generated, configured] = await Promise.all([
    createTestContext(),
    createTestContext({
      ADMIN_EMAIL: 'Boss@Example.com',
      ADMIN_PASSWORD: 'a-chosen-admin-password',
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([generated.close(), configured.close()]);
});

async function signInStatus(ctx: TestContext, email: string, password: string) {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
  });
  return res.statusCode;
}

describe('ensureInitialAdmin', () => {
  it('on an empty database creates an Admin with a generated password that signs in; then does nothing', async () => {
    const db = generated.handle.db;
    expect(await countRows(db, users)).toBe(0);

    const admin = await ensureInitialAdmin(db, generated.config);
    expect(admin?.email).toBe(DEFAULT_ADMIN_EMAIL);
    const password = admin?.generatedPassword ?? '';
    expect(password.length).toBeGreaterThanOrEqual(16);

    expect(await countRows(db, users)).toBe(1);
    const [user] = await db.select().from(users).where(eq(users.email, DEFAULT_ADMIN_EMAIL));
    const groups = await db
      .select()
      .from(userGroups)
      .where(eq(userGroups.userId, user?.id ?? ''));
    expect(groups.map((g) => g.group)).toEqual(['Admin']);

    const cookie = await generated.signIn(DEFAULT_ADMIN_EMAIL, password);
    const me = await generated.request({
      method: 'GET',
      url: '/api/me',
      cookie,
    });
    expect(me.json()).toMatchObject({ groups: ['Admin'], isGlobal: true });
    expect(me.json<{ permissions: string[] }>().permissions).toContain('user-management');

    // A user exists now: nothing happens, even with other settings.
    expect(await ensureInitialAdmin(db, generated.config)).toBeNull();
    expect(
      await ensureInitialAdmin(db, {
        ...generated.config,
        adminEmail: 'other@example.com',
        adminPassword: 'another-password',
      }),
    ).toBeNull();
    expect(await countRows(db, users)).toBe(1);
    expect(await countUsersWithEmail(db, 'other@example.com')).toBe(0);
  });

  it('uses ADMIN_EMAIL (lower-cased) and ADMIN_PASSWORD when given, and shows no password', async () => {
    const db = configured.handle.db;
    const admin = await ensureInitialAdmin(db, configured.config);
    expect(admin).toEqual({
      email: 'boss@example.com',
      generatedPassword: null,
    });
    expect(await countRows(db, users)).toBe(1);
    expect(await signInStatus(configured, 'boss@example.com', 'a-chosen-admin-password')).toBe(200);
    expect(await signInStatus(configured, 'boss@example.com', 'not-the-password')).toBe(401);
    expect(await ensureInitialAdmin(db, configured.config)).toBeNull();
    expect(await countRows(db, users)).toBe(1);
  });
});

describe('ensureInitialAdmin at once', () => {
  it('creates one Admin when instances start together on an empty database; the others find it', async () => {
    const empty = await createTestContext();
    try {
      const results = await Promise.all(
        Array.from({ length: 4 }, () => ensureInitialAdmin(empty.handle.db, empty.config)),
      );
      expect(results.filter((r) => r !== null)).toEqual([
        { email: DEFAULT_ADMIN_EMAIL, generatedPassword: expect.any(String) as string },
      ]);
      expect(await countRows(empty.handle.db, users)).toBe(1);
    } finally {
      await empty.close();
    }
  });
});

describe('ensureAuthSecret', () => {
  it('generates a secret once, stores it, and returns the same one every time', async () => {
    const db = generated.handle.db;
    expect(generated.config.authSecret).toBeUndefined();
    const first = await ensureAuthSecret(db, generated.config);
    const second = await ensureAuthSecret(db, generated.config);
    expect(first).toBe(second);
    expect(first.length).toBeGreaterThanOrEqual(32);
    const rows = await db.select().from(appSettings);
    expect(rows.filter((r) => r.value === first)).toHaveLength(1);
  });

  it('returns BETTER_AUTH_SECRET when configured, without touching the stored one', async () => {
    const db = configured.handle.db;
    const before = await countRows(db, appSettings);
    const secret = 's'.repeat(40);
    expect(await ensureAuthSecret(db, { ...configured.config, authSecret: secret })).toBe(secret);
    expect(await countRows(db, appSettings)).toBe(before);
  });
});
