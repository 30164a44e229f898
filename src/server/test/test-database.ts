/**
 * A fresh, migrated database per test file: in-memory PGlite by default, or a
 * new database on the PostgreSQL server named by TEST_DATABASE_URL. Under vitest each starts as a
 * copy of the one that pglite-template.setup.ts or postgres-template.setup.ts migrated (named by the variables below); elsewhere (the
 * benchmarks) it is migrated here.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { databaseOnThread, openDatabase, type DatabaseHandle } from '../db/client';
import { applyMigrations } from '../db/migrations';
import { PGliteThread } from '../db/pglite-thread';

/** The file of a migrated PGlite data folder, which an in-memory database starts from. */
export const PGLITE_TEMPLATE_ENV = 'TEST_PGLITE_TEMPLATE';
/** A migrated database on the TEST_DATABASE_URL server, which new databases are copied from. */
export const POSTGRES_TEMPLATE_ENV = 'TEST_POSTGRES_TEMPLATE';
/**
 * Set in the PGlite project when the PostgreSQL project runs in the same run: a test that crosses
 * both engines there (backup-restore.test.ts) need not also run its PGlite-only form.
 */
export const POSTGRES_PROJECT_ENV = 'TEST_POSTGRES_PROJECT';

/**
 * Fills a new PGlite data folder from the migrated template, as a first start would leave it, so
 * that a child server started on it skips initdb and the migrations.
 */
export async function migratedDataDir(dataDir: string): Promise<void> {
  const handle = await openDatabase({ dataDir, loadFrom: process.env[PGLITE_TEMPLATE_ENV] });
  try {
    await handle.migrate();
  } finally {
    await handle.close();
  }
}

/**
 * A test file's database, as migrated and nothing else. On PGlite under vitest it is this worker's
 * one database (`leasePGlite`), emptied again, rather than a new one.
 */
export function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = process.env[PGLITE_TEMPLATE_ENV];
  if (!serverUrl && template) return leasePGlite(template);
  return openScratchDatabase(serverUrl);
}

/** An in-memory PGlite a worker keeps between test files, with what brings it back to its start. */
interface KeptPGlite {
  thread: PGliteThread;
  /** SQL that empties every table, puts the template's rows back and its sequences where they were. */
  reset: string;
  /** `schemaFingerprint` at the start: a file that changed the schema leaves a different one. */
  fingerprint: string;
}

/**
 * The worker's database between two test files (vitest's workers run one file at a time). On
 * globalThis: vitest evaluates this module again for each file.
 */
const kept = globalThis as { keptTestPGlite?: KeptPGlite | undefined };

/**
 * Starting PGlite from the template takes about a second; emptying its tables about a tenth.
 * So a vitest worker keeps its in-memory database between files: each file leases it, reset to the
 * template, and its close gives it back unless the file changed the schema (a migration, a
 * restore), when it is closed for good. While one file holds it, another open gets a new one.
 * After close the lease refuses statements, as a closed database does.
 */
async function leasePGlite(template: string): Promise<DatabaseHandle> {
  let lease = kept.keptTestPGlite;
  kept.keptTestPGlite = undefined;
  if (lease) {
    try {
      await lease.thread.exec(lease.reset);
    } catch {
      await lease.thread.close().catch(() => undefined);
      lease = undefined;
    }
  }
  lease ??= await keepPGlite(template);
  const { thread } = lease;
  let open = true;
  const closed = () => Promise.reject(new Error('The database is closed.'));
  // The thread's methods, refused once this lease is closed.
  const leased = new Proxy(thread, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]): unknown => (open ? (Reflect.apply(value, target, args) as unknown) : closed());
    },
  });
  const db = databaseOnThread(leased);
  return {
    db,
    kind: 'pglite',
    migrate: (folder) => applyMigrations(db, folder),
    async close() {
      if (!open) return;
      open = false;
      // After every statement already sent.
      const fingerprint = await schemaFingerprint(thread).catch(() => null);
      if (fingerprint === lease.fingerprint && !kept.keptTestPGlite) kept.keptTestPGlite = lease;
      else await thread.close().catch(() => undefined);
    },
  };
}

async function keepPGlite(template: string): Promise<KeptPGlite> {
  const thread = await PGliteThread.create('memory://', { loadFrom: template });
  try {
    return { thread, reset: await resetStatements(thread), fingerprint: await schemaFingerprint(thread) };
  } catch (error) {
    await thread.close();
    throw error;
  }
}

