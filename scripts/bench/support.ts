/**
 * What the benchmarks share: the app on a scratch database, the six factories, a signed-in user,
 * an autocannon run with its figure line, the ok/MISSED verdict, a uuid[] parameter for the
 * seeders, and the query plans of a repository's own queries.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import autocannon from 'autocannon';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CreateUser } from '../../src/common/contracts/users';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { queryRows, type DatabaseHandle, type Executor } from '../../src/server/db/client';
import { createFactory } from '../../src/server/modules/factories/factories.service';
import { createUser } from '../../src/server/modules/users/users.service';
import { openScratchDatabase, type ScratchPGlite } from '../../src/server/test/test-database';

const PASSWORD = 'kiln-charcoal-ember-91';

export interface BenchApp {
  handle: DatabaseHandle;
  app: FastifyInstance;
  /** The listening address, e.g. http://127.0.0.1:41234. */
  base: string;
  /** Waits for autocannon's last requests (settle), then closes the app and the database. */
  close(): Promise<void>;
}

/**
 * The app in production mode on a scratch database (in-memory PGlite, or a new database on the
 * PostgreSQL server at databaseUrl), sign-in rate limit out of the way, serving the built web client, listening on
 * a free port of 127.0.0.1. `beforeListen` may add hooks (Fastify refuses them once listening).
 */
export async function startBenchApp(
  databaseUrl?: string,
  beforeListen?: (app: FastifyInstance) => void,
  /** Where and how PGlite runs, instead of BENCH_PGLITE_DIR and PGLITE_FSYNC (the durability bench). */
  pglite: Pick<ScratchPGlite, 'folderIn' | 'fsync'> = {},
): Promise<BenchApp> {
  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: '0',
    SIGN_IN_RATE_LIMIT_PER_MINUTE: '100000',
    // run.ts has just built it: browser measurements load the real client.
    WEB_DIST_DIR: './dist/web',
    PGLITE_SHARED_BUFFERS: process.env.PGLITE_SHARED_BUFFERS,
    PGLITE_FSYNC: process.env.PGLITE_FSYNC,
  });
  // The server's buffer cache (PGLITE_SHARED_BUFFERS, default 512MB), not the tests' 128MB; in memory
  // unless BENCH_PGLITE_DIR names a folder to make the database in, with the server's PGLITE_FSYNC.
  const handle = await openScratchDatabase(databaseUrl, {
    sharedBuffers: config.pgliteSharedBuffers,
    folderIn: process.env.BENCH_PGLITE_DIR || undefined,
    fsync: config.pgliteFsync,
    ...pglite,
  });
  let app: FastifyInstance | undefined;
  try {
    ({ app } = await buildApp({ db: handle.db, config, authSecret: 'bench-secret'.padEnd(40, 'x') }));
    beforeListen?.(app);
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const listening = app;
    return {
      handle,
      app,
      base,
      async close() {
        await settle();
        await listening.close();
        await handle.close();
      },
    };
  } catch (error) {
    await app?.close();
    await handle.close();
    throw error;
  }
}

const FACTORIES = [
  { code: 'NBO', name: 'Nairobi Central Plant', kind: 'both' },
  { code: 'ELD', name: 'Eldoret Plant', kind: 'both' },
  { code: 'MSA', name: 'Mombasa Assembly', kind: 'assembly' },
  { code: 'KSM', name: 'Kisumu Assembly', kind: 'assembly' },
  { code: 'NKR', name: 'Nakuru Assembly', kind: 'assembly' },
  { code: 'THK', name: 'Thika Assembly', kind: 'assembly' },
] as const;

/** The benchmarks' six factories (two plants, four assembly factories); their ids: NBO, ELD, MSA, KSM, NKR, THK. */
export async function createBenchFactories(handle: DatabaseHandle): Promise<string[]> {
  const ids: string[] = [];
  for (const f of FACTORIES) ids.push((await createFactory(handle.db, null, { ...f })).id);
  return ids;
}

/** A uuid[] of the seeders' ids, bound as one parameter. */
export const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the queries each case runs (BENCH_EXPLAIN=1), printed under its label, to find
 * the cause when a target is missed: the case runs the app's own repository code on an executor
 * that explains each query it is given, then runs it.
 */
