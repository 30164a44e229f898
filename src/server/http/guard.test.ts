/** The app shell around every route: origin check, permission guard, errors, headers, docs. */
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { sessions } from '../db/schema/auth';
import { factories } from '../db/schema/core';
import { countRows, countUsersWithEmail } from '../test/db-assert';
import { createTestContext, TEST_PASSWORD, type TestContext } from '../test/test-app';
import { guard, holdsRoutePermission } from './guard';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const FOREIGN = 'https://evil.example';
const uniqueCode = () => `G${randomBytes(4).toString('hex').slice(0, 7)}`.toUpperCase();
const countCode = (code: string) => countRows(ctx.handle.db, factories, eq(factories.code, code));

describe('cross-site request refusal', () => {
  it('refuses a POST with a foreign Origin: 403 BAD_ORIGIN and nothing changes', async () => {
    const { cookie } = await ctx.signedInAs(['Admin']);
    const code = uniqueCode();
    const res = await ctx.request({
      method: 'POST',
      url: '/api/factories',
      cookie,
      headers: { origin: FOREIGN },
      payload: { name: 'Evil', code, kind: 'plant' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: { code: 'BAD_ORIGIN', message: expect.any(String) as string },
    });
    expect(await countCode(code)).toBe(0);

    const email = `evil-${code.toLowerCase()}@example.com`;
    const user = await ctx.request({
      method: 'POST',
      url: '/api/users',
      cookie,
      headers: { origin: FOREIGN },
      payload: {
        email,
        name: 'Evil',
        password: 'a-long-enough-password',
        groups: ['Admin'],
      },
    });
    expect(user.statusCode).toBe(403);
    expect(await countUsersWithEmail(ctx.handle.db, email)).toBe(0);
  });

  it('refuses a POST without Origin that the browser marks cross-site', async () => {
    const { cookie } = await ctx.signedInAs(['Admin']);
    const code = uniqueCode();
    // Straight through app.inject: the test helper would add our own Origin.
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/factories',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
      payload: { name: 'Evil', code, kind: 'plant' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { code: 'BAD_ORIGIN' } });
    expect(await countCode(code)).toBe(0);
  });

  it('accepts the same POST from our own origin', async () => {
    const { cookie } = await ctx.signedInAs(['Admin']);
    const code = uniqueCode();
    const res = await ctx.request({
      method: 'POST',
      url: '/api/factories',
      cookie,
      payload: { name: 'Ours', code, kind: 'plant' },
    });
    expect(res.statusCode).toBe(201);
    expect(await countCode(code)).toBe(1);
  });

  it('accepts a POST without Origin from a non-browser client', async () => {
    const { cookie } = await ctx.signedInAs(['Admin']);
    const code = uniqueCode();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/factories',
      headers: { cookie },
      payload: { name: 'Script', code, kind: 'plant' },
    });
    expect(res.statusCode).toBe(201);
    expect(await countCode(code)).toBe(1);
  });

  it('refuses a foreign Origin whatever the spelling of the path (encoded, doubled slashes, other case)', async () => {
    const { cookie } = await ctx.signedInAs(['Admin']);
    const victim = await ctx.makeUser(['Sales Officer']);
    const isActive = async () =>
      (await ctx.request({ method: 'GET', url: `/api/users/${victim.id}`, cookie })).json<{ active: boolean }>().active;
    for (const url of [
      `/%61pi/users/${victim.id}/deactivate`,
      `/api/%75sers/${victim.id}/deactivate`,
      `//api/users/${victim.id}/deactivate`,
      `/api//users/${victim.id}/deactivate`,
      `/API/users/${victim.id}/deactivate`,
      `/api/users/${victim.id}/deactivate`,
    ]) {
      // A form or a fetch of a simple request from another site: text/plain, no body.
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { cookie, origin: FOREIGN, 'content-type': 'text/plain' },
      });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 403 });
      expect(await isActive()).toBe(true);
    }
  });

  it('refuses a text/plain body on a JSON route (415), from our own origin too, and changes nothing', async () => {
    const { cookie } = await ctx.signedInAs(['Admin']);
    const victim = await ctx.makeUser(['Sales Officer']);
    const plain = await ctx.request({
      method: 'POST',
      url: `/api/users/${victim.id}/deactivate`,
      cookie,
      headers: { 'content-type': 'text/plain' },
    });
    expect(plain.statusCode).toBe(415);
    const code = uniqueCode();
    const created = await ctx.request({
      method: 'POST',
      url: '/api/factories',
      cookie,
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ name: 'Plain', code, kind: 'plant' }),
    });
    expect(created.statusCode).toBe(415);
    expect(await countCode(code)).toBe(0);
    const user = await ctx.request({ method: 'GET', url: `/api/users/${victim.id}`, cookie });
    expect(user.json<{ active: boolean }>().active).toBe(true);
    // The same action without a body (as the app sends it) goes through.
    const done = await ctx.request({ method: 'POST', url: `/api/users/${victim.id}/deactivate`, cookie });
    expect(done.statusCode).toBe(200);
  });

  it('lets a safe GET through whatever its Origin', async () => {
    const { cookie } = await ctx.signedInAs(['Sales Officer']);
    const res = await ctx.request({
      method: 'GET',
      url: '/api/me',
      cookie,
      headers: { origin: FOREIGN },
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a sign-in from a foreign origin (better-auth checks its own routes) and creates no session', async () => {
    const user = await ctx.makeUser(['Admin']);
    const res = await ctx.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: FOREIGN },
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await countRows(ctx.handle.db, sessions, eq(sessions.userId, user.id))).toBe(0);
  });

  it('refuses a sign-out from a foreign origin and keeps the session', async () => {
    const { cookie, id } = await ctx.signedInAs(['Admin']);
    const res = await ctx.request({
      method: 'POST',
      url: '/api/auth/sign-out',
      cookie,
      headers: { origin: FOREIGN },
    });
    expect(res.statusCode).toBe(403);
    expect(await countRows(ctx.handle.db, sessions, eq(sessions.userId, id))).toBe(1);
    expect((await ctx.request({ method: 'GET', url: '/api/me', cookie })).statusCode).toBe(200);
  });
});

