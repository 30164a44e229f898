/** The group × component table: read with user-management, changed only by the Admin group, audited, live on the next request. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPONENTS,
  DEFAULT_BASE_ACCESS,
  defaultBaseAccessRows,
  GROUPS,
  type Group,
} from '../../../common/permissions';
import { groupPermissions } from '../../db/schema/core';
import { auditRows, countRows } from '../../test/db-assert';
import { createTestContext, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let admin: { cookie: string; id: string };
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
interface TableBody {
  groups: string[];
  components: string[];
  grants: { group: string; component: string }[];
}

const put = (payload: Record<string, unknown>, cookie: string | null = admin.cookie) =>
  ctx.request({ method: 'PUT', url: '/api/group-permissions', payload, ...(cookie ? { cookie } : {}) });
const isGranted = async (group: Group, component: (typeof COMPONENTS)[number]) =>
  (await countRows(
    ctx.handle.db,
    groupPermissions,
    and(eq(groupPermissions.group, group), eq(groupPermissions.component, component)),
  )) === 1;
const permissionsOf = async (cookie: string) =>
  (await ctx.request({ method: 'GET', url: '/api/me', cookie })).json<{ permissions: string[] }>().permissions;

const WITHOUT_USER_MANAGEMENT = GROUPS.filter((g) => !DEFAULT_BASE_ACCESS['user-management'].includes(g));

describe('GET /api/group-permissions', () => {
  it('returns the groups, the components and the grants (the defaults of DOMAIN.md §3 on a new database)', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/group-permissions', cookie: admin.cookie });
    expect(res.statusCode).toBe(200);
    const body = res.json<TableBody>();
    expect(body.groups).toEqual([...GROUPS]);
    expect(body.components).toEqual([...COMPONENTS]);
    const key = (g: { group: string; component: string }) => `${g.group}|${g.component}`;
    expect(body.grants.map(key).sort()).toEqual(defaultBaseAccessRows().map(key).sort());
  });

  it('401 signed out; 403 for every group without user-management', async () => {
    expect((await ctx.request({ method: 'GET', url: '/api/group-permissions' })).statusCode).toBe(401);
    for (const group of WITHOUT_USER_MANAGEMENT) {
      const { cookie } = await ctx.signedInAs([group]);
      const res = await ctx.request({ method: 'GET', url: '/api/group-permissions', cookie });
      expect(res.statusCode, group).toBe(403);
    }
  });
});

describe('PUT /api/group-permissions', () => {
  it('an Admin grants and revokes; audited as permission_change; the affected users see it on their next request', async () => {
    const officer = await ctx.signedInAs(['Sales Officer']);
    expect(await permissionsOf(officer.cookie)).not.toContain('steel-records');

    const grant = await put({ group: 'Sales Officer', component: 'steel-records', granted: true });
    expect(grant.statusCode).toBe(200);
    expect(grant.json<TableBody>().grants).toContainEqual({ group: 'Sales Officer', component: 'steel-records' });
    // Same session, next request: the new permission applies (actors are loaded per request).
    expect(await permissionsOf(officer.cookie)).toContain('steel-records');
    const steel = await ctx.request({ method: 'GET', url: '/api/me', cookie: officer.cookie });
    expect(steel.statusCode).toBe(200);

    const audit = await auditRows(ctx.handle.db, 'permission_change', 'Sales Officer:steel-records');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.id,
      recordType: 'group_permission',
      before: { group: 'Sales Officer', component: 'steel-records', granted: false },
      after: { group: 'Sales Officer', component: 'steel-records', granted: true },
    });

    // Granting again changes nothing and writes no audit row.
    expect((await put({ group: 'Sales Officer', component: 'steel-records', granted: true })).statusCode).toBe(200);
    expect(await auditRows(ctx.handle.db, 'permission_change', 'Sales Officer:steel-records')).toHaveLength(1);

    const revoke = await put({ group: 'Sales Officer', component: 'steel-records', granted: false });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json<TableBody>().grants).not.toContainEqual({ group: 'Sales Officer', component: 'steel-records' });
    expect(await permissionsOf(officer.cookie)).not.toContain('steel-records');
    expect(await auditRows(ctx.handle.db, 'permission_change', 'Sales Officer:steel-records')).toHaveLength(2);
  });

  it('a revoked component is refused on the very next request', async () => {
    const spm = await ctx.signedInAs(['Senior Production Manager']);
    const listFactories = () => ctx.request({ method: 'GET', url: '/api/factories', cookie: spm.cookie });
    expect((await listFactories()).statusCode).toBe(200);
    expect(
      (await put({ group: 'Senior Production Manager', component: 'factory-management', granted: false })).statusCode,
    ).toBe(200);
    expect((await listFactories()).statusCode).toBe(403);
    expect(
      (await put({ group: 'Senior Production Manager', component: 'factory-management', granted: true })).statusCode,
    ).toBe(200);
    expect((await listFactories()).statusCode).toBe(200);
  });

  it('403 for a user with user-management who is not in the Admin group; nothing changes', async () => {
    expect((await put({ group: 'Sales Manager', component: 'user-management', granted: true })).statusCode).toBe(200);
    const manager = await ctx.signedInAs(['Sales Manager']);
    const res = await put({ group: 'Sales Manager', component: 'steel-records', granted: true }, manager.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorBody>().error.message).toMatch(/Admin group/);
    expect(await isGranted('Sales Manager', 'steel-records')).toBe(false);
    // They can still read the table.
    expect(
      (await ctx.request({ method: 'GET', url: '/api/group-permissions', cookie: manager.cookie })).statusCode,
    ).toBe(200);
    expect((await put({ group: 'Sales Manager', component: 'user-management', granted: false })).statusCode).toBe(200);
  });

  it('409 when revoking user-management from the Admin group', async () => {
    const res = await put({ group: 'Admin', component: 'user-management', granted: false });
    expect(res.statusCode).toBe(409);
    expect(await isGranted('Admin', 'user-management')).toBe(true);
  });

  it('401 signed out; 403 for every group without user-management; nothing changes', async () => {
    const body = { group: 'Stove Coupler', component: 'sales-report', granted: true };
    expect((await put(body, null)).statusCode).toBe(401);
    for (const group of WITHOUT_USER_MANAGEMENT) {
      const { cookie } = await ctx.signedInAs([group]);
      expect((await put(body, cookie)).statusCode, group).toBe(403);
    }
    expect(await isGranted('Stove Coupler', 'sales-report')).toBe(false);
  });

  it.each([
    ['an unknown group', { group: 'Wizard', component: 'sales-report', granted: true }, 'group'],
    ['an unknown component', { group: 'Admin', component: 'magic', granted: true }, 'component'],
    ['a missing granted flag', { group: 'Admin', component: 'sales-report' }, 'granted'],
    ['a string granted flag', { group: 'Admin', component: 'sales-report', granted: 'yes' }, 'granted'],
  ] as [string, Record<string, unknown>, string][])('400 for %s with fieldErrors.%s', async (_l, body, field) => {
    const before = await countRows(ctx.handle.db, groupPermissions);
    const res = await put(body);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.details?.fieldErrors?.[field]?.[0]).toMatch(/\S/);
    expect(await countRows(ctx.handle.db, groupPermissions)).toBe(before);
  });
});
