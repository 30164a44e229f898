/**
 * A backup's file: the database as a gzipped plain SQL dump, the format `pg_dump` writes and
 * `psql` reads (`gunzip -c FILE | psql DATABASE`), made without stopping the application.
 * - PGlite: a copy of the data folder (PGliteThread.snapshotTo, the only moment the database waits)
 *   is dumped by a worker thread (backup-worker.mjs) while the database goes on serving.
 * - PostgreSQL: the server's own `pg_dump` (PostgreSQL's client tools, of the server's major
 *   version or newer), which reads one consistent snapshot while the server goes on serving.
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Worker } from 'node:worker_threads';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { embeddedClient, queryRows, type DatabaseHandle } from './client';

/** What backup-worker.mjs is started with. */
export interface BackupWorkerData {
  /** A folder written by PGliteThread.snapshotTo. */
  snapshotDir: string;
  /** The .sql.gz file to write. */
  file: string;
  /** Comment lines written first. */
  header: string;
}

export type FromBackupWorker =
  { op: 'progress'; progress: number; step: string } | { op: 'done' } | { op: 'failed'; message: string };

export interface DumpProgress {
  /** 0 to 1. */
  progress: number;
  /** What it is doing, in words: 'Copying stove_ids'. */
  step: string;
}

export interface DumpOptions {
  /** The .sql.gz file to write (replaced if it exists). */
  file: string;
  /** The comment lines the file starts with (each line starting with `--`). */
  header: string;
  onProgress?: (progress: DumpProgress) => void;
  /** Stops the dump (the promise rejects): the server is stopping. */
  signal?: AbortSignal;
}

export class DumpError extends Error {}

/** What a dump reads: the database, its engine and, for PostgreSQL, its connection string. */
export type DumpSource = Pick<DatabaseHandle, 'db' | 'kind' | 'url'>;

export async function dumpDatabase(handle: DumpSource, options: DumpOptions): Promise<void> {
  if (handle.kind === 'pglite') return dumpEmbedded(handle, options);
  if (!handle.url) throw new DumpError('The PostgreSQL connection string is missing.');
  return dumpServer(handle, handle.url, options);
}

async function dumpEmbedded(handle: DumpSource, options: DumpOptions): Promise<void> {
  const thread = embeddedClient(handle.db);
  if (!thread) throw new DumpError('Not an embedded database.');
  // Beside the backup (its storage is sized for backups), not in /tmp: it is as large as the database.
  const snapshotDir = await mkdtemp(join(dirname(options.file), '.snapshot-'));
  try {
    options.onProgress?.({ progress: 0, step: 'Copying the data folder' });
    await thread.snapshotTo(snapshotDir);
    const workerData: BackupWorkerData = { snapshotDir, file: options.file, header: options.header };
    const worker = new Worker(new URL('./backup-worker.mjs', import.meta.url), { workerData });
    await new Promise<void>((resolve, reject) => {
      const abort = () => {
        reject(new DumpError('The backup was stopped: the server is shutting down.'));
        void worker.terminate();
      };
      options.signal?.addEventListener('abort', abort, { once: true });
      const settle = (error?: Error) => {
        options.signal?.removeEventListener('abort', abort);
        if (error) reject(error);
        else resolve();
      };
      worker.on('message', (message: FromBackupWorker) => {
        if (message.op === 'progress') options.onProgress?.({ progress: message.progress, step: message.step });
        else if (message.op === 'done') settle();
        else settle(new DumpError(message.message));
      });
      worker.on('error', (error) => settle(error));
      worker.on('exit', (code) => settle(new DumpError(`The backup thread stopped (exit ${code}).`)));
    });
    await worker.terminate();
  } finally {
    await rm(snapshotDir, { recursive: true, force: true });
  }
}

/** pg_dump's "dumping contents of table "public.stove_ids"", in its -v output. */
const DUMPING_TABLE = /dumping contents of table "?([^"\s]+)"?/;

async function dumpServer(handle: DumpSource, url: string, options: DumpOptions): Promise<void> {
  // Each table's share of the work, for the progress (pg_dump -v names each table as it starts it).
  const sizes = await queryRows<{ name: string; weight: number }>(
    handle.db,
    sql`select n.nspname || '.' || c.relname as name, pg_relation_size(c.oid)::float8 + 8192 as weight
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
           and n.nspname not like 'pg\\_%'`,
  );
  const weights = new Map(sizes.map((s) => [s.name, s.weight]));
  const total =
    Math.max(
      sizes.reduce((sum, s) => sum + s.weight, 0),
      1,
    ) * 1.1;
  let done = total * 0.05;
  let current = 0;

  // The connection through libpq's environment, not the command line (other users could read it there).
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PGHOST: decodeURIComponent(u.hostname) || 'localhost',
    PGPORT: u.port || '5432',
    PGDATABASE: decodeURIComponent(u.pathname.slice(1)) || 'postgres',
    PGUSER: decodeURIComponent(u.username) || process.env.PGUSER,
    PGPASSWORD: u.password ? decodeURIComponent(u.password) : process.env.PGPASSWORD,
    PGSSLMODE: u.searchParams.get('sslmode') ?? process.env.PGSSLMODE,
    PGAPPNAME: 'stove-back-office backup',
  };
  options.onProgress?.({ progress: 0, step: 'Writing the schema' });
  const child = spawn('pg_dump', ['--no-owner', '--no-privileges', '--verbose'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => {
    stderr = (stderr + text).slice(-4000);
    for (const line of text.split('\n')) {
      const table = DUMPING_TABLE.exec(line)?.[1];
      if (!table) continue;
      done += current;
      current = weights.get(table) ?? 0;
      options.onProgress?.({ progress: done / total, step: `Copying ${table.split('.').pop() ?? table}` });
    }
  });
  const exited = new Promise<number>((resolve, reject) => {
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new DumpError(
              'pg_dump was not found: install PostgreSQL’s client tools of the server’s version or newer ' +
                '(Debian: apt-get install postgresql-client).',
            )
          : error,
      ),
    );
    child.on('close', (code) => resolve(code ?? 1));
  });
  const abort = () => child.kill('SIGTERM');
  options.signal?.addEventListener('abort', abort, { once: true });
  try {
    const body = Readable.from(
      (async function* () {
        yield options.header;
        yield* child.stdout;
      })(),
    );
    const [code] = await Promise.all([
      exited,
      pipeline(body, createGzip({ level: 6 }), createWriteStream(options.file)),
    ]);
    if (options.signal?.aborted) throw new DumpError('The backup was stopped: the server is shutting down.');
    if (code !== 0) {
      const reason = stderr
        .split('\n')
        .filter((line) => /error|fatal/i.test(line))
        .join(' ')
        .trim();
      throw new DumpError(`pg_dump failed (exit ${code}): ${reason || stderr.trim().split('\n').pop()}`);
    }
  } finally {
    options.signal?.removeEventListener('abort', abort);
  }
}
