/** GET /api/me for every group: who the user is, their groups, effective permissions and factory scope. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPONENTS,
  DEFAULT_BASE_ACCESS,
  defaultBaseAccessRows,
  effectivePermissions,
  GROUPS,
  type Group,
} from '../../../common/permissions';
import { groupPermissions } from '../../db/schema/core';
import { createTestContext, type TestContext } from '../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const expectedPermissions = (groups: Group[]) =>
  [
    ...effectivePermissions(
      groups,
      COMPONENTS.filter((c) => DEFAULT_BASE_ACCESS[c].some((g) => groups.includes(g))),
    ),
  ].sort();

/** DOMAIN.md §2: the global groups see every factory. */
const GLOBAL: Record<Group, boolean> = {
  Admin: true,
  'Senior Sales Manager': true,
  'Senior Production Manager': true,
  'Senior Production Supervisor': true,
  'Production Manager': true,
  'Factory Manager': false,
  'Production Supervisor': false,
  'Stove Coupler': false,
  'Sales Manager': false,
  'Sales Officer': false,
};

interface Me {
  user: { id: string; email: string };
  profile: { name: string | null };
  groups: string[];
  permissions: string[];
  factory: { id: string; name: string; code: string; kind: string } | null;
  isGlobal: boolean;
  timeZone: string;
  companyTimeZone: string;
}

describe('GET /api/me', () => {
  it('the migrated base access table is the default of DOMAIN.md §3', async () => {
    const rows = await ctx.handle.db
      .select({
        group: groupPermissions.group,
        component: groupPermissions.component,
      })
      .from(groupPermissions);
    const key = (r: { group: string; component: string }) => `${r.group}|${r.component}`;
    expect(rows.map(key).sort()).toEqual(defaultBaseAccessRows().map(key).sort());
  });

  it.each(GROUPS.map((g) => [g]))(
    '%s: user, profile, groups, effective permissions, factory and scope',
    async (group) => {
      const factory = await ctx.makeFactory({
        kind: 'both',
        name: `Plant of ${group}`,
      });
      const user = await ctx.makeUser([group], {
        factoryId: factory.id,
        name: `Person ${group}`,
      });
      const cookie = await ctx.signIn(user.email);

      const res = await ctx.request({ method: 'GET', url: '/api/me', cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json<Me>()).toEqual({
        user: { id: user.id, email: user.email },
        profile: { name: `Person ${group}` },
        groups: [group],
        permissions: expectedPermissions([group]),
        factory: {
          id: factory.id,
          name: `Plant of ${group}`,
          code: factory.code,
          kind: 'both',
        },
        isGlobal: GLOBAL[group],
        // No company zone was set on this test database: UTC.
        timeZone: 'UTC',
        companyTimeZone: 'UTC',
      });
    },
  );

  it('a user in several groups gets the union and is global when one group is', async () => {
    const { cookie } = await ctx.signedInAs(['Sales Officer', 'Factory Manager', 'Senior Production Supervisor']);
    const me = (await ctx.request({ method: 'GET', url: '/api/me', cookie })).json<Me>();
    expect([...me.groups].sort()).toEqual(['Factory Manager', 'Sales Officer', 'Senior Production Supervisor']);
    expect(me.permissions).toEqual(
      expectedPermissions(['Sales Officer', 'Factory Manager', 'Senior Production Supervisor']),
    );
    expect(me.permissions).toContain('factory-dashboard');
    expect(me.permissions).toContain('steel-records');
    expect(me.isGlobal).toBe(true);
    expect(me.factory).toBeNull();
  });

  it('reads base access from the database table, not from the code default', async () => {
    const { cookie } = await ctx.signedInAs(['Sales Officer']);
    const row = and(eq(groupPermissions.group, 'Sales Officer'), eq(groupPermissions.component, 'calendar-management'));
    await ctx.handle.db.delete(groupPermissions).where(row);
    try {
      const me = (await ctx.request({ method: 'GET', url: '/api/me', cookie })).json<Me>();
      expect(me.permissions).not.toContain('calendar-management');
      expect(me.permissions).toContain('sales-order');
    } finally {
      await ctx.handle.db.insert(groupPermissions).values({ group: 'Sales Officer', component: 'calendar-management' });
    }
    const me = (await ctx.request({ method: 'GET', url: '/api/me', cookie })).json<Me>();
    expect(me.permissions).toContain('calendar-management');
  });

  it('401 UNAUTHENTICATED without a cookie', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/me' });
    expect(res.statusCode).toBe(401);
    const body = res.json<{ error: { code: string; message: string } }>();
    expect(Object.keys(body)).toEqual(['error']);
    expect(body.error.code).toBe('UNAUTHENTICATED');
    expect(body.error.message).toMatch(/\S/);
  });

  it.each([
    ['garbage', 'better-auth.session_token=garbage'],
    ['an unrelated cookie', 'something=else'],
    ['an unsigned token', 'better-auth.session_token=abcdefghijklmnopqrstuvwxyz123456'],
  ])('401 UNAUTHENTICATED with %s', async (_label, cookie) => {
    const res = await ctx.request({ method: 'GET', url: '/api/me', cookie });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
  });

  it('401 with a real token whose signature was tampered with', async () => {
    const { cookie } = await ctx.signedInAs(['Admin']);
    const [name, value = ''] = cookie.split('=');
    const [token = ''] = decodeURIComponent(value).split('.');
    const res = await ctx.request({
      method: 'GET',
      url: '/api/me',
      cookie: `${name}=${encodeURIComponent(`${token}.AAAA`)}`,
    });
    expect(res.statusCode).toBe(401);
  });
});
