/**
 * The server's Prometheus metrics, served by GET /metrics (metrics.routes.ts) when METRICS_TOKEN is
 * set. They live on a registry of this app's own, not prom-client's global one, so the several apps
 * a test process builds never collide. What an operator watches:
 *
 * - `stove_http_request_duration_seconds{route,method,status}`: every request, by route pattern
 *   (`/api/stove-ids/:code`, never the raw URL; `unmatched` for unknown paths); `_count` counts them.
 * - `stove_db_query_duration_seconds{operation}`: every database statement (db/client.ts times them).
 * - `stove_db_queue_length`: embedded database (PGlite) only, its statements waiting or running.
 * - `stove_live_streams`, `stove_active_sessions`: open live streams, signed-in sessions.
 * - `stove_last_backup_timestamp_seconds`, `stove_last_backup_age_seconds`: the last backup made by
 *   any instance (backup_runs), through the source app.ts gives `setBackupSource`; no sample before
 *   the first.
 * - prom-client's default process metrics: CPU, memory, handles, garbage collection, and event-loop
 *   lag (`nodejs_eventloop_lag_seconds`, and its percentiles from monitorEventLoopDelay).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { INACTIVITY_TIMEOUT_MS } from '../../../common/constants';
import { countActiveSessions } from '../../auth/sessions.repository';
import { embeddedClient, timeStatements, type Database } from '../../db/client';

/** When the last backup succeeded; null while none has. Read at every scrape. */
export type BackupSource = () => Promise<Date | null>;

interface Logger {
  warn(obj: object, msg: string): void;
}

export interface MetricsOptions {
  db: Database;
  /** The live-update streams open on this instance. */
  liveStreams: () => number;
  log: Logger;
}

/** The route label of a request that matched no route (a 404, the web client's pages). */
export const UNMATCHED_ROUTE = 'unmatched';

const SQL_OPERATIONS = new Set(['select', 'insert', 'update', 'delete', 'begin', 'commit', 'rollback']);

/** A statement's first keyword when it is a common one, else `other`: a label of a few values. */
export function sqlOperation(sql: string): string {
  const word = /^\s*([a-z]+)/i.exec(sql)?.[1]?.toLowerCase();
  return word !== undefined && SQL_OPERATIONS.has(word) ? word : 'other';
}

/** Whether an Authorization header carries `Bearer <token>`, compared in constant time. */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1] ?? '';
  // Digests have one length whatever was sent, so the comparison takes the same time.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(token));
}

export class Metrics {
  readonly registry = new Registry();
  readonly #requests: Histogram<'route' | 'method' | 'status'>;
  readonly #stopTiming: () => void;
  #backupSource: BackupSource | null = null;
  /** One read of the backup source per scrape, shared by its two gauges. */
  #backupRead: Promise<Date | null> | null = null;

  constructor({ db, liveStreams, log }: MetricsOptions) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });

    this.#requests = new Histogram({
      name: 'stove_http_request_duration_seconds',
      help: 'HTTP requests by route pattern, method and status, and how long they took (a live stream: until it ended).',
      labelNames: ['route', 'method', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });

    const statements = new Histogram({
      name: 'stove_db_query_duration_seconds',
      help: 'Database statements by kind (select, insert, update, delete, begin, commit, rollback, other), from sending to answer.',
      labelNames: ['operation'] as const,
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.#stopTiming = timeStatements(db, (sql, seconds) =>
      statements.observe({ operation: sqlOperation(sql) }, seconds),
    );

    const thread = embeddedClient(db);
    if (thread) {
      this.registry.registerMetric(
        new Gauge({
          name: 'stove_db_queue_length',
          help: 'Embedded database (PGlite): statements sent to its thread and not yet answered, plus those waiting for the open transaction to end.',
          registers: [],
          collect() {
            this.set(thread.queueLength);
          },
        }),
      );
    }

    this.registry.registerMetric(
      new Gauge({
        name: 'stove_live_streams',
        help: 'Live-update streams (GET /api/live) open on this instance.',
        registers: [],
        collect() {
          this.set(liveStreams());
        },
      }),
    );

    this.registry.registerMetric(
      new Gauge({
        name: 'stove_active_sessions',
        help: 'Signed-in sessions now, in the whole database: not past their 12-hour expiry and active in the last 15 minutes.',
        registers: [],
        async collect() {
          const now = Date.now();
          try {
            this.set(await countActiveSessions(db, new Date(now - INACTIVITY_TIMEOUT_MS), new Date(now)));
          } catch (err) {
            log.warn({ err }, 'metrics: cannot count the active sessions');
            this.remove();
          }
        },
      }),
    );

    const lastBackup = () => this.#lastBackup(log);
    this.registry.registerMetric(
      new Gauge({
        name: 'stove_last_backup_timestamp_seconds',
        help: 'When the last successful backup finished (Unix time); no sample until one has.',
        registers: [],
        async collect() {
          const at = await lastBackup();
          if (at) this.set(at.getTime() / 1000);
          else this.remove();
        },
      }),
    );
    this.registry.registerMetric(
      new Gauge({
        name: 'stove_last_backup_age_seconds',
        help: 'Seconds since the last successful backup finished; no sample until one has.',
        registers: [],
        async collect() {
          const at = await lastBackup();
          if (at) this.set(Math.max(0, (Date.now() - at.getTime()) / 1000));
          else this.remove();
        },
      }),
    );
  }

  /**
   * Where the backup module plugs in: a function answering when the last backup succeeded (null
   * while none has), read at each scrape, e.g. in app.ts
   * `metrics?.setBackupSource(() => lastSuccessfulBackupAt(db))`.
   */
  setBackupSource(source: BackupSource): void {
    this.#backupSource = source;
  }

  #lastBackup(log: Logger): Promise<Date | null> {
    const source = this.#backupSource;
    if (!source) return Promise.resolve(null);
    this.#backupRead ??= Promise.resolve()
      .then(source)
      .catch((err: unknown) => {
        log.warn({ err }, 'metrics: cannot read the last backup time');
        return null;
      })
      .finally(() => (this.#backupRead = null));
    return this.#backupRead;
  }

  /** Counts a request that ended; `route` is its pattern, undefined when it matched none. */
  observeRequest(route: string | undefined, method: string, status: number, seconds: number): void {
    this.#requests.observe({ route: route ?? UNMATCHED_ROUTE, method, status: String(status) }, seconds);
  }

  /** The metrics in Prometheus's text format. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** Stops timing the database's statements (the app closes). */
  close(): void {
    this.#stopTiming();
  }
}