describe('errors, health, headers and docs', () => {
  it.each([
    ['GET', '/api/nope'],
    ['POST', '/api/nope/deeper'],
    ['PUT', '/api/users'],
  ] as const)('%s %s → 404 with a JSON error body', async (method, url) => {
    const res = await ctx.request({ method, url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({
      error: {
        code: 'NOT_FOUND',
        message: `No such endpoint: ${method} ${url}`,
      },
    });
  });

  it('sends the security headers', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    // WebAssembly may be compiled (the camera scanner's barcode reader), JavaScript may not be eval'd.
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    // Over plain http: no upgrade of requests and no HSTS.
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('serves the OpenAPI document listing every route', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(doc.openapi).toMatch(/^3\./);
    for (const [path, method] of [
      ['/api/health', 'get'],
      ['/api/me', 'get'],
      ['/api/users', 'post'],
      ['/api/factories', 'post'],
      ['/api/activity-sessions', 'post'],
      ['/api/activity-sessions/{id}/ping', 'post'],
      ['/api/activity-sessions/{id}/end', 'post'],
    ] as const) {
      expect(doc.paths[path], path).toBeDefined();
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
  });
});

describe('the permission guard', () => {
  const secret = 'test-secret-'.padEnd(40, 'x');

  it('refuses to start with an API route that declares no permission', async () => {
    const { app } = await buildApp({
      db: ctx.handle.db,
      config: ctx.config,
      authSecret: secret,
    });
    try {
      expect(() => app.post('/api/x', async () => 'hi')).toThrow(/must declare config\.permission/);
      expect(() => app.get('/api/y/:id', async () => 'hi')).toThrow(/must declare config\.permission/);
      // Outside /api/ and under the public docs prefix no permission is needed.
      expect(() => app.get('/not-api', async () => 'hi')).not.toThrow();
      expect(() => app.get('/api/docs/extra', async () => 'hi')).not.toThrow();
    } finally {
      await app.close();
    }
  });

  it('also as a bare plugin on a plain Fastify', async () => {
    const app = Fastify();
    try {
      await app.register(guard, {
        resolveSession: async () => ({ status: 'none' }),
        publicPrefixes: [],
      });
      expect(() => app.post('/api/z', async () => 'hi')).toThrow(/must declare config\.permission/);
      expect(() => app.post('/api/z', { config: { permission: 'authenticated' } }, async () => 'hi')).not.toThrow();
    } finally {
      await app.close();
    }
  });

  it('enforces a route’s permission: 401 signed out, 403 without it, 200 with it', async () => {
    const { app } = await buildApp({
      db: ctx.handle.db,
      config: ctx.config,
      authSecret: secret,
    });
    try {
      app.get('/api/test-only', { config: { permission: 'steel-records' } }, async (request) => ({
        who: request.actor?.userId,
      }));
      app.get('/api/test-public', { config: { permission: 'public' } }, async (request) => ({ actor: request.actor }));
      await app.ready();

      const noSteel = await ctx.signedInAs(['Senior Production Manager']);
      const steel = await ctx.signedInAs(['Senior Production Supervisor']);

      const anonymous = await app.inject({
        method: 'GET',
        url: '/api/test-only',
      });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({
        error: { code: 'UNAUTHENTICATED' },
      });

      const forbidden = await app.inject({
        method: 'GET',
        url: '/api/test-only',
        headers: { cookie: noSteel.cookie },
      });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toMatchObject({
        error: {
          code: 'FORBIDDEN',
          message: expect.stringContaining('it needs Steel Records') as string,
        },
      });

      const allowed = await app.inject({
        method: 'GET',
        url: '/api/test-only',
        headers: { cookie: steel.cookie },
      });
      expect(allowed.statusCode).toBe(200);
      expect(allowed.json()).toEqual({ who: steel.id });

      const open = await app.inject({ method: 'GET', url: '/api/test-public' });
      expect(open.statusCode).toBe(200);
      expect(open.json()).toEqual({ actor: null });
    } finally {
      await app.close();
    }
  });
});

describe('a route permission of several permissions', () => {
  it('is held with any one of them and refused with none', () => {
    const ckd = new Set(['ckd-transfer'] as const);
    expect(holdsRoutePermission(ckd, ['ckd-transfer', 'transfer-ckd-to-factory'])).toBe(true);
    expect(holdsRoutePermission(ckd, ['steel-management', 'ckd-categories'])).toBe(false);
    expect(holdsRoutePermission(ckd, 'ckd-transfer')).toBe(true);
    expect(holdsRoutePermission(new Set(), 'authenticated')).toBe(true);
  });
});
