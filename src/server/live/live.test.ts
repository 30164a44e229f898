/**
 * Live updates: who hears which event (unit), and the stream end to end over a real socket: an
 * event reaches the users it concerns only after its transaction commits, never after a rollback;
 * a transfer sent through the API reaches the destination; a second server instance on the same
 * database hears it too; a lost database listener reconnects and asks pages to resync.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../common/contracts/live';
import { buildApp } from '../app';
import { queryRows } from '../db/client';
import { makeStoveIds } from '../test/stove-ids';
import { createTestContext, TEST_PASSWORD, type TestContext } from '../test/test-app';
import { reachesViewer } from './live-audience';
import { LIVE_STREAMS_PER_SESSION } from './live.routes';
import { startLiveHub } from './live-hub';
import { publishLive, type HubEvent } from './publish-live';

describe('reachesViewer', () => {
  const nbo = { groups: ['Factory Manager' as const], factoryId: 'nbo', isGlobal: false };
  const admin = { groups: ['Admin' as const], factoryId: null, isGlobal: true };

  it('gives factory events to that factory and to global users, company-wide events to everyone', () => {
    expect(reachesViewer({ kind: 'stock', factoryIds: ['nbo'] }, nbo)).toBe(true);
    expect(reachesViewer({ kind: 'stock', factoryIds: ['msa'] }, nbo)).toBe(false);
    expect(reachesViewer({ kind: 'stock', factoryIds: ['msa'] }, admin)).toBe(true);
    expect(reachesViewer({ kind: 'calendar', factoryIds: [] }, nbo)).toBe(true);
    expect(reachesViewer({ kind: 'resync' }, nbo)).toBe(true);
    expect(reachesViewer({ kind: 'stove-ids', factoryIds: ['nbo'] }, { ...nbo, factoryId: null })).toBe(false);
  });

  it('gives an announcement to its audience only: groups, factories, both, or everyone', () => {
    const base = {
      kind: 'announcement' as const,
      announcementId: 'a',
      title: 't',
      publishAt: new Date().toISOString(),
      fresh: true,
      actorId: 'someone',
    };
    const everyone = { ...base, audienceGroups: [], audienceFactoryIds: [] };
    const managers = { ...base, audienceGroups: ['Factory Manager' as const], audienceFactoryIds: [] };
    const msa = { ...base, audienceGroups: [], audienceFactoryIds: ['msa'] };
    const managersAtNbo = { ...base, audienceGroups: ['Factory Manager' as const], audienceFactoryIds: ['nbo'] };
    expect(reachesViewer(everyone, nbo)).toBe(true);
    expect(reachesViewer(managers, nbo)).toBe(true);
    expect(reachesViewer(managers, admin)).toBe(false);
    expect(reachesViewer(msa, nbo)).toBe(false);
    expect(reachesViewer(msa, admin)).toBe(false);
    expect(reachesViewer(managersAtNbo, nbo)).toBe(true);
    expect(reachesViewer(managersAtNbo, { ...nbo, groups: ['Sales Officer'] })).toBe(false);
  });
});

/** An open GET /api/live: the events it has received so far, and a way to wait for one. */
interface Stream {
  events: { name: string; data: unknown }[];
  next(match: (name: string, data: unknown) => boolean, timeoutMs?: number): Promise<unknown>;
  close(): void;
}