/** Counts and highest ids of the catalogs a change of schema adds to, and the migrations applied. */
async function schemaFingerprint(thread: PGliteThread): Promise<string> {
  const { rows } = await thread.query<{ fingerprint: string }>(
    `select concat_ws(',',
       (select count(*) from pg_class), (select max(oid)::int8 from pg_class),
       (select count(*) from pg_attribute), (select count(*) from pg_constraint),
       (select count(*) from pg_proc), (select max(oid)::int8 from pg_proc),
       (select count(*) from pg_trigger), (select count(*) from pg_type),
       (select count(*) from drizzle.__drizzle_migrations)) as fingerprint`,
  );
  return rows[0]?.fingerprint ?? '';
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * The reset of a database as it is now (the template), triggers off (the rules that refuse
 * deleting history guard a factory's data, not a test's): truncate every table of public, insert
 * the rows it holds now again, and set each sequence back.
 */
async function resetStatements(thread: PGliteThread): Promise<string> {
  const { rows: tables } = await thread.query<{ name: string }>(
    `select quote_ident(relname) as name from pg_class
      where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') order by relname`,
  );
  const statements = [
    'reset all',
    'select pg_advisory_unlock_all()',
    'set session_replication_role = replica',
    `truncate table ${tables.map((t) => `public.${t.name}`).join(', ')} restart identity cascade`,
  ];
  for (const { name } of tables) {
    const { rows } = await thread.query<{ rows: string | null }>(
      `select json_agg(t)::text as rows from public.${name} t`,
    );
    const json = rows[0]?.rows;
    if (!json) continue;
    const { rows: columns } = await thread.query<{ name: string }>(
      `select attname as name from pg_attribute
        where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
      [`public.${name}`],
    );
    const list = columns.map((c) => quoted(c.name)).join(', ');
    statements.push(
      `insert into public.${name} (${list}) overriding system value
         select ${list} from json_populate_recordset(null::public.${name}, ${literal(json)})`,
    );
  }
  statements.push('set session_replication_role = default');
  const { rows: sequences } = await thread.query<{ name: string; start: string; last: string | null }>(
    `select quote_ident(sequencename) as name, start_value::text as start, last_value::text as last
       from pg_sequences where schemaname = 'public'`,
  );
  for (const q of sequences)
    statements.push(
      q.last === null
        ? `select setval('public.${q.name}', ${q.start}, false)`
        : `select setval('public.${q.name}', ${q.last}, true)`,
    );
  return statements.join(';\n');
}

/** The handle, whose close also runs cleanup (removes the folder, drops the database). */
function closingAlso(handle: DatabaseHandle, cleanup: () => Promise<unknown>): DatabaseHandle {
  return {
    ...handle,
    async close() {
      await handle.close();
      await cleanup();
    },
  };
}

/** How a scratch PGlite database is opened (the benchmarks pass the server's settings). */
export interface ScratchPGlite {
  /** PGlite's own 128MB when undefined. */
  sharedBuffers?: string | undefined;
  /** In a new folder inside this one, removed on close, as the server keeps its DATA_DIR; else in memory. */
  folderIn?: string | undefined;
  /** fsync passed through to the folder's files (PGLITE_FSYNC). */
  fsync?: boolean;
}

/**
 * A new database dropped again on close: on the PostgreSQL server at serverUrl, else PGlite in
 * memory, or in a folder when `pglite.folderIn` says where.
 */
export async function openScratchDatabase(
  serverUrl: string | undefined,
  pglite: ScratchPGlite = {},
): Promise<DatabaseHandle> {
  if (!serverUrl) {
    const loadFrom = process.env[PGLITE_TEMPLATE_ENV];
    const dataDir = pglite.folderIn ? await mkdtemp(join(pglite.folderIn, 'scratch-')) : 'memory://';
    const handle = await openDatabase({ dataDir, sharedBuffers: pglite.sharedBuffers, loadFrom, fsync: pglite.fsync });
    // Nothing is left to apply to a copy of the migrated template; the check costs one query.
    await handle.migrate();
    if (!pglite.folderIn) return handle;
    return closingAlso(handle, () => rm(dataDir, { recursive: true, force: true }));
  }
  const scratch = await createScratchDatabase(serverUrl);
  const handle = await openDatabase({ url: scratch.url, poolSize: 12 });
  await handle.migrate();
  return closingAlso(handle, () => scratch.drop());
}

/**
 * An empty database, not even migrated (what a restore starts from), dropped again on close: PGlite
 * in a new folder, or a new database on the PostgreSQL server at serverUrl.
 */
export async function openEmptyDatabase(
  serverUrl: string | undefined,
  pglite: Pick<ScratchPGlite, 'sharedBuffers'> = {},
): Promise<DatabaseHandle> {
  if (!serverUrl) {
    const dataDir = await mkdtemp(join(tmpdir(), 'stove-empty-'));
    const handle = await openDatabase({ dataDir, sharedBuffers: pglite.sharedBuffers });
    return closingAlso(handle, () => rm(dataDir, { recursive: true, force: true }));
  }
  const scratch = await createScratchDatabase(serverUrl, 'empty', { empty: true });
  const handle = await openDatabase({ url: scratch.url, poolSize: 4 });
  return closingAlso(handle, () => scratch.drop());
}

/**
 * A new database on the PostgreSQL server at serverUrl (under vitest, a copy of the migrated
 * template unless `empty`), named `<prefix>_<time>_<random>`: its URL, and `drop` to remove it,
 * closing what is still connected to it.
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix = 'test',
  { empty = false } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const onServer = async (statement: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  const template = empty ? undefined : process.env[POSTGRES_TEMPLATE_ENV];
  await onServer(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`drop database if exists ${name} with (force)`) };
}
