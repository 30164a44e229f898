/** User Profiles: list (search name/email/phone/job title, sort, pages) and edit name, phone and job title. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BASE_ACCESS, GROUPS, type Group } from '../../../common/permissions';
import { users } from '../../db/schema/auth';
import { profiles } from '../../db/schema/core';
import { auditRows } from '../../test/db-assert';
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
interface ProfileBody {
  id: string;
  email: string;
  name: string;
  phone: string | null;
  jobTitle: string | null;
  factory: { id: string; code: string; name: string } | null;
}

const get = (url: string, cookie: string | null = admin.cookie) =>
  ctx.request({ method: 'GET', url, ...(cookie ? { cookie } : {}) });
const patch = (id: string, payload: Record<string, unknown>, cookie: string | null = admin.cookie) =>
  ctx.request({ method: 'PATCH', url: `/api/profiles/${id}`, payload, ...(cookie ? { cookie } : {}) });
const profileRow = async (id: string) => (await ctx.handle.db.select().from(profiles).where(eq(profiles.id, id)))[0];

const WITHOUT_USER_MANAGEMENT = GROUPS.filter((g) => !DEFAULT_BASE_ACCESS['user-management'].includes(g));

describe('GET /api/profiles', () => {
  it('lists profiles; searches name, email, phone and job title; sorts; pages', async () => {
    const tag = randomUUID().slice(0, 8);
    const factory = await ctx.makeFactory();
    const a = await ctx.makeUser(['Sales Officer'], { name: `Ann ${tag}`, factoryId: factory.id });
    const b = await ctx.makeUser(['Stove Coupler'], { name: `Ben ${tag}` });
    await ctx.handle.db
      .update(profiles)
      .set({ phone: '+254 700 111', jobTitle: `Welder ${tag}` })
      .where(eq(profiles.id, b.id));

    const res = await get(`/api/profiles?q=${tag}`);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ items: ProfileBody[]; total: number; nextCursor: string | null }>();
    expect(body.total).toBe(2);
    expect(body.items).toEqual([
      {
        id: a.id,
        email: a.email,
        name: `Ann ${tag}`,
        phone: null,
        jobTitle: null,
        factory: { id: factory.id, code: factory.code, name: `Factory ${factory.code}` },
      },
      { id: b.id, email: b.email, name: `Ben ${tag}`, phone: '+254 700 111', jobTitle: `Welder ${tag}`, factory: null },
    ]);
    const ids = async (qs: string) =>
      (await get(`/api/profiles?${qs}`)).json<{ items: ProfileBody[] }>().items.map((p) => p.id);
    expect(await ids(`q=welder ${tag}`)).toEqual([b.id]);
    expect(await ids(`q=${encodeURIComponent(a.email)}`)).toEqual([a.id]);
    expect(await ids(`q=${tag}&sort=name&dir=desc`)).toEqual([b.id, a.id]);
    const page1 = (await get(`/api/profiles?q=${tag}&limit=1`)).json<{ items: ProfileBody[]; nextCursor: string }>();
    expect(page1.items.map((p) => p.id)).toEqual([a.id]);
    expect(await ids(`q=${tag}&limit=1&cursor=${page1.nextCursor}`)).toEqual([b.id]);
    const byEmail = await ids(`q=${tag}&sort=email`);
    expect(byEmail).toHaveLength(2);
  });

  it('400 for an unknown sort or a bad cursor', async () => {
    expect((await get('/api/profiles?sort=phone')).json<ErrorBody>().error.details?.fieldErrors?.sort?.[0]).toMatch(
      /\S/,
    );
    expect((await get('/api/profiles?cursor=zzz')).statusCode).toBe(400);
  });
});

describe('PATCH /api/profiles/:id', () => {
  it('changes name (profile and account), phone and job title; audits before and after', async () => {
    const u = await ctx.makeUser(['Sales Officer'], { name: 'Old' });
    const res = await patch(u.id, { name: ' New ', phone: ' +254 711 000 ', jobTitle: 'Sales lead' });
    expect(res.statusCode).toBe(200);
    expect(res.json<ProfileBody>()).toMatchObject({
      id: u.id,
      name: 'New',
      phone: '+254 711 000',
      jobTitle: 'Sales lead',
    });
    expect(await profileRow(u.id)).toMatchObject({
      name: 'New',
      phone: '+254 711 000',
      jobTitle: 'Sales lead',
      updatedBy: admin.id,
    });
    const [account] = await ctx.handle.db.select().from(users).where(eq(users.id, u.id));
    expect(account?.name).toBe('New');
    const audit = await auditRows(ctx.handle.db, 'update', u.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.id,
      recordType: 'profile',
      before: { name: 'Old', phone: null, jobTitle: null },
      after: { name: 'New', phone: '+254 711 000', jobTitle: 'Sales lead' },
    });
    // Empty phone and job title clear them.
    expect((await patch(u.id, { phone: '', jobTitle: '' })).json<ProfileBody>()).toMatchObject({
      phone: null,
      jobTitle: null,
    });
  });

  it.each([
    ['nothing to change', {}, null],
    ['an empty name', { name: ' ' }, 'name'],
    ['letters in the phone', { phone: 'call me' }, 'phone'],
    ['a job title over 100 characters', { jobTitle: 'x'.repeat(101) }, 'jobTitle'],
  ] as [string, Record<string, unknown>, string | null][])('400 for %s; nothing changes', async (_l, body, field) => {
    const u = await ctx.makeUser(['Sales Officer'], { name: 'Kept' });
    const res = await patch(u.id, body);
    expect(res.statusCode).toBe(400);
    if (field) expect(res.json<ErrorBody>().error.details?.fieldErrors?.[field]?.[0]).toMatch(/\S/);
    expect(await profileRow(u.id)).toMatchObject({ name: 'Kept', phone: null, jobTitle: null });
  });

  it('404 for an unknown profile', async () => {
    const res = await patch(randomUUID(), { name: 'Nobody' });
    expect(res.statusCode).toBe(404);
    expect(res.json<ErrorBody>().error.code).toBe('NOT_FOUND');
  });
});

describe('who may call User Profiles', () => {
  it('401 when signed out', async () => {
    const u = await ctx.makeUser(['Sales Officer'], { name: 'Kept' });
    expect((await get('/api/profiles', null)).statusCode).toBe(401);
    expect((await patch(u.id, { name: 'X' }, null)).statusCode).toBe(401);
    expect((await profileRow(u.id))?.name).toBe('Kept');
  });

  it.each(WITHOUT_USER_MANAGEMENT.map((g) => [g]))('%s gets 403; nothing changes', async (group: Group) => {
    const { cookie } = await ctx.signedInAs([group]);
    const u = await ctx.makeUser(['Sales Officer'], { name: 'Kept' });
    expect((await get('/api/profiles', cookie)).statusCode).toBe(403);
    const res = await patch(u.id, { name: 'X' }, cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorBody>().error.code).toBe('FORBIDDEN');
    expect((await profileRow(u.id))?.name).toBe('Kept');
  });
});
