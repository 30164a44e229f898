/**
 * How backups run, whatever the engine (vitest.config.ts runs this file once per run): one at a
 * time, the newest BACKUP_KEEP kept, a backup left running by a stopped server marked failed, the
 * schedule run once across two instances on one database.
 */
import { readdir } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { listBackups, settledBackups } from '../../test/backups';
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

const list = () => listBackups(ctx, admin.cookie);
const settled = () => settledBackups(ctx, admin.cookie);
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('backup runs', () => {
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
    // One made by the test before; two more make three, one more than BACKUP_KEEP.
    for (let i = 0; i < 2; i++) {
      await ctx.backups.run('command', null);
      await settled();
    }
    const made = (await settled()).items.filter((b) => b.status === 'succeeded');
    expect(made).toHaveLength(2);
    // Each kept backup and the list of stored files it needs; the older ones' both gone.
    const files = (await readdir(ctx.config.backupDir)).sort();
    expect(files).toEqual(made.flatMap((b) => [b.fileName, `${b.fileName}.files`]).sort());
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
