/**
 * Opens the database: PGlite in DATA_DIR by default, on its own worker thread (pglite-thread.ts),
 * or a PostgreSQL pool with DATABASE_URL.
 */
import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { applyMigrations } from './migrations';
import { PGliteThread, type StatementTimer } from './pglite-thread';
import * as authSchema from './schema/auth';
import * as communicationSchema from './schema/communication';
import * as coreSchema from './schema/core';
import * as filesSchema from './schema/files';
import * as operationsSchema from './schema/operations';
import * as inventorySchema from './schema/inventory';
import * as partnersSchema from './schema/partners';
import * as productionSchema from './schema/production';
import * as salesOrdersSchema from './schema/sales-orders';
import * as salesSchema from './schema/sales';
import * as stoveIdsSchema from './schema/stove-ids';

export const schema = {
  ...authSchema,
  ...coreSchema,
  ...partnersSchema,
  ...stoveIdsSchema,
  ...productionSchema,
  ...inventorySchema,
  ...salesSchema,
  ...salesOrdersSchema,
  ...communicationSchema,
  ...operationsSchema,
  ...filesSchema,
};
export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database: repositories accept either. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL: the connection string (a backup's pg_dump and a restore connect with it). */
  url?: string;
  /**
   * Applies the migrations of drizzle/ (or of folder) the database lacks, all in one transaction
   * (idempotent; serialized across instances on PostgreSQL); returns their names.
   * A failing one throws MigrationFailedError, and nothing is applied.
   */
  migrate(folder?: string): Promise<string[]>;
  close(): Promise<void>;
}

const MIGRATION_LOCK_KEY = 724_311_001;

export interface OpenDatabaseOptions {
  /** postgres://… → PostgreSQL; otherwise PGlite. */
  url?: string | undefined;
  /** PGlite data directory; `memory://` for an in-memory database. */
  dataDir?: string;
  poolSize?: number;
  /**
   * PGlite's buffer cache (PostgreSQL's shared_buffers, e.g. '512MB'); PGlite's own 128MB when
   * undefined. Pages past it are copied in from PGlite's file system on every read.
   */
  sharedBuffers?: string | undefined;
  /** PGlite: a file written by `PGliteThread.dumpTo` to start from (tests start from a migrated one). */
  loadFrom?: string | undefined;
  /** PGlite: fsync on, passed through to the files (PGLITE_FSYNC; decision 0010). */
  fsync?: boolean;
}

/**
 * A pg client class that times its statements: the pool opens its connections with it, so every
 * statement through the pool passes here, in a transaction or not (pg-pool's query calls
 * client.query with a callback, drizzle's transactions call it without and get a promise).
 */
function timedClient(timer: StatementTimer): typeof pg.Client {
  class TimedClient extends AnyQueryClient {
    override query(...args: unknown[]): unknown {
      const started = performance.now();
      const [config] = args;
      const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
      const done = () => timer(typeof text === 'string' ? text : '', (performance.now() - started) / 1000);
      const callback = args.at(-1);
      if (typeof callback === 'function') {
        args[args.length - 1] = (...answer: unknown[]) => {
          done();
          return Reflect.apply(callback, undefined, answer) as unknown;
        };
        return super.query(...args);
      }
      const result = super.query(...args);
      if (result instanceof Promise) void result.then(done, done);
      return result;
    }
  }
  return TimedClient as unknown as typeof pg.Client;
}

/** pg.Client as timedClient extends it: its query taking and answering whatever the caller gives and gets. */
const AnyQueryClient = pg.Client as unknown as new (config?: string | pg.ClientConfig) => {
  query(...args: unknown[]): unknown;
};

