/** Files on documents through the API: upload, list, download, thumbnail, delete, refusals, scope and audit. */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyAnnouncements } from '../../../common/contracts/announcements';
import { ATTACHMENT_MESSAGES, type Attachment, type AttachmentList } from '../../../common/contracts/attachments';
import {
  COMPONENTS,
  DEFAULT_BASE_ACCESS,
  effectivePermissions,
  GROUPS,
  isGlobalUser,
} from '../../../common/permissions';
import { loadActor } from '../../auth/actor';
import { auditLog } from '../../db/schema/core';
import { makeStoveIds } from '../../test/stove-ids';
import { createTestContext, type TestContext } from '../../test/test-app';
import { createAnnouncement, expireAnnouncement } from '../announcements/announcements.service';
import { sendTransfer } from '../stove-transfers/stove-transfers.service';
import { multipartBody, PDF, photo, type UploadPart } from '../../test/attachments';

/** A Windows executable's first bytes ("MZ" and the DOS stub). */
const EXE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(62),
  Buffer.from('This program cannot be run in DOS mode.'),
]);

const groupWithout = (permission: string) =>
  GROUPS.find(
    (g) =>
      !effectivePermissions(
        [g],
        COMPONENTS.filter((c) => DEFAULT_BASE_ACCESS[c].includes(g)),
      ).has(permission as never),
  );
const scopedGroupWith = (permission: string) =>
  GROUPS.find(
    (g) =>
      !isGlobalUser([g]) &&
      effectivePermissions(
        [g],
        COMPONENTS.filter((c) => DEFAULT_BASE_ACCESS[c].includes(g)),
      ).has(permission as never),
  );

