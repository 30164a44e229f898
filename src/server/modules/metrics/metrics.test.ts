/**
 * GET /metrics: off (404) without METRICS_TOKEN; with it, 401 without the right bearer token and
 * Prometheus's text with the right one: requests by route pattern, method and status, database
 * statements, the embedded database's queue (PGlite), open live streams, signed-in sessions, the
 * last backup from the source a backup module registers, and the process's own metrics.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type ErrorBody, type TestContext } from '../../test/test-app';
import { bearerMatches, sqlOperation } from './metrics.service';

const TOKEN = 'metrics-token-for-tests-0123456789';

interface Sample {
  labels: Record<string, string>;
  value: number;
}

/** The samples of one metric in Prometheus's text format, with their labels. */
function samples(text: string, name: string): Sample[] {
  const found: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const labels: Record<string, string> = {};
    for (const [, key = '', value = ''] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key] = value;
    found.push({ labels, value: Number(match[3]) });
  }
  return found;
}

/** The value of the one sample of `name` whose labels include `labels`. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  return samples(text, name).find((s) => Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;
}

describe('sqlOperation and bearerMatches', () => {
  it('labels a statement by its first keyword, the uncommon ones as other', () => {
    expect(sqlOperation('select 1')).toBe('select');
    expect(sqlOperation('  INSERT into t values (1)')).toBe('insert');
    expect(sqlOperation('begin')).toBe('begin');
    expect(sqlOperation('with x as (select 1) select * from x')).toBe('other');
    expect(sqlOperation('')).toBe('other');
  });

  it('accepts exactly `Bearer <token>`', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
    expect(bearerMatches('Bearer ', TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN}x`, TOKEN)).toBe(false);
    expect(bearerMatches(`Basic ${TOKEN}`, TOKEN)).toBe(false);
    expect(bearerMatches(TOKEN, TOKEN)).toBe(false);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('answers 404 as an unknown address does, even with a token, and keeps no metrics', async () => {
    const res = await ctx.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
    expect(res.json<ErrorBody>().error).toEqual({ code: 'NOT_FOUND', message: 'No such endpoint: GET /metrics' });
    expect(ctx.metrics).toBeNull();
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let ctx: TestContext;
  const scrape = async () => {
    const res = await ctx.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    ctx = await createTestContext({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => ctx.close());

  it('answers 401 without the header, with a wrong token or another scheme', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Basic ${TOKEN}`]) {
      const res = await ctx.request({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.json<ErrorBody>().error.code).toBe('UNAUTHENTICATED');
      expect(res.body).not.toContain('stove_');
    }
  });

  it("answers Prometheus's text format with every metric named", async () => {
    const res = await ctx.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    for (const name of [
      'stove_http_request_duration_seconds',
      'stove_db_query_duration_seconds',
      'stove_live_streams',
      'stove_active_sessions',
      'stove_last_backup_timestamp_seconds',
      'stove_last_backup_age_seconds',
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
    ]) {
      expect(res.body, name).toContain(`# TYPE ${name} `);
    }
  });

  it('counts requests by route pattern, method and status, never by the raw address', async () => {
    const admin = await ctx.signedInAs(['Admin']);
    const id = randomUUID();
    expect((await ctx.request({ method: 'GET', url: `/api/users/${id}`, cookie: admin.cookie })).statusCode).toBe(404);
    expect((await ctx.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await ctx.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await ctx.request({ method: 'GET', url: `/api/no-such-thing/${id}` })).statusCode).toBe(404);

    const text = await scrape();
    const count = 'stove_http_request_duration_seconds_count';
    expect(valueOf(text, count, { route: '/api/users/:id', method: 'GET', status: '404' })).toBe(1);
    expect(valueOf(text, count, { route: '/api/health', method: 'GET', status: '200' })).toBe(2);
    expect(valueOf(text, count, { route: 'unmatched', method: 'GET', status: '404' })).toBe(1);
    expect(valueOf(text, count, { route: '/api/auth/*', method: 'POST', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(id);
    const sum = valueOf(text, 'stove_http_request_duration_seconds_sum', { route: '/api/health', status: '200' });
    expect(sum).toBeGreaterThan(0);
  });

  it('times database statements, by kind', async () => {
    const text = await scrape();
    expect(valueOf(text, 'stove_db_query_duration_seconds_count', { operation: 'select' })).toBeGreaterThan(0);
    expect(valueOf(text, 'stove_db_query_duration_seconds_sum', { operation: 'select' })).toBeGreaterThan(0);
    // Signing in wrote a session.
    expect(valueOf(text, 'stove_db_query_duration_seconds_count', { operation: 'insert' })).toBeGreaterThan(0);
  });

  it("shows the embedded database's queue on PGlite only", async () => {
    const text = await scrape();
    const queue = valueOf(text, 'stove_db_queue_length');
    if (ctx.handle.kind === 'pglite') {
      expect(queue).toBeGreaterThanOrEqual(0);
    } else {
      expect(queue).toBeUndefined();
      expect(text).not.toContain('stove_db_queue_length');
    }
  });

  it('counts the signed-in sessions, not the ended ones', async () => {
    const before = valueOf(await scrape(), 'stove_active_sessions') ?? -1;
    const user = await ctx.signedInAs(['Sales Officer']);
    expect(valueOf(await scrape(), 'stove_active_sessions')).toBe(before + 1);
    const out = await ctx.request({ method: 'POST', url: '/api/auth/sign-out', cookie: user.cookie, payload: {} });
    expect(out.statusCode).toBe(200);
    expect(valueOf(await scrape(), 'stove_active_sessions')).toBe(before);
  });

  it('counts the open live streams', async () => {
    const user = await ctx.signedInAs(['Sales Officer']);
    const address = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const controller = new AbortController();
    try {
      expect(valueOf(await scrape(), 'stove_live_streams')).toBe(0);
      const res = await fetch(`${address}/api/live`, {
        headers: { cookie: user.cookie, accept: 'text/event-stream' },
        signal: controller.signal,
      });
      expect(res.status).toBe(200);
      expect(valueOf(await scrape(), 'stove_live_streams')).toBe(1);
      controller.abort();
      await expect.poll(async () => valueOf(await scrape(), 'stove_live_streams')).toBe(0);
    } finally {
      controller.abort();
    }
  });

  it('shows the last backup made, by any instance: its time and age; none before the first', async () => {
    let text = await scrape();
    expect(valueOf(text, 'stove_last_backup_timestamp_seconds')).toBeUndefined();
    expect(valueOf(text, 'stove_last_backup_age_seconds')).toBeUndefined();
    const made = new Date(Math.floor(Date.now() / 1000) * 1000 - 7200_000);
    await ctx.handle.db.execute(
      sql`insert into backup_runs (trigger, status, file_name, engine, schema_version, instance, progress, started_at, finished_at)
          values ('scheduled', 'succeeded', 'backup-metrics.sql.gz', 'pglite', 1, 'other:1', 1, ${made}, ${made})`,
    );
    text = await scrape();
    expect(valueOf(text, 'stove_last_backup_timestamp_seconds')).toBe(made.getTime() / 1000);
    expect(valueOf(text, 'stove_last_backup_age_seconds')).toBeGreaterThanOrEqual(7200);

    let last: Date | null = null;
    let reads = 0;
    ctx.metrics!.setBackupSource(async () => {
      reads++;
      return last;
    });
    text = await scrape();
    expect(valueOf(text, 'stove_last_backup_timestamp_seconds')).toBeUndefined();

    last = new Date(Date.now() - 3600_000);
    reads = 0;
    text = await scrape();
    expect(reads).toBe(1);
    expect(valueOf(text, 'stove_last_backup_timestamp_seconds')).toBe(last.getTime() / 1000);
    const age = valueOf(text, 'stove_last_backup_age_seconds') ?? 0;
    expect(age).toBeGreaterThanOrEqual(3600);
    expect(age).toBeLessThan(3660);

    ctx.metrics!.setBackupSource(() => Promise.reject(new Error('backup table unreadable')));
    text = await scrape();
    expect(valueOf(text, 'stove_last_backup_timestamp_seconds')).toBeUndefined();
  });
});
