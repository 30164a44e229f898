/**
 * Backups through the API (Admin group only), on each engine: Back up now with progress, the list,
 * the download. How runs are kept and scheduled is backups-runs.test.ts's.
 */
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUPS } from '../../../common/permissions';
import { queryRows } from '../../db/client';
import { auditRows } from '../../test/db-assert';
import { settledBackups } from '../../test/backups';
import { createTestContext, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let admin: { id: string; cookie: string };

beforeAll(async () => {
  ctx = await createTestContext({ BACKUP_KEEP: '2' });
  admin = await ctx.signedInAs(['Admin']);
}, 60_000);
afterAll(async () => {
  await ctx.close();
});

const settled = () => settledBackups(ctx, admin.cookie);

describe('backups', () => {
  it('refuses every group but Admin, and anyone signed out', async () => {
    for (const group of GROUPS.filter((g) => g !== 'Admin')) {
      const { cookie } = await ctx.signedInAs([group]);
      for (const [method, url] of [
        ['GET', '/api/backups'],
        ['POST', '/api/backups'],
      ] as const) {
        expect((await ctx.request({ method, url, cookie })).statusCode, `${group} ${method} ${url}`).toBe(403);
      }
    }
    expect((await ctx.request({ method: 'GET', url: '/api/backups' })).statusCode).toBe(401);
  }, 60_000);

  it('backs up now: 202 running, then made with its size, engine and schema version, and audited', async () => {
    const res = await ctx.request({ method: 'POST', url: '/api/backups', cookie: admin.cookie });
    expect(res.statusCode).toBe(202);
    const started = res.json<{ id: string; status: string; fileName: string; trigger: string }>();
    expect(started).toMatchObject({ status: 'running', trigger: 'manual' });
    expect(started.fileName).toMatch(/^backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.sql\.gz$/);
    const after = await settled();
    const made = after.items.find((b) => b.id === started.id);
    expect(made).toMatchObject({
      status: 'succeeded',
      engine: ctx.handle.kind,
      progress: 1,
      available: true,
      error: null,
    });
    expect(made?.sizeBytes).toBeGreaterThan(1000);
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
      ctx.handle.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(made?.schemaVersion).toBe(n);
    expect(after.schedule).toMatchObject({ intervalHours: 24, keep: 2, directory: ctx.config.backupDir });
    expect(await auditRows(ctx.handle.db, 'backup', started.id)).toHaveLength(1);
  }, 120_000);

  it('downloads a made backup as a gzipped SQL dump, audited; 404 unknown, 400 not an id', async () => {
    const [made] = (await settled()).items.filter((b) => b.status === 'succeeded');
    const res = await ctx.request({ method: 'GET', url: `/api/backups/${made?.id}/download`, cookie: admin.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${made?.fileName}"`);
    const text = gunzipSync(res.rawPayload).toString('utf8');
    expect(text).toContain('-- Stove back office backup');
    expect(text).toMatch(/^CREATE TABLE public\.backup_runs \(/m);
    expect(await auditRows(ctx.handle.db, 'backup_download', made?.id ?? '')).toHaveLength(1);
    const unknown = await ctx.request({
      method: 'GET',
      url: '/api/backups/00000000-0000-4000-8000-000000000000/download',
      cookie: admin.cookie,
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await ctx.request({ method: 'GET', url: '/api/backups/nope/download', cookie: admin.cookie });
    expect(bad.statusCode).toBe(400);
  }, 60_000);
});
