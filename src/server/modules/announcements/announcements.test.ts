/**
 * Announcements API: management (list with search, status and pinned filters, paging; detail;
 * create, edit, pin, schedule, expire; audited and told to live pages), the factory scope of a
 * factory-scoped manager, and every user's own announcements (audience by groups and factory,
 * scheduled and expired ones hidden, read flags per user, unread count, mark read, mark all read).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Announcement, MyAnnouncements } from '../../../common/contracts/announcements';
import type { HubEvent } from '../../live/publish-live';
import type { ListResponse } from '../../../common/contracts/list';
import type { Group } from '../../../common/permissions';
import { announcementReads, announcements } from '../../db/schema/communication';
import { startLiveHub } from '../../live/live-hub';
import { auditRows, countRows } from '../../test/db-assert';
import { statementTime } from './announcements.repository';
import { groupsWith, groupsWithout } from '../../test/groups';
import { createTestContext, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let admin: { cookie: string; id: string };
let nbo: { id: string; code: string };
let msa: { id: string; code: string };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signedInAs(['Admin']);
  nbo = await ctx.makeFactory();
  msa = await ctx.makeFactory();
}, 60_000);
afterAll(async () => {
  await ctx.close();
});

interface ErrorBody {
  error: { code: string; message: string; details?: { fieldErrors?: Record<string, string[]> } };
}

const HOUR = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
let serial = 0;
const uniqueTitle = (label: string) => `${label} ${++serial} ${Math.random().toString(36).slice(2, 8)}`;

const post = (payload: Record<string, unknown>, cookie = admin.cookie) =>
  ctx.request({ method: 'POST', url: '/api/announcements', payload, cookie });
const patch = (id: string, payload: Record<string, unknown>, cookie = admin.cookie) =>
  ctx.request({ method: 'PATCH', url: `/api/announcements/${id}`, payload, cookie });
const expire = (id: string, cookie = admin.cookie) =>
  ctx.request({ method: 'POST', url: `/api/announcements/${id}/expire`, payload: {}, cookie });
const mine = async (cookie: string) => {
  const res = await ctx.request({ method: 'GET', url: '/api/announcements/mine', cookie });
  expect(res.statusCode).toBe(200);
  return res.json<MyAnnouncements>();
};
const unread = async (cookie: string) => {
  const res = await ctx.request({ method: 'GET', url: '/api/announcements/mine/unread-count', cookie });
  expect(res.statusCode).toBe(200);
  return res.json<{ unread: number }>().unread;
};
const list = async (query: string, cookie = admin.cookie) => {
  const res = await ctx.request({ method: 'GET', url: `/api/announcements${query}`, cookie });
  expect(res.statusCode).toBe(200);
  return res.json<ListResponse<Announcement>>();
};

/** An announcement created through the API (201 asserted). */
async function create(payload: Record<string, unknown>, cookie = admin.cookie): Promise<Announcement> {
  const res = await post({ title: uniqueTitle('Notice'), body: 'Hello **all**', ...payload }, cookie);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Announcement>();
}

/** An announcement stored directly (any publish and expiry times, e.g. already expired). */
async function stored(values: Partial<typeof announcements.$inferInsert>): Promise<string> {
  const [row] = await ctx.handle.db
    .insert(announcements)
    .values({ title: uniqueTitle('Stored'), body: 'Body', createdBy: admin.id, ...values })
    .returning({ id: announcements.id });
  if (!row) throw new Error('no row');
  return row.id;
}

