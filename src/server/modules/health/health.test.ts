/** Liveness (/api/health) and readiness (/api/ready: the database reachable and migrated). */
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../paths';
import { createTestContext, type TestContext } from '../../test/test-app';

const MIGRATIONS = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).length;

describe('a server on a migrated database', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('GET /api/health → 200 { status: ok } without signing in', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/ready → 200 ready, with every migration of drizzle/ applied', async () => {
    expect(MIGRATIONS).toBeGreaterThan(20);
    const res = await ctx.request({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      database: 'ok',
      migrations: { applied: MIGRATIONS, expected: MIGRATIONS },
    });
  });
});

describe('a server whose database lacks the newest migration', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.handle.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('GET /api/ready → 503 not migrated; /api/health still 200', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'unavailable',
      database: 'not migrated',
      migrations: { applied: MIGRATIONS - 1, expected: MIGRATIONS },
    });
    expect((await ctx.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('a server whose database is gone', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.handle.close();
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  it('GET /api/ready → 503 unreachable; /api/health still 200', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', database: 'unreachable' });
    expect((await ctx.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
