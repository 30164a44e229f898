/**
 * PostgreSQL only (PGlite has one connection, so nothing runs concurrently there): two requests that
 * each remove one of the last two active Admins cannot both succeed.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, userGroups } from '../../db/schema/core';
import { countRows } from '../../test/db-assert';
import { createTestContext, type TestContext } from '../../test/test-app';

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('the last active Admin under concurrency', () => {
  let ctx: TestContext;
  let manager: { cookie: string };
  beforeAll(async () => {
    ctx = await createTestContext();
    // The callers are not Admins: Sales Officers given user-management act on the Admins.
    const bootstrapAdmin = await ctx.signedInAs(['Admin']);
    await ctx.request({
      method: 'PUT',
      url: '/api/group-permissions',
      cookie: bootstrapAdmin.cookie,
      payload: { group: 'Sales Officer', component: 'user-management', granted: true },
    });
    await ctx.handle.db.update(profiles).set({ active: false }).where(eq(profiles.id, bootstrapAdmin.id));
    manager = await ctx.signedInAs(['Sales Officer']);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const activeAdmins = async () => {
    const rows = await ctx.handle.db
      .select({ id: userGroups.userId })
      .from(userGroups)
      .innerJoin(profiles, eq(profiles.id, userGroups.userId))
      .where(and(eq(userGroups.group, 'Admin'), eq(profiles.active, true)));
    return rows.length;
  };

  it.each([
    [
      'demote both',
      (id: string) => ({ method: 'PATCH' as const, url: `/api/users/${id}`, payload: { groups: ['Sales Officer'] } }),
    ],
    ['deactivate both', (id: string) => ({ method: 'POST' as const, url: `/api/users/${id}/deactivate` })],
    [
      'demote one, deactivate the other',
      (id: string, i: number) =>
        i === 0
          ? { method: 'PATCH' as const, url: `/api/users/${id}`, payload: { groups: ['Sales Officer'] } }
          : { method: 'POST' as const, url: `/api/users/${id}/deactivate` },
    ],
  ])('%s: exactly one succeeds, one Admin stays (repeated)', async (_label, requestFor) => {
    for (let round = 0; round < 5; round++) {
      const a = await ctx.makeUser(['Admin']);
      const b = await ctx.makeUser(['Admin']);
      // Only a and b are active Admins now (earlier rounds leave at most one; deactivate it).
      for (const extra of await ctx.handle.db
        .select({ id: userGroups.userId })
        .from(userGroups)
        .where(eq(userGroups.group, 'Admin'))) {
        if (extra.id !== a.id && extra.id !== b.id) {
          await ctx.handle.db.update(profiles).set({ active: false }).where(eq(profiles.id, extra.id));
        }
      }
      expect(await activeAdmins()).toBe(2);
      const results = await Promise.all(
        [a.id, b.id].map((id, i) => ctx.request({ ...requestFor(id, i), cookie: manager.cookie })),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await activeAdmins()).toBe(1);
      expect(await countRows(ctx.handle.db, userGroups, eq(userGroups.group, 'Admin'))).toBeGreaterThanOrEqual(1);
    }
  });
});