describe('POST /api/announcements', () => {
  it('creates an announcement for everyone, published now: 201, audited, told to live pages', async () => {
    const hub = await startLiveHub(ctx.handle.db, { warn: () => undefined });
    const events: HubEvent[] = [];
    hub.subscribe((event) => events.push(event));
    try {
      const before = Date.now();
      const res = await post({ title: '  Stock count on Friday  ', body: 'All **stores** close at 3pm.' });
      expect(res.statusCode).toBe(201);
      const a = res.json<Announcement>();
      expect(a).toEqual({
        id: expect.any(String) as string,
        title: 'Stock count on Friday',
        body: 'All **stores** close at 3pm.',
        audienceGroups: [],
        audienceFactories: [],
        pinned: false,
        publishAt: expect.any(String) as string,
        expiresAt: null,
        status: 'live',
        createdAt: expect.any(String) as string,
        createdBy: { id: admin.id, name: expect.any(String) as string, email: expect.any(String) as string },
        updatedAt: expect.any(String) as string,
      });
      expect(Date.parse(a.publishAt)).toBeGreaterThanOrEqual(before - 5_000);
      const audit = await auditRows(ctx.handle.db, 'create', a.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorId: admin.id, recordType: 'announcement' });
      await expect.poll(() => events.filter((e) => e.kind === 'announcement').length, { timeout: 5_000 }).toBe(1);
      expect(events.find((e) => e.kind === 'announcement')).toEqual({
        kind: 'announcement',
        announcementId: a.id,
        title: 'Stock count on Friday',
        audienceGroups: [],
        audienceFactoryIds: [],
        publishAt: a.publishAt,
        // Published now: open pages of its readers (but not its author's) toast it.
        fresh: true,
        actorId: admin.id,
      });
    } finally {
      await hub.close();
    }
  });

  it('creates one for chosen groups and factories, pinned, scheduled, with an expiry', async () => {
    const publishAt = at(2 * HOUR);
    const expiresAt = at(48 * HOUR);
    const a = await create({
      audienceGroups: ['Sales Officer', 'Factory Manager', 'Sales Officer'],
      audienceFactoryIds: [nbo.id, msa.id],
      pinned: true,
      publishAt,
      expiresAt,
    });
    expect(a).toMatchObject({
      audienceGroups: ['Sales Officer', 'Factory Manager'],
      pinned: true,
      publishAt,
      expiresAt,
      status: 'scheduled',
    });
    expect(a.audienceFactories.map((f) => f.id).sort()).toEqual([nbo.id, msa.id].sort());
    expect(a.audienceFactories[0]).toEqual({
      id: expect.any(String) as string,
      name: expect.any(String) as string,
      code: expect.any(String) as string,
    });
  });

  it.each([
    ['a blank title', { title: '   ' }, 'title'],
    ['a missing body', { body: '' }, 'body'],
    ['a body over 20,000 characters', { body: 'x'.repeat(20_001) }, 'body'],
    ['an unknown group', { audienceGroups: ['Astronaut'] }, 'audienceGroups.0'],
    ['a factory id that is not an id', { audienceFactoryIds: ['nope'] }, 'audienceFactoryIds.0'],
    ['an expiry before the publish time', { publishAt: at(HOUR), expiresAt: at(-HOUR) }, 'expiresAt'],
    ['an expiry equal to the publish time', { publishAt: at(HOUR), expiresAt: at(HOUR) }, 'expiresAt'],
    ['an expiry in the past (published now)', { expiresAt: at(-HOUR) }, 'expiresAt'],
    ['a publish time that is not a time', { publishAt: 'tomorrow' }, 'publishAt'],
    ['an unknown factory', { audienceFactoryIds: ['00000000-0000-4000-8000-000000000099'] }, 'audienceFactoryIds'],
  ])('refuses %s: 400 with the field, nothing created', async (_label, change, field) => {
    const title = uniqueTitle('Bad');
    const res = await post({ title, body: 'Body', ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json<ErrorBody>().error.details?.fieldErrors ?? {})).toContain(field);
    expect(await countRows(ctx.handle.db, announcements, eq(announcements.title, title))).toBe(0);
  });

  it('refuses a deactivated factory: 400', async () => {
    const closed = await ctx.makeFactory();
    await ctx.request({
      method: 'POST',
      url: `/api/factories/${closed.id}/deactivate`,
      payload: {},
      cookie: admin.cookie,
    });
    const res = await post({ title: uniqueTitle('Closed'), body: 'Body', audienceFactoryIds: [closed.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.details?.fieldErrors?.audienceFactoryIds?.[0]).toContain('deactivated');
  });

  it.each(groupsWith('announcement-management').map((g) => [g]))('%s may create: 201', async (group: Group) => {
    const { cookie } = await ctx.signedInAs([group]);
    await create({}, cookie);
  });

  it.each(groupsWithout('announcement-management').map((g) => [g]))(
    '%s (no announcement-management) gets 403 on every management endpoint',
    async (group: Group) => {
      const { cookie } = await ctx.signedInAs([group], { factoryId: nbo.id });
      const a = await create({});
      const title = uniqueTitle('Denied');
      expect((await post({ title, body: 'x' }, cookie)).statusCode).toBe(403);
      expect((await ctx.request({ method: 'GET', url: '/api/announcements', cookie })).statusCode).toBe(403);
      expect((await ctx.request({ method: 'GET', url: `/api/announcements/${a.id}`, cookie })).statusCode).toBe(403);
      expect((await patch(a.id, { pinned: true }, cookie)).statusCode).toBe(403);
      expect((await expire(a.id, cookie)).statusCode).toBe(403);
      expect(await countRows(ctx.handle.db, announcements, eq(announcements.title, title))).toBe(0);
    },
  );

  it('answers 401 signed out', async () => {
    const res = await ctx.request({ method: 'POST', url: '/api/announcements', payload: { title: 't', body: 'b' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/announcements and /:id', () => {
  it('lists newest publish time first, with status and pinned filters, search on title and body, and pages', async () => {
    const tag = Math.random().toString(36).slice(2, 10);
    const live = await stored({ title: `Live ${tag}`, publishAt: new Date(Date.now() - HOUR) });
    const older = await stored({ title: `Older ${tag}`, pinned: true, publishAt: new Date(Date.now() - 2 * HOUR) });
    const scheduled = await stored({ title: `Later ${tag}`, publishAt: new Date(Date.now() + HOUR) });
    const expired = await stored({
      title: `Gone ${tag}`,
      body: `expired body`,
      publishAt: new Date(Date.now() - 5 * HOUR),
      expiresAt: new Date(Date.now() - 4 * HOUR),
    });
    const all = await list(`?q=${tag}`);
    expect(all.items.map((a) => a.id)).toEqual([scheduled, live, older, expired]);
    expect(all.items.map((a) => a.status)).toEqual(['scheduled', 'live', 'live', 'expired']);
    expect(all.total).toBe(4);
    expect((await list(`?q=${tag}&status=live`)).items.map((a) => a.id)).toEqual([live, older]);
    expect((await list(`?q=${tag}&status=scheduled`)).items.map((a) => a.id)).toEqual([scheduled]);
    expect((await list(`?q=${tag}&status=expired`)).items.map((a) => a.id)).toEqual([expired]);
    expect((await list(`?q=${tag}&pinned=true`)).items.map((a) => a.id)).toEqual([older]);
    expect((await list(`?q=${tag}&sort=title&dir=asc`)).items.map((a) => a.id)).toEqual([
      expired,
      scheduled,
      live,
      older,
    ]);
    // Search reaches the body too.
    expect((await list(`?q=${tag}&status=expired`)).items[0]?.body).toBe('expired body');

    const first = await list(`?q=${tag}&limit=3`);
    expect(first.items).toHaveLength(3);
    expect(first.nextCursor).not.toBeNull();
    const second = await list(`?q=${tag}&limit=3&cursor=${first.nextCursor ?? ''}`);
    expect(second.items.map((a) => a.id)).toEqual([expired]);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses a bad filter or cursor: 400', async () => {
    for (const query of ['?status=soon', '?pinned=yes', '?cursor=bogus', '?sort=body']) {
      const res = await ctx.request({ method: 'GET', url: `/api/announcements${query}`, cookie: admin.cookie });
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('gets one; 404 for an unknown id, 400 for a malformed one', async () => {
    const a = await create({ audienceFactoryIds: [nbo.id] });
    const res = await ctx.request({ method: 'GET', url: `/api/announcements/${a.id}`, cookie: admin.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(a);
    const missing = await ctx.request({
      method: 'GET',
      url: '/api/announcements/00000000-0000-4000-8000-000000000001',
      cookie: admin.cookie,
    });
    expect(missing.statusCode).toBe(404);
    const bad = await ctx.request({ method: 'GET', url: '/api/announcements/nope', cookie: admin.cookie });
    expect(bad.statusCode).toBe(400);
  });
});

describe('PATCH /api/announcements/:id and POST /:id/expire', () => {
  it('edits any field, audited with before and after, and tells live pages', async () => {
    const a = await create({ audienceGroups: ['Sales Officer'] });
    const hub = await startLiveHub(ctx.handle.db, { warn: () => undefined });
    const events: HubEvent[] = [];
    hub.subscribe((event) => events.push(event));
    try {
      const expiresAt = at(24 * HOUR);
      const res = await patch(a.id, {
        title: 'Renamed',
        body: 'New *body*',
        audienceGroups: [],
        audienceFactoryIds: [msa.id],
        pinned: true,
        expiresAt,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        title: 'Renamed',
        body: 'New *body*',
        audienceGroups: [],
        audienceFactories: [{ id: msa.id }],
        pinned: true,
        expiresAt,
        status: 'live',
      });
      const audit = await auditRows(ctx.handle.db, 'update', a.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        before: { title: a.title, pinned: false, audienceGroups: ['Sales Officer'] },
        after: { title: 'Renamed', pinned: true, audienceFactoryIds: [msa.id] },
      });
      await expect
        .poll(() => events.some((e) => e.kind === 'announcement' && e.announcementId === a.id), { timeout: 5_000 })
        .toBe(true);
      // An edit of what its readers already see is not news to toast.
      expect(events.find((e) => e.kind === 'announcement' && e.announcementId === a.id)).toMatchObject({
        fresh: false,
      });
      // A scheduled one made public by an edit is.
      const scheduled = await create({ publishAt: at(HOUR) });
      expect((await patch(scheduled.id, { publishAt: at(-1000) })).statusCode).toBe(200);
      await expect
        .poll(() => events.filter((e) => e.kind === 'announcement' && e.announcementId === scheduled.id).at(-1), {
          timeout: 5_000,
        })
        .toMatchObject({ fresh: true });
    } finally {
      await hub.close();
    }
    // Unpin, and remove the expiry.
    const back = await patch(a.id, { pinned: false, expiresAt: null });
    expect(back.json()).toMatchObject({ pinned: false, expiresAt: null });
  });

  it('refuses bad edits: 400 and nothing changes; 404 for an unknown id', async () => {
    const publishAt = at(HOUR);
    const a = await create({ publishAt, expiresAt: at(10 * HOUR) });
    expect((await patch(a.id, {})).statusCode).toBe(400);
    expect((await patch(a.id, { title: '' })).statusCode).toBe(400);
    const early = await patch(a.id, { expiresAt: at(30 * 60_000) });
    expect(early.statusCode).toBe(400);
    expect(early.json<ErrorBody>().error.details?.fieldErrors?.expiresAt).toBeDefined();
    // A publish time after the stored expiry.
    expect((await patch(a.id, { publishAt: at(20 * HOUR) })).statusCode).toBe(400);
    expect((await patch(a.id, { audienceGroups: ['Nobody'] })).statusCode).toBe(400);
    const [row] = await ctx.handle.db.select().from(announcements).where(eq(announcements.id, a.id));
    expect(row?.publishAt.toISOString()).toBe(publishAt);
    expect((await patch('00000000-0000-4000-8000-000000000002', { pinned: true })).statusCode).toBe(404);
  });

  it('expires a live announcement now (audited); a second time is 409', async () => {
    const a = await create({});
    const res = await expire(a.id);
    expect(res.statusCode).toBe(200);
    const expired = res.json<Announcement>();
    expect(expired.status).toBe('expired');
    expect(Date.parse(expired.expiresAt ?? '')).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await auditRows(ctx.handle.db, 'expire', a.id)).toHaveLength(1);
    const again = await expire(a.id);
    expect(again.statusCode).toBe(409);
    expect(await auditRows(ctx.handle.db, 'expire', a.id)).toHaveLength(1);
  });

  it('expires once when two managers expire at the same time (the row is locked): 200 and 409', async () => {
    const a = await create({});
    const statuses = (await Promise.all([expire(a.id), expire(a.id)])).map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    expect(await auditRows(ctx.handle.db, 'expire', a.id)).toHaveLength(1);
  });

  // The race above, made certain: a transaction that began before another expired the announcement
  // must still see it as expired once it can read it (on PGlite one transaction runs at a time).
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "judges expiry by the clock once the row is read, not by its own transaction's start",
    async () => {
      const a = await create({});
      await ctx.handle.db.transaction(async (tx) => {
        await statementTime(tx);
        expect((await expire(a.id)).statusCode).toBe(200);
        const [row] = await tx.select().from(announcements).where(eq(announcements.id, a.id));
        expect((await statementTime(tx)).getTime()).toBeGreaterThanOrEqual(row?.expiresAt?.getTime() ?? Infinity);
      });
    },
  );

  it('expires a scheduled announcement (it is never shown); 404 for an unknown id', async () => {
    const a = await create({ publishAt: at(5 * HOUR) });
    const res = await expire(a.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<Announcement>().status).toBe('expired');
    expect((await expire('00000000-0000-4000-8000-000000000003')).statusCode).toBe(404);
  });
});

describe('a factory-scoped manager (announcement-management granted to Factory Manager)', () => {
  let fm: { cookie: string; id: string };
  beforeAll(async () => {
    await ctx.handle.db.execute(
      sql`insert into group_permissions (group_name, component) values ('Factory Manager', 'announcement-management')
          on conflict do nothing`,
    );
    fm = await ctx.signedInAs(['Factory Manager'], { factoryId: nbo.id });
  });
  afterAll(async () => {
    await ctx.handle.db.execute(
      sql`delete from group_permissions where group_name = 'Factory Manager' and component = 'announcement-management'`,
    );
  });

  it('addresses their own factory by default, and only it', async () => {
    const a = await create({ audienceGroups: ['Stove Coupler'] }, fm.cookie);
    expect(a.audienceFactories.map((f) => f.id)).toEqual([nbo.id]);
    expect((await create({ audienceFactoryIds: [nbo.id] }, fm.cookie)).audienceFactories).toHaveLength(1);
    for (const audienceFactoryIds of [[msa.id], [nbo.id, msa.id]]) {
      const res = await post({ title: uniqueTitle('Elsewhere'), body: 'x', audienceFactoryIds }, fm.cookie);
      expect(res.statusCode).toBe(403);
    }
  });

  it('sees and edits only the announcements addressed to exactly their factory', async () => {
    const own = await create({}, fm.cookie);
    const everyone = await create({});
    const both = await create({ audienceFactoryIds: [nbo.id, msa.id] });
    const other = await create({ audienceFactoryIds: [msa.id] });
    const ids = (await list('?limit=200', fm.cookie)).items.map((a) => a.id);
    expect(ids).toContain(own.id);
    for (const hidden of [everyone, both, other]) {
      expect(ids).not.toContain(hidden.id);
      const get = await ctx.request({ method: 'GET', url: `/api/announcements/${hidden.id}`, cookie: fm.cookie });
      expect(get.statusCode).toBe(404);
      expect((await patch(hidden.id, { pinned: true }, fm.cookie)).statusCode).toBe(404);
      expect((await expire(hidden.id, fm.cookie)).statusCode).toBe(404);
    }
    expect((await patch(own.id, { pinned: true }, fm.cookie)).statusCode).toBe(200);
    expect((await patch(own.id, { audienceFactoryIds: [msa.id] }, fm.cookie)).statusCode).toBe(403);
    expect((await expire(own.id, fm.cookie)).statusCode).toBe(200);
  });

  it('without a factory: 403 on create', async () => {
    const { cookie } = await ctx.signedInAs(['Factory Manager']);
    expect((await post({ title: uniqueTitle('No factory'), body: 'x' }, cookie)).statusCode).toBe(403);
  });
});

describe('my announcements', () => {
  it('reach a user by groups, factory, both or everyone; scheduled and expired ones never', async () => {
    const tag = Math.random().toString(36).slice(2, 10);
    const make = (label: string, values: Partial<typeof announcements.$inferInsert>) =>
      stored({ title: `${label} ${tag}`, ...values });
    const past = new Date(Date.now() - HOUR);
    const ids = {
      everyone: await make('everyone', { publishAt: past }),
      salesOfficers: await make('sales officers', { publishAt: past, audienceGroups: ['Sales Officer'] }),
      nbo: await make('nbo', { publishAt: past, audienceFactoryIds: [nbo.id] }),
      managersAtNbo: await make('managers at nbo', {
        publishAt: past,
        audienceGroups: ['Factory Manager'],
        audienceFactoryIds: [nbo.id],
      }),
      scheduled: await make('scheduled', { publishAt: new Date(Date.now() + HOUR) }),
      expired: await make('expired', {
        publishAt: new Date(Date.now() - 3 * HOUR),
        expiresAt: new Date(Date.now() - HOUR),
      }),
    };
    const known = new Map(Object.entries(ids).map(([k, v]) => [v, k]));
    const seen = async (groups: Group[], factoryId: string | null) => {
      const { cookie } = await ctx.signedInAs(groups, { factoryId });
      return (await mine(cookie)).items
        .map((a) => known.get(a.id))
        .filter(Boolean)
        .sort();
    };
    expect(await seen(['Sales Officer'], nbo.id)).toEqual(['everyone', 'nbo', 'salesOfficers']);
    expect(await seen(['Sales Officer'], msa.id)).toEqual(['everyone', 'salesOfficers']);
    expect(await seen(['Factory Manager'], nbo.id)).toEqual(['everyone', 'managersAtNbo', 'nbo']);
    expect(await seen(['Factory Manager'], msa.id)).toEqual(['everyone']);
    expect(await seen(['Admin'], null)).toEqual(['everyone']);
    expect(await seen(['Stove Coupler', 'Sales Officer'], null)).toEqual(['everyone', 'salesOfficers']);
  });

  it('lists pinned first, then newest, with author and read flag; at most 50', async () => {
    const { cookie } = await ctx.signedInAs(['Sales Officer'], { factoryId: msa.id });
    const base = Date.now() - HOUR;
    const oldPinned = await stored({ pinned: true, publishAt: new Date(base - 10 * HOUR) });
    const newest = await stored({ publishAt: new Date(base) });
    const older = await stored({ publishAt: new Date(base - HOUR) });
    const { items } = await mine(cookie);
    const order = items.map((a) => a.id).filter((id) => [oldPinned, newest, older].includes(id));
    expect(order).toEqual([oldPinned, newest, older]);
    expect(items.findIndex((a) => a.id === oldPinned)).toBeLessThan(items.findIndex((a) => !a.pinned));
    expect(items.find((a) => a.id === newest)).toMatchObject({ read: false, author: expect.any(String) as string });
    expect(items.length).toBeLessThanOrEqual(50);
  });

  it('marks one read for this user only (idempotent), and all read; the unread count follows', async () => {
    const alice = await ctx.signedInAs(['Sales Manager'], { factoryId: nbo.id });
    const bob = await ctx.signedInAs(['Sales Manager'], { factoryId: nbo.id });
    const a = await stored({ publishAt: new Date(Date.now() - HOUR), audienceFactoryIds: [nbo.id] });
    await stored({ publishAt: new Date(Date.now() - HOUR), audienceGroups: ['Sales Manager'] });
    const aliceBefore = await unread(alice.cookie);
    const bobBefore = await unread(bob.cookie);
    expect(aliceBefore).toBeGreaterThanOrEqual(2);
    expect((await mine(alice.cookie)).unread).toBe(aliceBefore);

    const read = await ctx.request({ method: 'POST', url: `/api/announcements/${a}/read`, cookie: alice.cookie });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ unread: aliceBefore - 1 });
    const again = await ctx.request({ method: 'POST', url: `/api/announcements/${a}/read`, cookie: alice.cookie });
    expect(again.json()).toEqual({ unread: aliceBefore - 1 });
    expect(await countRows(ctx.handle.db, announcementReads, eq(announcementReads.announcementId, a))).toBe(1);
    expect((await mine(alice.cookie)).items.find((x) => x.id === a)?.read).toBe(true);
    expect((await mine(bob.cookie)).items.find((x) => x.id === a)?.read).toBe(false);
    expect(await unread(bob.cookie)).toBe(bobBefore);

    const all = await ctx.request({ method: 'POST', url: '/api/announcements/read-all', cookie: alice.cookie });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ unread: 0 });
    expect(await unread(alice.cookie)).toBe(0);
    expect((await mine(alice.cookie)).items.every((x) => x.read)).toBe(true);
    expect(await unread(bob.cookie)).toBe(bobBefore);
  });

  it('refuses to mark read what does not reach me now: 404 (other factory, scheduled, expired, unknown)', async () => {
    const { cookie } = await ctx.signedInAs(['Sales Officer'], { factoryId: nbo.id });
    const targets = [
      await stored({ publishAt: new Date(Date.now() - HOUR), audienceFactoryIds: [msa.id] }),
      await stored({ publishAt: new Date(Date.now() - HOUR), audienceGroups: ['Admin'] }),
      await stored({ publishAt: new Date(Date.now() + HOUR) }),
      await stored({ publishAt: new Date(Date.now() - 2 * HOUR), expiresAt: new Date(Date.now() - HOUR) }),
      '00000000-0000-4000-8000-000000000004',
    ];
    for (const id of targets) {
      const res = await ctx.request({ method: 'POST', url: `/api/announcements/${id}/read`, cookie });
      expect(res.statusCode).toBe(404);
    }
    const bad = await ctx.request({ method: 'POST', url: '/api/announcements/nope/read', cookie });
    expect(bad.statusCode).toBe(400);
  });

  it('a scheduled announcement reaches me at its publish time; an expired one leaves', async () => {
    const { cookie } = await ctx.signedInAs(['Stove Coupler'], { factoryId: msa.id });
    const id = await stored({ publishAt: new Date(Date.now() + HOUR), audienceGroups: ['Stove Coupler'] });
    const before = await unread(cookie);
    expect((await mine(cookie)).items.some((a) => a.id === id)).toBe(false);
    await ctx.handle.db
      .update(announcements)
      .set({ publishAt: new Date(Date.now() - 1000) })
      .where(eq(announcements.id, id));
    expect((await mine(cookie)).items.some((a) => a.id === id)).toBe(true);
    expect(await unread(cookie)).toBe(before + 1);
    expect((await expire(id)).statusCode).toBe(200);
    expect((await mine(cookie)).items.some((a) => a.id === id)).toBe(false);
    expect(await unread(cookie)).toBe(before);
  });

  it('answers 401 signed out', async () => {
    for (const [method, url] of [
      ['GET', '/api/announcements/mine'],
      ['GET', '/api/announcements/mine/unread-count'],
      ['POST', '/api/announcements/read-all'],
    ] as const) {
      const res = await ctx.request({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(res.statusCode).toBe(401);
    }
  });
});