export async function printQueryPlans(
  db: Executor,
  cases: [string, (explaining: Executor) => Promise<unknown>][],
): Promise<void> {
  const plans: string[] = [];
  const explaining = {
    execute: async (query: SQL) => {
      const rows = await queryRows<{ 'QUERY PLAN': string }>(db, sql`explain (analyze, buffers) ${query}`);
      plans.push(rows.map((r) => `     ${r['QUERY PLAN']}`).join('\n'));
      // Answered as well: what the repository asks next may depend on it.
      return { rows: await queryRows(db, query) };
    },
  } as unknown as Executor;
  for (const [label, run] of cases) {
    plans.length = 0;
    await run(explaining);
    console.log(`\n  -- ${label}\n${plans.join('\n')}`);
  }
}

/** Waits a second: autocannon returns when its time is up, with its last requests still out. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 1_000));
}

/** A bench user: as POST /api/users takes it, the password optional (a fixed bench password). */
export type BenchUser = Omit<CreateUser, 'password'> & { password?: string };

/** Creates the user and signs in by email; returns the user's id and the session cookie (`name=value`). */
export async function signInAs(bench: BenchApp, user: BenchUser): Promise<{ id: string; cookie: string }> {
  const password = user.password ?? PASSWORD;
  const { id } = await createUser(bench.handle.db, null, { ...user, password });
  const res = await fetch(`${bench.base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: bench.base },
    body: JSON.stringify({ email: user.email, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie()[0]?.split(';')[0];
  if (!cookie) throw new Error('no session cookie');
  return { id, cookie };
}

/** GET with the session cookie; throws unless 2xx. */
export async function getJson<T>(url: string, cookie: string): Promise<T> {
  const res = await fetch(url, { headers: { cookie } });
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** 'ok', or 'MISSED (target …)' with the target as given (e.g. 'p99 ≤ 50 ms'). */
export function verdict(ok: boolean, target: string): string {
  return ok ? 'ok' : `MISSED (target ${target})`;
}

interface LoadOptions {
  seconds: number;
  /** Default 10. */
  connections?: number;
  /** Without one the line has no verdict. */
  targetP99Ms?: number;
  /** Printed in brackets after the figures, e.g. what the first response held. */
  note?: string;
}

/**
 * GETs url with autocannon and prints one line: label, p50, p99, req/s, [note], failures, verdict;
 * returns the requests per second.
 * `workers: 1`: the load is generated on a worker thread, not on the server's event loop.
 */
export async function loadTest(
  label: string,
  url: string,
  cookie: string,
  { seconds, connections = 10, targetP99Ms, note }: LoadOptions,
): Promise<{ requestsPerSecond: number }> {
  const r = await profiled(label, () =>
    autocannon({ url, connections, duration: seconds, headers: { cookie }, workers: 1 }),
  );
  const failed = r.non2xx + r.errors + r.timeouts;
  const ms = (value: number) => `${String(value).padStart(3)} ms`;
  console.log(
    `  ${label.padEnd(34)} p50 ${ms(r.latency.p50)}, p99 ${ms(r.latency.p99)}, ` +
      `${String(Math.round(r.requests.average)).padStart(5)} req/s` +
      `${note ? `  [${note}]` : ''}${failed ? `, ${failed} failed` : ''}` +
      `${targetP99Ms === undefined ? '' : `  ${verdict(r.latency.p99 <= targetP99Ms, `p99 ≤ ${targetP99Ms} ms`)}`}`,
  );
  return { requestsPerSecond: r.requests.average };
}

/**
 * With BENCH_CPU_PROFILE=<dir>: `run` under the V8 profiler of this (the server's) thread, saved as
 * <dir>/<label>.cpuprofile (open it in Chrome DevTools), to see where a request's time goes when a
 * target is missed. The load generator runs on its own thread and is not in it.
 */
async function profiled<T>(label: string, run: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_CPU_PROFILE;
  if (!dir) return run();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${dir}/${label.replace(/[^\w.-]+/g, '_')}.cpuprofile`, JSON.stringify(profile));
    session.disconnect();
  }
}

/** Load on url that prints nothing (caches, JIT, query plans), on a worker thread as loadTest's. */
export async function warmUp(url: string, cookie: string, seconds: number, connections = 10): Promise<void> {
  await autocannon({ url, connections, duration: seconds, headers: { cookie }, workers: 1 });
}