async function openStream(baseUrl: string, cookie: string): Promise<Stream> {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/live`, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const events: Stream['events'] = [];
  const waiters = new Set<() => void>();
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const name = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (name && data) events.push({ name, data: JSON.parse(data) as unknown });
          for (const wake of waiters) wake();
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    events,
    next(match, timeoutMs = 3000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find((e) => match(e.name, e.data));
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found.data);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event in ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
}

const isLive = (kind: LiveEvent['kind']) => (name: string, data: unknown) =>
  name === 'live' && (data as LiveEvent).kind === kind;

describe('GET /api/live', () => {
  let ctx: TestContext;
  let baseUrl: string;
  let nbo: { id: string };
  let msa: { id: string };
  let kis: { id: string };

  beforeAll(async () => {
    ctx = await createTestContext();
    baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    nbo = await ctx.makeFactory();
    msa = await ctx.makeFactory();
    kis = await ctx.makeFactory();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers 406 to a caller that does not ask for an event stream', async () => {
    const { cookie } = await ctx.signedInAs(['Admin']);
    const res = await ctx.request({ method: 'GET', url: '/api/live', cookie });
    expect(res.statusCode).toBe(406);
    expect(res.json<{ error: { message: string } }>().error.message).toMatch(/text\/event-stream/);
  });

  it(`allows ${LIVE_STREAMS_PER_SESSION} open streams per sign-in; one more is refused (429) until one closes`, async () => {
    const user = await ctx.signedInAs(['Admin']);
    const streams = await Promise.all(
      Array.from({ length: LIVE_STREAMS_PER_SESSION }, () => openStream(baseUrl, user.cookie)),
    );
    try {
      const refused = await fetch(`${baseUrl}/api/live`, {
        headers: { cookie: user.cookie, accept: 'text/event-stream' },
      });
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
        /^Live updates are open in 12 tabs of this sign-in already/,
      );
      // Another sign-in of the same person is not affected.
      const other = await openStream(baseUrl, await ctx.signIn(user.email));
      other.close();
      // A tab closed makes room for one more.
      streams.pop()?.close();
      await expect
        .poll(async () => {
          const res = await fetch(`${baseUrl}/api/live`, {
            headers: { cookie: user.cookie, accept: 'text/event-stream' },
          });
          if (res.status === 200) streams.push({ close: () => void res.body?.cancel() } as Stream);
          return res.status;
        })
        .toBe(200);
    } finally {
      for (const s of streams) s.close();
    }
  });

  it('opens with ready, then delivers committed events to the factories they concern and never a rolled-back one', async () => {
    const manager = await ctx.signedInAs(['Factory Manager'], { factoryId: nbo.id });
    const other = await ctx.signedInAs(['Factory Manager'], { factoryId: kis.id });
    const admin = await ctx.signedInAs(['Admin']);
    const streams = await Promise.all([manager, other, admin].map((u) => openStream(baseUrl, u.cookie)));
    const [atNbo, atKis, global] = streams as [Stream, Stream, Stream];
    try {
      for (const s of streams) await s.next((name) => name === 'ready');

      await ctx.handle.db
        .transaction(async (tx) => {
          await publishLive(tx, { kind: 'stock', factoryIds: [nbo.id] });
          throw new Error('roll back');
        })
        .catch(() => undefined);
      await ctx.handle.db.transaction((tx) => publishLive(tx, { kind: 'sales', factoryIds: [nbo.id] }));

      expect(await atNbo.next(isLive('sales'))).toEqual({ kind: 'sales', factoryIds: [nbo.id] });
      await global.next(isLive('sales'));
      // The rolled-back stock event, published before the sale, never arrives.
      expect(atNbo.events.some((e) => (e.data as LiveEvent).kind === 'stock')).toBe(false);
      expect(global.events.some((e) => (e.data as LiveEvent).kind === 'stock')).toBe(false);
      // Another factory's manager hears nothing of NBO's sale.
      await ctx.handle.db.transaction((tx) => publishLive(tx, { kind: 'calendar', factoryIds: [] }));
      await atKis.next(isLive('calendar'));
      expect(atKis.events.some((e) => (e.data as LiveEvent).kind === 'sales')).toBe(false);
    } finally {
      for (const s of streams) s.close();
    }
  });

  it('tells both sides of a transfer sent through the API, and the sender that its IDs changed status', async () => {
    const sender = await ctx.signedInAs(['Factory Manager'], { factoryId: nbo.id });
    const receiver = await ctx.signedInAs(['Factory Manager'], { factoryId: msa.id });
    const bystander = await ctx.signedInAs(['Factory Manager'], { factoryId: kis.id });
    const atNbo = await openStream(baseUrl, sender.cookie);
    const atMsa = await openStream(baseUrl, receiver.cookie);
    const atKis = await openStream(baseUrl, bystander.cookie);
    try {
      await atNbo.next((name) => name === 'ready');
      await atMsa.next((name) => name === 'ready');
      await atKis.next((name) => name === 'ready');
      const { codes } = await makeStoveIds(ctx.handle.db, { factoryId: nbo.id, count: 3, status: 'validated' });
      const res = await ctx.request({
        method: 'POST',
        url: '/api/stove-transfers',
        cookie: sender.cookie,
        payload: { fromFactoryId: nbo.id, toFactoryId: msa.id, codes },
      });
      expect(res.statusCode).toBe(201);
      const event = (await atMsa.next(isLive('transfer'))) as Extract<LiveEvent, { kind: 'transfer' }>;
      const sent = res.json<{ id: string; number: number }>();
      expect(event).toMatchObject({
        transferId: sent.id,
        number: sent.number,
        status: 'pending',
        fromFactoryId: nbo.id,
        toFactoryId: msa.id,
      });
      await atNbo.next(isLive('transfer'));
      // The IDs are in transit at the sender until the destination confirms them.
      expect(await atNbo.next(isLive('stove-ids'))).toEqual({ kind: 'stove-ids', factoryIds: [nbo.id] });
      await new Promise((r) => setTimeout(r, 200));
      expect(atMsa.events.some((e) => (e.data as LiveEvent).kind === 'stove-ids')).toBe(false);
      expect(atKis.events.filter((e) => e.name === 'live')).toEqual([]);
    } finally {
      atNbo.close();
      atMsa.close();
      atKis.close();
    }
  });

  it('reaches a stream held by a second server instance on the same database', async () => {
    const second = await buildApp({
      db: ctx.handle.db,
      config: ctx.config,
      authSecret: 'test-secret-'.padEnd(40, 'x'),
    });
    const secondUrl = await second.app.listen({ port: 0, host: '127.0.0.1' });
    const admin = await ctx.signedInAs(['Admin']);
    const stream = await openStream(secondUrl, admin.cookie);
    try {
      await stream.next((name) => name === 'ready');
      const res = await ctx.request({ method: 'GET', url: '/api/me', cookie: admin.cookie });
      expect(res.statusCode).toBe(200);
      await ctx.handle.db.transaction((tx) => publishLive(tx, { kind: 'stock', factoryIds: [msa.id] }));
      await stream.next(isLive('stock'));
    } finally {
      stream.close();
      await second.app.close();
    }
  });

  it('ends the stream of a user who signs out (at the next session check)', async () => {
    const hub = await startLiveHub(ctx.handle.db, { warn: () => undefined });
    const user = await ctx.signedInAs(['Sales Officer'], { factoryId: nbo.id });
    // A private app with a fast session check.
    const { liveRoutes } = await import('./live.routes');
    const Fastify = (await import('fastify')).default;
    const { guard } = await import('../http/guard');
    const { createSessionResolver } = await import('../auth/session');
    const sessions = await createSessionResolver(ctx.auth, 'test-secret-'.padEnd(40, 'x'), ctx.handle.db);
    const { resolveSession } = sessions;
    const app = Fastify();
    await app.register(guard, { resolveSession, publicPrefixes: [] });
    await app.register(liveRoutes, { hub, resolveSession, heartbeatMs: 100 });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openStream(url, user.cookie);
    try {
      await stream.next((name) => name === 'ready');
      const out = await ctx.request({ method: 'POST', url: '/api/auth/sign-out', cookie: user.cookie, payload: {} });
      expect(out.statusCode).toBe(200);
      await stream.next((name) => name === 'signed-out');
    } finally {
      stream.close();
      await app.close();
      await sessions.close();
      await hub.close();
    }
  });

  it.each([
    ['deactivated', 'deactivate', {}],
    ['given a new password by an Admin', 'password', { password: 'a-brand-new-password' }],
  ])(
    "ends a user's streams at once when they are %s, before any later event reaches them",
    async (_, action, payload) => {
      const admin = await ctx.signedInAs(['Admin']);
      const user = await ctx.signedInAs(['Sales Officer'], { factoryId: nbo.id });
      const second = await ctx.signIn(user.email);
      // The app's own session check runs every 25 s: an end within the test's 3 s is the event's.
      const streams = [await openStream(baseUrl, user.cookie), await openStream(baseUrl, second)];
      try {
        for (const stream of streams) await stream.next((name) => name === 'ready');
        const off = await ctx.request({
          method: 'POST',
          url: `/api/users/${user.id}/${action}`,
          cookie: admin.cookie,
          payload,
        });
        expect(off.statusCode, off.body).toBeLessThan(300);
        await publishLive(ctx.handle.db, { kind: 'stock', factoryIds: [nbo.id] });
        for (const stream of streams) {
          await stream.next((name) => name === 'signed-out');
          expect(stream.events.map((e) => e.name)).toEqual(['ready', 'signed-out']);
        }
      } finally {
        for (const stream of streams) stream.close();
      }
    },
  );

  it("ends the user's other browsers' streams at once when they change their own password, not this one's", async () => {
    const user = await ctx.signedInAs(['Sales Officer'], { factoryId: nbo.id });
    const other = await ctx.signIn(user.email);
    const here = await openStream(baseUrl, user.cookie);
    const there = await openStream(baseUrl, other);
    try {
      await here.next((name) => name === 'ready');
      await there.next((name) => name === 'ready');
      const changed = await ctx.request({
        method: 'POST',
        url: '/api/me/password',
        cookie: user.cookie,
        payload: { currentPassword: TEST_PASSWORD, newPassword: 'a-brand-new-password' },
      });
      expect(changed.statusCode, changed.body).toBeLessThan(300);
      await there.next((name) => name === 'signed-out');
      // This browser goes on with its new session: its stream hears the next event, not signed-out.
      await publishLive(ctx.handle.db, { kind: 'stock', factoryIds: [nbo.id] });
      await here.next(isLive('stock'));
      expect(here.events.map((e) => e.name)).toEqual(['ready', 'live']);
    } finally {
      here.close();
      there.close();
    }
  });

  it('ends the stream of a revoked session at once, and only that one', async () => {
    const admin = await ctx.signedInAs(['Admin']);
    const user = await ctx.signedInAs(['Sales Officer'], { factoryId: nbo.id });
    const kept = await ctx.signIn(user.email);
    const revokedStream = await openStream(baseUrl, user.cookie);
    const keptStream = await openStream(baseUrl, kept);
    try {
      await revokedStream.next((name) => name === 'ready');
      await keptStream.next((name) => name === 'ready');
      // The cookie's value is the session's token and its signature.
      const token = decodeURIComponent(user.cookie.slice(user.cookie.indexOf('=') + 1)).split('.')[0] ?? '';
      const [row] = await queryRows<{ id: string }>(ctx.handle.db, sql`select id from sessions where token = ${token}`);
      expect(row).toBeDefined();
      const revoke = await ctx.request({
        method: 'DELETE',
        url: `/api/users/${user.id}/sessions/${row?.id}`,
        cookie: admin.cookie,
      });
      expect(revoke.statusCode, revoke.body).toBeLessThan(300);
      await revokedStream.next((name) => name === 'signed-out');
      await publishLive(ctx.handle.db, { kind: 'stock', factoryIds: [nbo.id] });
      await keptStream.next(isLive('stock'));
      expect(keptStream.events.map((e) => e.name)).not.toContain('signed-out');
      expect(revokedStream.events.map((e) => e.name)).toEqual(['ready', 'signed-out']);
    } finally {
      revokedStream.close();
      keptStream.close();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'reconnects a lost database listener and asks every page to resync (PostgreSQL)',
    async () => {
      const hub = await startLiveHub(ctx.handle.db, { warn: () => undefined });
      const received: HubEvent[] = [];
      hub.subscribe((event) => received.push(event));
      try {
        expect(hub.state).toBe('notify');
        await ctx.handle.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity
               where pid <> pg_backend_pid() and datname = current_database() and query ilike 'listen %'`,
        );
        await expect.poll(() => received.some((e) => e.kind === 'resync'), { timeout: 5000 }).toBe(true);
        expect(hub.state).toBe('notify');
        await ctx.handle.db.transaction((tx) => publishLive(tx, { kind: 'stock', factoryIds: [nbo.id] }));
        await expect.poll(() => received.some((e) => e.kind === 'stock'), { timeout: 3000 }).toBe(true);
      } finally {
        await hub.close();
      }
    },
  );
});
