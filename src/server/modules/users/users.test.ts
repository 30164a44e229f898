/** POST /api/users: only user-management may create users; input is validated; every creation is audited. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUPS, type Group } from '../../../common/permissions';
import { users } from '../../db/schema/auth';
import { profiles, userGroups } from '../../db/schema/core';
import { auditRows, countRows, countUsersWithEmail } from '../../test/db-assert';
import { createTestContext, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let adminCookie: string;
let adminId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  // Each test's data is its own; the acting Admin is only a caller, never asserted on across tests.
  const admin = await ctx.signedInAs(['Admin']);
  adminCookie = admin.cookie;
  adminId = admin.id;
});
afterAll(async () => {
  await ctx.close();
});

const uniqueEmail = () => `new-${randomUUID()}@example.com`;
const validBody = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail(),
  name: 'New Person',
  password: 'a-long-enough-password',
  groups: ['Sales Officer'],
  ...overrides,
});
const postUser = (payload: Record<string, unknown>, cookie: string | null = adminCookie) =>
  ctx.request({
    method: 'POST',
    url: '/api/users',
    payload,
    ...(cookie ? { cookie } : {}),
  });

interface ErrorBody {
  error: {
    code: string;
    message: string;
    details?: { fieldErrors?: Record<string, string[]> };
  };
}

describe('POST /api/users', () => {
  it('refuses a common password and one that contains the email name (400 on password), creating nothing', async () => {
    const common = validBody({ password: 'password123' });
    const res = await postUser(common);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.details?.fieldErrors?.password).toEqual([
      'This password is one of the most common passwords, which are tried first. Choose another.',
    ]);
    expect(await countUsersWithEmail(ctx.handle.db, common.email)).toBe(0);
    const named = await postUser(
      validBody({ email: `grace.wanjiku.${Date.now()}@example.com`, password: 'Wanjiku-stoves-26' }),
    );
    expect(named.statusCode).toBe(400);
    expect(named.json<ErrorBody>().error.details?.fieldErrors?.password?.[0]).toMatch(
      /^The password must not contain your email name \("(grace|wanjiku)"\)/,
    );
  });

  it('an Admin creates a user (201) who can then sign in; the creation is audited without the password', async () => {
    const factory = await ctx.makeFactory();
    const body = validBody({
      groups: ['Factory Manager', 'Sales Manager'],
      factoryId: factory.id,
      name: '  Amina Otieno ',
    });
    const res = await postUser(body);
    expect(res.statusCode).toBe(201);
    const created = res.json<{
      id: string;
      email: string;
      name: string;
      groups: string[];
      factoryId: string | null;
      invitationExpiresAt: string | null;
    }>();
    expect(created).toEqual({
      id: expect.any(String) as string,
      email: body.email,
      name: 'Amina Otieno',
      groups: ['Factory Manager', 'Sales Manager'],
      factoryId: factory.id,
      invitationExpiresAt: null,
    });

    const [profile] = await ctx.handle.db.select().from(profiles).where(eq(profiles.id, created.id));
    expect(profile).toMatchObject({
      name: 'Amina Otieno',
      factoryId: factory.id,
      createdBy: adminId,
    });

    const cookie = await ctx.signIn(body.email, body.password);
    const me = await ctx.request({ method: 'GET', url: '/api/me', cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      user: { id: created.id, email: body.email },
      profile: { name: 'Amina Otieno' },
      factory: { id: factory.id },
      isGlobal: false,
    });

    const audit = await auditRows(ctx.handle.db, 'create', created.id);
    expect(audit).toHaveLength(1);
    const { invitationExpiresAt: _noInvitation, ...user } = created;
    expect(audit[0]).toMatchObject({ actorId: adminId, recordType: 'user', after: user });
    expect(JSON.stringify(audit[0])).not.toContain(body.password);
  });

  it('stores the email trimmed and lower-cased, and each group once', async () => {
    const email = uniqueEmail();
    const res = await postUser(
      validBody({
        email: `  ${email.toUpperCase()} `,
        groups: ['Stove Coupler', 'Stove Coupler'],
      }),
    );
    expect(res.statusCode).toBe(201);
    const created = res.json<{ id: string; email: string; groups: string[] }>();
    expect(created.email).toBe(email);
    expect(created.groups).toEqual(['Stove Coupler']);
    expect(await countRows(ctx.handle.db, userGroups, eq(userGroups.userId, created.id))).toBe(1);
    expect(await ctx.signIn(email, 'a-long-enough-password')).toMatch(/^better-auth\.session_token=/);
  });

  it.each(GROUPS.filter((g) => g !== 'Admin').map((g) => [g]))(
    '%s (no user-management) gets 403 FORBIDDEN and nothing is created',
    async (group: Group) => {
      const { cookie } = await ctx.signedInAs([group]);
      const body = validBody();
      const res = await postUser(body, cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json<ErrorBody>().error.code).toBe('FORBIDDEN');
      expect(res.json<ErrorBody>().error.message).toMatch(/\S/);
      expect(await countUsersWithEmail(ctx.handle.db, body.email)).toBe(0);
    },
  );

  it('401 when signed out, and nothing is created', async () => {
    const body = validBody();
    const res = await postUser(body, null);
    expect(res.statusCode).toBe(401);
    expect(res.json<ErrorBody>().error.code).toBe('UNAUTHENTICATED');
    expect(await countUsersWithEmail(ctx.handle.db, body.email)).toBe(0);
  });

  it.each([
    ['a bad email', { email: 'not-an-email' }, 'email'],
    ['a password shorter than 10', { password: '123456789' }, 'password'],
    ['a password longer than 128', { password: 'x'.repeat(129) }, 'password'],
    ['no groups', { groups: [] }, 'groups'],
    ['an unknown group', { groups: ['Wizard'] }, 'groups.0'],
    ['a non-uuid factoryId', { factoryId: 'factory-1' }, 'factoryId'],
    ['an empty name', { name: '   ' }, 'name'],
  ] as [string, Record<string, unknown>, string][])(
    '400 for %s, with fieldErrors.%s, and nothing is created',
    async (_label, overrides, field) => {
      const body = validBody(overrides);
      const before = await countRows(ctx.handle.db, users);
      const res = await postUser(body);
      expect(res.statusCode).toBe(400);
      const error = res.json<ErrorBody>().error;
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.message).toMatch(/\S/);
      expect(error.details?.fieldErrors?.[field]?.[0]).toMatch(/\S/);
      if (typeof body.email === 'string') expect(await countUsersWithEmail(ctx.handle.db, body.email)).toBe(0);
      expect(await countRows(ctx.handle.db, users)).toBe(before);
    },
  );

  it('409 for an email already in use, whatever its case', async () => {
    const existing = await ctx.makeUser(['Sales Officer']);
    const res = await postUser(validBody({ email: existing.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    const error = res.json<ErrorBody>().error;
    expect(error.code).toBe('CONFLICT');
    expect(error.details?.fieldErrors?.email?.[0]).toMatch(/\S/);
    expect(await countUsersWithEmail(ctx.handle.db, existing.email)).toBe(1);
  });

  it('400 for an unknown factory, and nothing is created', async () => {
    const body = validBody({ factoryId: randomUUID() });
    const res = await postUser(body);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.details?.fieldErrors?.factoryId?.[0]).toMatch(/\S/);
    expect(await countUsersWithEmail(ctx.handle.db, body.email)).toBe(0);
  });

  it('400 for a deactivated factory, and nothing is created', async () => {
    const factory = await ctx.makeFactory({ active: false });
    const body = validBody({ factoryId: factory.id });
    const res = await postUser(body);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.details?.fieldErrors?.factoryId?.[0]).toMatch(/deactivated/);
    expect(await countUsersWithEmail(ctx.handle.db, body.email)).toBe(0);
  });
});
