/** Test factories: an app on a fresh database, factories, users of any group, signed-in cookies. */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Group } from '../../common/permissions';
import { buildApp, type App, type BuildAppOptions } from '../app';
import { loadConfig, type Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import { factories } from '../db/schema/core';
import { createFactory } from '../modules/factories/factories.service';
import { createUser } from '../modules/users/users.service';
import { openTestDatabase } from './test-database';

export const TEST_ORIGIN = 'http://localhost:3000';
export const TEST_PASSWORD = 'correct-horse-battery';

/** An API error's body (ARCHITECTURE.md convention 9) as tests read it. */
export interface ErrorBody {
  error: {
    code: string;
    message: string;
    details?: { fieldErrors?: Record<string, string[]>; problems?: { code: string; reason: string }[] };
  };
}

/** A user made by signedInAs: their id, email and session cookie. */
export interface SignedInUser {
  id: string;
  email: string;
  cookie: string;
}

export interface TestContext extends App {
  handle: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
  /** app.inject with our origin and, when given, a session cookie. */
  request(options: InjectOptions & { cookie?: string }): Promise<LightMyRequestResponse>;
  /** A new factory (active unless `active: false`). */
  makeFactory(
    overrides?: Partial<{ name: string; code: string; kind: 'plant' | 'assembly' | 'both'; active: boolean }>,
  ): Promise<{ id: string; code: string }>;
  makeUser(
    groups: Group[],
    options?: { factoryId?: string | null; email?: string; name?: string },
  ): Promise<{ id: string; email: string }>;
  signIn(email: string, password?: string): Promise<string>;
  /** A new user of these groups, signed in: their cookie and id. */
  signedInAs(groups: Group[], options?: { factoryId?: string | null }): Promise<SignedInUser>;
}

export async function createTestContext(
  env: Record<string, string> = {},
  options: { logger?: BuildAppOptions['logger'] } = {},
): Promise<TestContext> {
  const handle = await openTestDatabase();
  // Each context's backups in a folder of its own, removed on close.
  const backupDir = await mkdtemp(join(tmpdir(), 'stove-test-backups-'));
  const filesDir = await mkdtemp(join(tmpdir(), 'stove-test-files-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: TEST_ORIGIN,
    SIGN_IN_RATE_LIMIT_PER_MINUTE: '10000',
    WEB_DIST_DIR: '/nonexistent',
    BACKUP_DIR: backupDir,
    FILES_DIR: filesDir,
    ...env,
  });
  const { app, auth, backups, mail, metrics, notificationJobs } = await buildApp({
    db: handle.db,
    handle,
    config,
    authSecret: 'test-secret-'.padEnd(40, 'x'),
    ...options,
  });
  await app.ready();

  const request: TestContext['request'] = ({ cookie, headers, ...rest }) =>
    app.inject({ ...rest, headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}), ...headers } });

  let counter = 0;
  const ctx: TestContext = {
    app,
    auth,
    backups,
    mail,
    metrics,
    notificationJobs,
    handle,
    config,
    request,
    async close() {
      await app.close();
      await handle.close();
      await rm(backupDir, { recursive: true, force: true });
      await rm(filesDir, { recursive: true, force: true });
    },
    async makeFactory(overrides = {}) {
      counter++;
      const code =
        overrides.code ??
        `F${counter}${randomUUID()
          .slice(0, 4)
          .toUpperCase()
          .replace(/[^A-Z0-9]/g, 'X')}`;
      const f = await createFactory(handle.db, null, {
        name: overrides.name ?? `Factory ${code}`,
        code,
        kind: overrides.kind ?? 'assembly',
      });
      if (overrides.active === false)
        await handle.db.update(factories).set({ active: false }).where(eq(factories.id, f.id));
      return { id: f.id, code: f.code };
    },
    async makeUser(groups, options = {}) {
      const email = options.email ?? `user-${randomUUID()}@example.com`;
      const u = await createUser(handle.db, null, {
        email,
        name: options.name ?? `Test ${groups.join(' & ')}`,
        password: TEST_PASSWORD,
        groups,
        factoryId: options.factoryId ?? null,
      });
      return { id: u.id, email: u.email };
    },
    async signIn(email, password = TEST_PASSWORD) {
      const res = await request({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
      const setCookie = res.headers['set-cookie'];
      const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
      if (!first) throw new Error('sign-in set no cookie');
      return first.split(';')[0] ?? '';
    },
    async signedInAs(groups, options = {}) {
      const user = await ctx.makeUser(groups, options);
      return { ...user, cookie: await ctx.signIn(user.email) };
    },
  };
  return ctx;
}
