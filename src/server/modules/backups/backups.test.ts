/**
 * Backups through the API (Admin group only): Back up now with progress, the list, the download,
 * one at a time, the newest BACKUP_KEEP kept, the schedule run once across instances, a backup
 * left running by a stopped server marked failed.
 */
import { readdir } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupList } from '../../../common/contracts/backups';
import { GROUPS } from '../../../common/permissions';
import { openDatabase, queryRows } from '../../db/client';
import { auditRows } from '../../test/db-assert';
import { createTestContext, type TestContext } from '../../test/test-app';
import { setNextScheduledRun } from './backups.repository';
import { Backups } from './backups.service';

let ctx: TestContext;
let admin: { id: string; cookie: string };

beforeAll(async () => {
  ctx = await createTestContext({ BACKUP_KEEP: '2' });
  admin = await ctx.signedInAs(['Admin']);
}, 60_000);
afterAll(async () => {
  await ctx.close();
});

const list = async () =>
  (await ctx.request({ method: 'GET', url: '/api/backups', cookie: admin.cookie })).json<BackupList>();

/** Waits until no backup runs; returns the list. */
async function settled(): Promise<BackupList> {
  for (;;) {
    const now = await list();
    if (!now.items.some((b) => b.status === 'running')) return now;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

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

  it('runs one backup at a time: a second Back up now while one runs is refused with 409', async () => {
    const [first, second] = await Promise.all([
      ctx.request({ method: 'POST', url: '/api/backups', cookie: admin.cookie }),
      ctx.request({ method: 'POST', url: '/api/backups', cookie: admin.cookie }),
    ]);
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([202, 409]);
    const refused = first?.statusCode === 409 ? first : second;
    expect(refused?.json<{ error: { message: string } }>().error.message).toBe(
      'A backup is already running: wait for it to finish.',
    );
    await settled();
  }, 120_000);

  it('keeps the newest BACKUP_KEEP backups and deletes the older files', async () => {
    await ctx.backups.run('command', null);
    const made = (await settled()).items.filter((b) => b.status === 'succeeded');
    expect(made).toHaveLength(2);
    const files = (await readdir(ctx.config.backupDir)).sort();
    expect(files).toEqual(made.map((b) => b.fileName).sort());
  }, 120_000);

  it('marks a backup whose server stopped (no heartbeat for 2 minutes) as failed', async () => {
    await ctx.handle.db.execute(
      sql`insert into backup_runs (trigger, status, file_name, engine, schema_version, instance, started_at, heartbeat_at)
          values ('manual', 'running', 'backup-stopped.sql.gz', 'pglite', 1, 'gone:1', now() - interval '10 minutes',
                  now() - interval '3 minutes')`,
    );
    const res = await ctx.request({ method: 'POST', url: '/api/backups', cookie: admin.cookie });
    expect(res.statusCode).toBe(202);
    const after = await settled();
    expect(after.items.find((b) => b.fileName === 'backup-stopped.sql.gz')).toMatchObject({
      status: 'failed',
      error: 'Interrupted: the server running it stopped.',
      available: false,
    });
  }, 120_000);

  it('runs the scheduled backup once when it is due, across two instances on one database', async () => {
    // A second instance: its own connections (a second pool on PostgreSQL) and its own folder.
    const second = ctx.handle.url
      ? await openDatabase({ url: ctx.handle.url, poolSize: 2 })
      : { ...ctx.handle, close: async () => undefined };
    const otherDir = `${ctx.config.backupDir}-second`;
    const other = new Backups(second, { ...ctx.backups.settings, directory: otherDir }, silent);
    try {
      await ctx.backups.tick();
      await other.tick();
      const before = (await settled()).items.filter((b) => b.trigger === 'scheduled');
      expect(before).toHaveLength(0); // Not due: the first is one interval after the first start.
      await setNextScheduledRun(ctx.handle.db, 'backup', 'now');
      await Promise.all([ctx.backups.tick(), other.tick()]);
      const scheduled = (await settled()).items.filter((b) => b.trigger === 'scheduled');
      expect(scheduled).toHaveLength(1);
      const files = [
        ...(await readdir(ctx.config.backupDir)),
        ...(await readdir(otherDir).catch(() => [] as string[])),
      ].filter((f) => f === scheduled[0]?.fileName);
      expect(files).toHaveLength(1);
      const next = (await list()).schedule.nextRunAt;
      expect(Date.parse(next ?? '') - Date.now()).toBeGreaterThan(23 * 3_600_000);
    } finally {
      await other.close();
      await second.close();
    }
  }, 120_000);
});