/** One timer that runs every timer of the set (as it is when a statement ends). */
function allOf(timers: Set<StatementTimer>): StatementTimer {
  return (sql, seconds) => {
    for (const timer of timers) timer(sql, seconds);
  };
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const timers = new Set<StatementTimer>();
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      Client: timedClient(allOf(timers)),
    });
    pool.on('error', () => {
      // An idle client lost its connection; the pool replaces it on next use.
    });
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    statementTimers.set(db, timers);
    return {
      db,
      kind: 'postgres',
      url: options.url,
      async migrate(folder) {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          return await applyMigrations(drizzlePg({ client, schema }), folder);
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }

  const dataDir = options.dataDir ?? './data';
  let unlock: () => Promise<void> = async () => undefined;
  if (!dataDir.startsWith('memory://')) {
    await mkdir(dataDir, { recursive: true });
    unlock = await lockDataDir(dataDir);
  }
  let client: PGliteThread;
  try {
    client = await PGliteThread.create(dataDir, {
      sharedBuffers: options.sharedBuffers,
      loadFrom: options.loadFrom,
      fsync: options.fsync,
    });
  } catch (error) {
    await unlock();
    throw error;
  }
  const db = databaseOnThread(client, timers);
  return {
    db,
    kind: 'pglite',
    migrate: (folder) => applyMigrations(db, folder),
    // A checkpoint first: every change is in the data files, not only in the write-ahead log.
    async close() {
      await client.query('checkpoint');
      await client.close();
      await unlock();
    },
  };
}

/**
 * The database over an embedded database's thread, whose statements are timed by timers
 * (`timeStatements`). A thread serves one such database at a time: the last one made over it gets
 * its statements' times.
 */
export function databaseOnThread(client: PGliteThread, timers = new Set<StatementTimer>()): Database {
  client.onStatement = allOf(timers);
  // drizzle's PGlite driver calls query and transaction, which the thread offers as PGlite does.
  const driver = client as unknown as PGlite;
  const db = drizzlePglite({ client: driver, schema }) as unknown as Database;
  embedded.set(db, client);
  statementTimers.set(db, timers);
  return db;
}

const embedded = new WeakMap<Database, PGliteThread>();

/**
 * The thread of an embedded database, for its in-process LISTEN; undefined on PostgreSQL.
 * One process owns an embedded database, and its transactions run one at a time.
 */
export function embeddedClient(db: Database): PGliteThread | undefined {
  return embedded.get(db);
}

const statementTimers = new WeakMap<Database, Set<StatementTimer>>();

/**
 * Times every statement of the database from its sending to its answer (the metrics' histogram):
 * on PostgreSQL each statement of the pool's connections (a wait for a free connection not
 * included), on PGlite each statement sent to its thread. Returns the function that stops it.
 */
export function timeStatements(db: Database, timer: StatementTimer): () => void {
  const timers = statementTimers.get(db);
  if (!timers) throw new Error('timeStatements: not a database opened by openDatabase');
  timers.add(timer);
  return () => timers.delete(timer);
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Runs raw SQL and returns its rows (node-postgres and PGlite both answer `{ rows }`). */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** Statement names by text (see queryPreparedRows); cleared past a bound, as the texts should be few. */
const statementNames = new Map<string, string>();
const STATEMENT_NAMES_MAX = 1000;

/**
 * queryRows as a named statement on PostgreSQL: each pooled connection parses the statement once,
 * and later runs send only its parameters (PostgreSQL may then also keep a generic plan). Its name
 * is a hash of its text, so a repository need not name it. Only for statements of a bounded
 * number of texts (values as parameters, a fixed set of shapes): each connection keeps every text
 * it has prepared until it closes. PGlite runs it as queryRows does (decision 0016).
 */
export async function queryPreparedRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const { session, dialect } = db as unknown as {
    session: {
      prepareQuery(
        q: { sql: string; params: unknown[] },
        f: undefined,
        name: string,
        array: boolean,
      ): { execute(): Promise<unknown> };
    };
    dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } };
  };
  const built = dialect.sqlToQuery(query);
  let name = statementNames.get(built.sql);
  if (name === undefined) {
    if (statementNames.size >= STATEMENT_NAMES_MAX) statementNames.clear();
    name = `s_${createHash('sha1').update(built.sql).digest('hex').slice(0, 24)}`;
    statementNames.set(built.sql, name);
  }
  const result: unknown = await session.prepareQuery(built, undefined, name, false).execute();
  return (result as { rows: T[] }).rows;
}

/**
 * What autovacuum does on a PostgreSQL server, for PGlite which has none: VACUUM reclaims dead
 * rows and marks pages all-visible (so counts can use index-only scans), ANALYZE refreshes the
 * planner's statistics.
 */
export async function vacuumAnalyze(db: Database): Promise<void> {
  await db.execute(sql`vacuum (analyze)`);
}
