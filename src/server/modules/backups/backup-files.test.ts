/**
 * Files in backups: a backup copies the files its rows use, a restore brings them back (the same
 * bytes download after the file store is lost), and pruning keeps a copy while a kept backup lists it.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attachment } from '../../../common/contracts/attachments';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { restoreDump } from '../../db/restore';
import { openEmptyDatabase } from '../../test/test-database';
import { settledBackups } from '../../test/backups';
import { createTestContext, TEST_ORIGIN, TEST_PASSWORD, type TestContext } from '../../test/test-app';
import { multipartBody, PDF, photo } from '../../test/attachments';
import { restoreBlobs } from './backup-files';

let ctx: TestContext;
let admin: { id: string; email: string; cookie: string };
let partner: string;

beforeAll(async () => {
  ctx = await createTestContext({ BACKUP_KEEP: '1' });
  admin = await ctx.signedInAs(['Admin']);
  const res = await ctx.request({
    method: 'POST',
    url: '/api/partners',
    cookie: admin.cookie,
    payload: { name: 'Backup Test Supplier', type: 'distributor', region: 'North' },
  });
  expect(res.statusCode, res.body).toBe(201);
  partner = res.json<{ id: string }>().id;
}, 120_000);
afterAll(async () => {
  await ctx.close();
});

const files = () => `/api/partners/${partner}/files`;
const upload = async (name: string, bytes: Buffer) => {
  const res = await ctx.request({
    method: 'POST',
    url: files(),
    cookie: admin.cookie,
    ...multipartBody([{ name, bytes }]),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ items: Attachment[] }>().items[0] as Attachment;
};
const backUp = async () => {
  const res = await ctx.request({ method: 'POST', url: '/api/backups', cookie: admin.cookie });
  expect(res.statusCode).toBe(202);
  const { items } = await settledBackups(ctx, admin.cookie);
  const made = items.find((b) => b.id === res.json<{ id: string }>().id);
  expect(made?.status).toBe('succeeded');
  return join(ctx.config.backupDir, made?.fileName ?? '');
};
const backupBlobs = () => readdir(join(ctx.config.backupDir, 'files')).catch(() => [] as string[]);

describe('files in backups', () => {
  it('restores the files with the database: the same bytes download after the file store is lost', async () => {
    const jpeg = await photo();
    const image = await upload('contract photo.jpg', jpeg);
    const pdf = await upload('contract.pdf', PDF);
    const backup = await backUp();
    const listed = (await readFile(`${backup}.files`, 'utf8')).trim().split('\n');
    expect(listed).toHaveLength(3); // the photo, its thumbnail and the PDF
    expect((await backupBlobs()).sort()).toEqual([...listed].sort());

    // The file store is lost; the backup is restored into an empty database with an empty file store.
    await rm(ctx.config.filesDir, { recursive: true, force: true });
    const target = await openEmptyDatabase(process.env.TEST_DATABASE_URL);
    const work = await mkdtemp(join(tmpdir(), 'stove-restored-'));
    try {
      await restoreDump(target, { file: backup });
      const filesDir = join(work, 'files');
      const result = await restoreBlobs(backup, filesDir);
      expect(result).toEqual({ copied: 3, present: 0, missing: [] });
      // The restored database and file store, served as after `npm run restore` and a start.
      const config = loadConfig({
        NODE_ENV: 'test',
        PUBLIC_URL: TEST_ORIGIN,
        WEB_DIST_DIR: '/nonexistent',
        FILES_DIR: filesDir,
        BACKUP_DIR: join(work, 'backups'),
      });
      const { app } = await buildApp({
        db: target.db,
        handle: target,
        config,
        authSecret: 'test-secret-'.padEnd(40, 'x'),
      });
      try {
        const signIn = await app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          headers: { origin: TEST_ORIGIN },
          payload: { email: admin.email, password: TEST_PASSWORD },
        });
        expect(signIn.statusCode).toBe(200);
        const cookie = String(signIn.headers['set-cookie']).split(';')[0] ?? '';
        for (const [file, bytes] of [
          [image, jpeg],
          [pdf, PDF],
        ] as const) {
          const res = await app.inject({ method: 'GET', url: `${files()}/${file.id}`, headers: { cookie } });
          expect(res.statusCode, res.body).toBe(200);
          expect(res.rawPayload.equals(bytes)).toBe(true);
        }
        const thumb = await app.inject({ method: 'GET', url: `${files()}/${image.id}/thumbnail`, headers: { cookie } });
        expect(thumb.statusCode).toBe(200);
      } finally {
        await app.close();
      }
      // Restoring again finds them there.
      expect(await restoreBlobs(backup, filesDir)).toEqual({ copied: 0, present: 3, missing: [] });
    } finally {
      await target.close();
      await rm(work, { recursive: true, force: true });
    }
  }, 300_000);

  it('keeps a copy while a kept backup lists it, and removes it with the last backup that does', async () => {
    // The store was lost above: start again with one file.
    const listed = await ctx.request({ method: 'GET', url: files(), cookie: admin.cookie });
    for (const item of listed.json<{ items: Attachment[] }>().items) {
      await ctx.request({ method: 'DELETE', url: `${files()}/${item.id}`, cookie: admin.cookie });
    }
    const kept = Buffer.concat([PDF, Buffer.from('% kept\n')]);
    const gone = Buffer.concat([PDF, Buffer.from('% gone\n')]);
    await upload('kept.pdf', kept);
    const dropped = await upload('gone.pdf', gone);
    await backUp();
    const { createHash } = await import('node:crypto');
    const hash = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    expect(await backupBlobs()).toEqual(expect.arrayContaining([hash(kept), hash(gone)]));
    await ctx.request({ method: 'DELETE', url: `${files()}/${dropped.id}`, cookie: admin.cookie });
    // BACKUP_KEEP 1: the next backup replaces the previous one, and with it the copy only it listed.
    await backUp();
    // The older backup is pruned just after the new one is marked made: wait for it.
    const manifests = async () => (await readdir(ctx.config.backupDir)).filter((n) => n.endsWith('.files'));
    await expect.poll(async () => (await backupBlobs()).includes(hash(gone)), { timeout: 30_000 }).toBe(false);
    expect(await backupBlobs()).toContain(hash(kept));
    expect(await manifests()).toHaveLength(1);
  }, 300_000);
});