describe('files on documents', () => {
  let ctx: TestContext;
  let own: string;
  let transfer: string;
  let secondTransfer: string;
  let otherTransfer: string;
  let clerk: string;
  let outsider: string;
  let stranger: string;

  const files = (id = transfer) => `/api/stove-transfers/${id}/files`;
  const upload = (parts: UploadPart[], cookie = clerk, id = transfer) =>
    ctx.request({ method: 'POST', url: files(id), cookie, ...multipartBody(parts) });
  const list = async (id = transfer, cookie = clerk) => {
    const res = await ctx.request({ method: 'GET', url: files(id), cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AttachmentList>();
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    const [a, b, c] = [await ctx.makeFactory(), await ctx.makeFactory(), await ctx.makeFactory()];
    own = a.id;
    const admin = await ctx.makeUser(['Admin']);
    const actor = await loadActor(ctx.handle.db, admin.id);
    if (!actor) throw new Error('no admin actor');
    const send = async (from: string, to: string) => {
      const ids = await makeStoveIds(ctx.handle.db, { factoryId: from, count: 1 });
      return (
        await sendTransfer(ctx.handle.db, actor, { fromFactoryId: from, toFactoryId: to, codes: ids.codes, note: null })
      ).id;
    };
    transfer = await send(a.id, b.id);
    secondTransfer = await send(a.id, c.id);
    otherTransfer = await send(b.id, c.id);
    const scoped = scopedGroupWith('stove-id-management');
    const without = groupWithout('stove-id-management');
    if (!scoped || !without) throw new Error('no groups to test with');
    clerk = (await ctx.signedInAs([scoped], { factoryId: own })).cookie;
    outsider = (await ctx.signedInAs([without], { factoryId: own })).cookie;
    stranger = (await ctx.signedInAs([scoped], { factoryId: b.id === own ? c.id : c.id })).cookie;
  }, 60_000);
  afterAll(async () => {
    await ctx.close();
  });

  it('starts with no files', async () => {
    const empty = await list(secondTransfer);
    expect(empty).toEqual({ items: [], total: 0, canEdit: true });
  });

  it('attaches a photo and a PDF, lists them by name, and gives back the same bytes', async () => {
    const jpeg = await photo();
    const res = await upload([
      { name: 'signed delivery note.jpg', bytes: jpeg, type: 'image/jpeg' },
      { name: 'Invoice №7 (final).pdf', bytes: PDF, type: 'application/pdf' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const { items } = res.json<{ items: Attachment[] }>();
    expect(items.map((i) => [i.name, i.type, i.size, i.hasThumbnail])).toEqual([
      ['signed delivery note.jpg', 'image/jpeg', jpeg.length, true],
      ['Invoice №7 (final).pdf', 'application/pdf', PDF.length, false],
    ]);

    const listed = await list();
    expect(listed.total).toBe(2);
    expect(listed.items.map((i) => i.name)).toEqual(['Invoice №7 (final).pdf', 'signed delivery note.jpg']);
    expect(listed.items[0]?.uploadedBy?.email).toMatch(/@example.com$/);

    const pdf = items[1] as Attachment;
    const download = await ctx.request({ method: 'GET', url: `${files()}/${pdf.id}`, cookie: clerk });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-security-policy']).toMatch(/^sandbox/);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Invoice _7 (final).pdf"; filename*=UTF-8''Invoice%20%E2%84%967%20%28final%29.pdf`,
    );

    const image = items[0] as Attachment;
    const original = await ctx.request({ method: 'GET', url: `${files()}/${image.id}`, cookie: clerk });
    expect(original.rawPayload.equals(jpeg)).toBe(true);
    const thumb = await ctx.request({ method: 'GET', url: `${files()}/${image.id}/thumbnail`, cookie: clerk });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 240]);
    const noThumb = await ctx.request({ method: 'GET', url: `${files()}/${pdf.id}/thumbnail`, cookie: clerk });
    expect(noThumb.statusCode).toBe(404);
  });

  it('pages the list with limit and offset, and sorts it as asked', async () => {
    const page = await ctx.request({ method: 'GET', url: `${files()}?limit=1&offset=1`, cookie: clerk });
    expect(page.json<AttachmentList>().items.map((i) => i.name)).toEqual(['signed delivery note.jpg']);
    const desc = await ctx.request({ method: 'GET', url: `${files()}?dir=desc`, cookie: clerk });
    expect(desc.json<AttachmentList>().items[0]?.name).toBe('signed delivery note.jpg');
    const bad = await ctx.request({ method: 'GET', url: `${files()}?limit=101`, cookie: clerk });
    expect(bad.statusCode).toBe(400);
  });

  it('accepts a CSV that is UTF-8 text with a .csv name, and refuses one with NUL bytes', async () => {
    const csv = Buffer.from('code,status\nSTV-0000001,sold\n', 'utf8');
    const ok = await upload([{ name: 'count.csv', bytes: csv, type: 'text/csv' }], clerk, secondTransfer);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json<{ items: Attachment[] }>().items[0]?.type).toBe('text/csv');
    const download = await ctx.request({
      method: 'GET',
      url: `${files(secondTransfer)}/${ok.json<{ items: Attachment[] }>().items[0]?.id}`,
      cookie: clerk,
    });
    expect(download.headers['content-type']).toBe('text/csv; charset=utf-8');
    const binary = await upload([{ name: 'count.csv', bytes: Buffer.from('a,b\n\0\0') }], clerk, secondTransfer);
    expect(binary.statusCode).toBe(415);
    const named = await upload([{ name: 'notes.txt', bytes: csv }], clerk, secondTransfer);
    expect(named.statusCode).toBe(415);
  });

  it('refuses an executable renamed .pdf, and HTML, changing nothing', async () => {
    const before = (await list()).total;
    const exe = await upload([{ name: 'invoice.pdf', bytes: EXE, type: 'application/pdf' }]);
    expect(exe.statusCode).toBe(415);
    expect(exe.json<{ error: { message: string } }>().error.message).toBe(ATTACHMENT_MESSAGES.wrongType('invoice.pdf'));
    const html = await upload([{ name: 'page.pdf', bytes: Buffer.from('<html><script>alert(1)</script></html>') }]);
    expect(html.statusCode).toBe(415);
    // A good file beside a refused one: neither is attached.
    const mixed = await upload([
      { name: 'good.pdf', bytes: PDF },
      { name: 'bad.pdf', bytes: EXE },
    ]);
    expect(mixed.statusCode).toBe(415);
    expect((await list()).total).toBe(before);
  });

  it('refuses a file of 11 MB with its message', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(11 * 1024 * 1024)]);
    const res = await upload([{ name: 'scan.pdf', bytes: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json<{ error: { message: string } }>().error.message).toBe(ATTACHMENT_MESSAGES.tooBig('scan.pdf'));
    expect((await readdir(join(ctx.config.filesDir, 'tmp'))).length).toBe(0);
  });

  it('refuses an upload without a file, and a body that is not multipart', async () => {
    const none = await upload([]);
    expect(none.statusCode).toBe(400);
    const json = await ctx.request({ method: 'POST', url: files(), cookie: clerk, payload: { name: 'x' } });
    expect(json.statusCode).toBe(400);
  });

  it('refuses the 21st file of a record', async () => {
    const id = secondTransfer;
    const have = (await list(id)).total;
    const parts = Array.from({ length: 20 - have }, (_, i) => ({
      name: `page ${String(i).padStart(2, '0')}.pdf`,
      bytes: Buffer.concat([PDF, Buffer.from(`% ${i}\n`)]),
    }));
    const fill = await upload(parts, clerk, id);
    expect(fill.statusCode, fill.body).toBe(201);
    const extra = await upload([{ name: 'one more.pdf', bytes: PDF }], clerk, id);
    expect(extra.statusCode).toBe(409);
    expect(extra.json<{ error: { message: string } }>().error.message).toBe(ATTACHMENT_MESSAGES.tooMany(0));
    expect((await list(id)).total).toBe(20);
  });

  it('answers 404 for another factory’s record, 403 without the permission, 401 signed out', async () => {
    const foreign = await ctx.request({ method: 'GET', url: files(otherTransfer), cookie: clerk });
    expect(foreign.statusCode).toBe(404);
    const foreignUpload = await upload([{ name: 'a.pdf', bytes: PDF }], clerk, otherTransfer);
    expect(foreignUpload.statusCode).toBe(404);
    const { items } = await list();
    const first = items[0] as Attachment;
    for (const url of [`${files()}/${first.id}`, `${files()}/${first.id}/thumbnail`]) {
      expect((await ctx.request({ method: 'GET', url, cookie: stranger })).statusCode).toBe(404);
      expect((await ctx.request({ method: 'GET', url, cookie: outsider })).statusCode).toBe(403);
      expect((await ctx.request({ method: 'GET', url })).statusCode).toBe(401);
    }
    expect((await ctx.request({ method: 'DELETE', url: `${files()}/${first.id}`, cookie: stranger })).statusCode).toBe(
      404,
    );
    expect((await ctx.request({ method: 'GET', url: files(), cookie: outsider })).statusCode).toBe(403);
    expect((await upload([{ name: 'a.pdf', bytes: PDF }], outsider)).statusCode).toBe(403);
    expect((await ctx.request({ method: 'GET', url: files() })).statusCode).toBe(401);
    expect(
      (await ctx.request({ method: 'GET', url: '/api/stove-transfers/not-an-id/files', cookie: clerk })).statusCode,
    ).toBe(400);
    // A file id of another record is not found under this one.
    const second = (await list(secondTransfer)).items[0] as Attachment;
    expect((await ctx.request({ method: 'GET', url: `${files()}/${second.id}`, cookie: clerk })).statusCode).toBe(404);
  });

  it('keeps a blob while another record has the same file, and removes it with the last one', async () => {
    const bytes = Buffer.concat([PDF, Buffer.from('% shared\n')]);
    const third = await ctx.request({
      method: 'POST',
      url: files(otherTransfer),
      cookie: (await ctx.signedInAs(['Admin'])).cookie,
      ...multipartBody([{ name: 'contract.pdf', bytes }]),
    });
    expect(third.statusCode, third.body).toBe(201);
    const mine = await upload([{ name: 'contract copy.pdf', bytes }]);
    const mineId = mine.json<{ items: Attachment[] }>().items[0]?.id;
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(bytes).digest('hex');
    const blob = join(ctx.config.filesDir, hash.slice(0, 2), hash);
    const exists = async () => (await readdir(join(ctx.config.filesDir, hash.slice(0, 2)))).includes(hash);
    expect(await exists()).toBe(true);

    const del = await ctx.request({ method: 'DELETE', url: `${files()}/${mineId}`, cookie: clerk });
    expect(del.statusCode).toBe(204);
    expect(await exists()).toBe(true);
    expect((await list()).items.some((i) => i.id === mineId)).toBe(false);
    const again = await ctx.request({ method: 'DELETE', url: `${files()}/${mineId}`, cookie: clerk });
    expect(again.statusCode).toBe(404);

    const admin = (await ctx.signedInAs(['Admin'])).cookie;
    const otherId = third.json<{ items: Attachment[] }>().items[0]?.id;
    const last = await ctx.request({ method: 'DELETE', url: `${files(otherTransfer)}/${otherId}`, cookie: admin });
    expect(last.statusCode).toBe(204);
    expect(await exists()).toBe(false);
    expect(blob).toContain(hash);
  });

  it('deletes a photo with its thumbnail', async () => {
    const jpeg = await sharp({ create: { width: 50, height: 40, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer();
    const res = await upload([{ name: 'label.jpg', bytes: jpeg }]);
    const id = res.json<{ items: Attachment[] }>().items[0]?.id;
    const before = (await readdir(ctx.config.filesDir, { recursive: true })).length;
    const del = await ctx.request({ method: 'DELETE', url: `${files()}/${id}`, cookie: clerk });
    expect(del.statusCode).toBe(204);
    // The photo and its thumbnail (two blobs) are gone.
    expect((await readdir(ctx.config.filesDir, { recursive: true })).length).toBe(before - 2);
  });

  it('records every upload and deletion in the audit log, on the record', async () => {
    const rows = await ctx.handle.db.select().from(auditLog).where(eq(auditLog.recordId, transfer));
    const actions = rows.map((r) => r.action);
    expect(actions.filter((a) => a === 'attach_file').length).toBe(4);
    expect(actions.filter((a) => a === 'delete_file').length).toBe(2);
    const attach = rows.find((r) => r.action === 'attach_file');
    expect(attach?.recordType).toBe('stove_transfer');
    expect(attach?.after).toMatchObject({ file: 'signed delivery note.jpg', type: 'image/jpeg' });
  });
});

describe('files on an announcement: its managers change them, its readers only list and download', () => {
  let ctx: TestContext;
  let admin: string;
  let reader: string;
  let otherReader: string;
  let scopedManager: string;
  let live: string;
  let expired: string;
  let scheduled: string;
  let forEveryone: string;

  const files = (id: string) => `/api/announcements/${id}/files`;
  const get = (url: string, cookie: string) => ctx.request({ method: 'GET', url, cookie });
  const upload = (id: string, cookie: string) =>
    ctx.request({ method: 'POST', url: files(id), cookie, ...multipartBody([{ name: 'rota.pdf', bytes: PDF }]) });

  beforeAll(async () => {
    ctx = await createTestContext();
    const [a, b] = [await ctx.makeFactory(), await ctx.makeFactory()];
    const adminUser = await ctx.signedInAs(['Admin']);
    admin = adminUser.cookie;
    const actor = await loadActor(ctx.handle.db, adminUser.id);
    if (!actor) throw new Error('no admin actor');
    const announce = async (factoryIds: string[], times: { publishAt?: string } = {}) =>
      (
        await createAnnouncement(ctx.handle.db, actor, {
          title: 'Holiday rota',
          body: 'See the attached rota.',
          audienceGroups: [],
          audienceFactoryIds: factoryIds,
          pinned: false,
          ...times,
        })
      ).id;
    live = await announce([a.id]);
    expired = await announce([a.id]);
    scheduled = await announce([a.id], { publishAt: new Date(Date.now() + 86_400_000).toISOString() });
    forEveryone = await announce([]);
    for (const id of [live, expired, scheduled, forEveryone]) {
      const res = await upload(id, admin);
      expect(res.statusCode, res.body).toBe(201);
    }
    await expireAnnouncement(ctx.handle.db, actor, expired);
    // Not Factory Manager, which is given the permission below.
    const plain = 'Stove Coupler';
    reader = (await ctx.signedInAs([plain], { factoryId: a.id })).cookie;
    otherReader = (await ctx.signedInAs([plain], { factoryId: b.id })).cookie;
    // A factory-scoped manager of the other factory (the permission granted to Factory Manager).
    await ctx.handle.db.execute(
      sql`insert into group_permissions (group_name, component) values ('Factory Manager', 'announcement-management')
          on conflict do nothing`,
    );
    scopedManager = (await ctx.signedInAs(['Factory Manager'], { factoryId: b.id })).cookie;
  }, 60_000);
  afterAll(async () => {
    await ctx.close();
  });

  it('lets a reader it reaches list and download its files, without changing them', async () => {
    const listed = await get(files(live), reader);
    expect(listed.statusCode, listed.body).toBe(200);
    const list = listed.json<AttachmentList>();
    expect(list.canEdit).toBe(false);
    expect(list.items.map((i) => i.name)).toEqual(['rota.pdf']);
    const download = await get(`${files(live)}/${list.items[0]?.id}`, reader);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect((await upload(live, reader)).statusCode).toBe(403);
    const del = await ctx.request({ method: 'DELETE', url: `${files(live)}/${list.items[0]?.id}`, cookie: reader });
    expect(del.statusCode).toBe(403);
    expect((await get(files(live), admin)).json<AttachmentList>().canEdit).toBe(true);
    // The reader's own list counts each announcement's files (in its one query).
    const mine = (await get('/api/announcements/mine', reader)).json<MyAnnouncements>();
    expect(mine.items.find((a) => a.id === live)?.files).toBe(1);
  });

  it('answers 404 to a reader it does not reach: another factory, expired, not yet published', async () => {
    expect((await get(files(live), otherReader)).statusCode).toBe(404);
    for (const id of [expired, scheduled]) {
      expect((await get(files(id), reader)).statusCode).toBe(404);
      // Its managers still see them.
      expect((await get(files(id), admin)).statusCode).toBe(200);
    }
  });

  it('lets a factory-scoped manager read, but not change, the files of one they only read', async () => {
    const list = await get(files(forEveryone), scopedManager);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<AttachmentList>().canEdit).toBe(false);
    const refused = await upload(forEveryone, scopedManager);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(
      'Only those who manage this announcement can change its files.',
    );
    const file = list.json<AttachmentList>().items[0] as Attachment;
    const del = await ctx.request({ method: 'DELETE', url: `${files(forEveryone)}/${file.id}`, cookie: scopedManager });
    expect(del.statusCode).toBe(403);
    expect((await get(files(forEveryone), admin)).json<AttachmentList>().total).toBe(1);
  });
});
