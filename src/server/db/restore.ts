/**
 * Restores a plain SQL dump (a backup of either engine, or any `pg_dump` plain file, gzipped or
 * not) into a database of either engine, all or nothing: one transaction, so a dump that fails
 * half way leaves the database as it was. A database that holds tables is refused unless forced;
 * forced, its schemas are dropped in that same transaction.
 */
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { embeddedClient, type DatabaseHandle } from './client';
import { migrationStatus } from './migrations';
import { readSqlDump } from './sql-dump-reader';

export interface RestoreOptions {
  /** A .sql or .sql.gz file. */
  file: string;
  /** Replace what the database holds. */
  force?: boolean;
  /** Bytes of the file read so far, of its size. */
  onProgress?: (read: number, size: number) => void;
}

export interface RestoreResult {
  /** Tables whose rows were copied. */
  tables: number;
  rows: number;
  /** Migrations the restored database has applied (0 when it has no migration table). */
  schemaVersion: number;
}

/** A restore that would lose data or cannot start: the message says what to do. */
export class RestoreRefusedError extends Error {}

/** A dump's statement that failed: the line it starts on and PostgreSQL's message. */
export class RestoreFailedError extends Error {}

/** One connection that runs the restore's statements in order. */
interface Session {
  exec(sql: string): Promise<void>;
  copy(sql: string, rows: Buffer[]): Promise<void>;
  rows<T>(sql: string): Promise<T[]>;
  end(): Promise<void>;
}

async function openSession(handle: DatabaseHandle): Promise<Session> {
  if (handle.kind === 'postgres') {
    if (!handle.url) throw new RestoreRefusedError('The PostgreSQL connection string is missing.');
    const client = new pg.Client({ connectionString: handle.url, application_name: 'stove-back-office restore' });
    await client.connect();
    return {
      exec: async (sql) => void (await client.query(sql)),
      async copy(sql, rows) {
        const stream = client.query(copyFrom(sql));
        for (const row of rows) if (!stream.write(row)) await new Promise((r) => stream.once('drain', r));
        stream.end();
        await finished(stream);
      },
      rows: async <T>(sql: string) => (await client.query(sql)).rows as T[],
      end: () => client.end(),
    };
  }
  const thread = embeddedClient(handle.db);
  if (!thread) throw new RestoreRefusedError('Not an embedded database.');
  return {
    exec: (sql) => thread.exec(sql),
    copy: (sql, rows) => thread.copyFrom(sql.replace(/FROM\s+stdin\s*;$/i, "FROM '/dev/blob';"), Buffer.concat(rows)),
    rows: async <T>(sql: string) => (await thread.query<T>(sql)).rows,
    end: async () => undefined,
  };
}

const USER_SCHEMAS = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`;

/** Tables of the database's own schemas (not an extension's). */
export async function countUserTables(handle: DatabaseHandle): Promise<number> {
  const session = await openSession(handle);
  try {
    return await userTables(session);
  } finally {
    await session.end();
  }
}

async function userTables(session: Session): Promise<number> {
  const [row] = await session.rows<{ n: number }>(
    `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and ${USER_SCHEMAS}
        and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')`,
  );
  return row?.n ?? 0;
}

/** The file's lines, gunzipped when it starts with gzip's magic bytes. */
async function dumpLines(file: string, onRead: (bytes: number) => void): Promise<AsyncIterable<string>> {
  const head = Buffer.alloc(2);
  const fd = await open(file, 'r');
  try {
    await fd.read(head, 0, 2, 0);
  } finally {
    await fd.close();
  }
  const raw = createReadStream(file, { highWaterMark: 1024 * 1024 });
  raw.on('data', (chunk) => onRead(chunk.length));
  const text: Readable = head[0] === 0x1f && head[1] === 0x8b ? raw.pipe(createGunzip()) : raw;
  raw.on('error', (error) => text.destroy(error));
  return createInterface({ input: text, crlfDelay: Infinity });
}

/** `SET name = …` / `SET name TO …`: the parameter's name. */
const SET_PARAMETER = /^SET\s+(?:SESSION\s+|LOCAL\s+)?([A-Za-z_][A-Za-z0-9_.]*)\s*(?:=|\sTO\s)/i;
/** Consecutive INSERTs (a dump made with --inserts) are sent together, up to this many bytes. */
const INSERT_BATCH_BYTES = 1024 * 1024;

export async function restoreDump(handle: DatabaseHandle, options: RestoreOptions): Promise<RestoreResult> {
  const size = (await stat(options.file)).size;
  const session = await openSession(handle);
  let read = 0;
  let began = false;
  let restored: Omit<RestoreResult, 'schemaVersion'>;
  try {
    const existing = await userTables(session);
    if (existing > 0 && !options.force) {
      throw new RestoreRefusedError(
        `The database holds ${existing} tables. Restore into an empty database, or add --force to replace ` +
          'everything in it with the backup.',
      );
    }
    // A dump made by a newer PostgreSQL may set parameters this one does not have (transaction_timeout).
    const known = new Set(
      (await session.rows<{ name: string }>('select lower(name) as name from pg_settings')).map((r) => r.name),
    );
    await session.exec('begin');
    began = true;
    if (existing > 0) {
      const schemas = await session.rows<{ name: string }>(
        `select quote_ident(nspname) as name from pg_namespace n where ${USER_SCHEMAS}`,
      );
      for (const { name } of schemas) await session.exec(`drop schema ${name} cascade`);
      await session.exec('create schema public');
    }

    const lines = await dumpLines(options.file, (bytes) => {
      read += bytes;
      options.onProgress?.(read, size);
    });
    let tables = 0;
    let rows = 0;
    const copied = new Set<string>();
    let batch = '';
    let batchLine = 0;
    const run = async (sql: string, line: number) => {
      try {
        await session.exec(sql);
      } catch (error) {
        throw new RestoreFailedError(
          `The statement on line ${line} of the dump failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    };
    const flush = async () => {
      if (batch) await run(batch, batchLine);
      batch = '';
    };
    for await (const item of readSqlDump(lines)) {
      if (item.kind === 'copy') {
        await flush();
        try {
          await session.copy(item.sql, item.rows);
        } catch (error) {
          throw new RestoreFailedError(
            `The rows of the COPY on line ${item.line} of the dump were refused: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
        if (!copied.has(item.sql)) tables++;
        copied.add(item.sql);
        rows += item.rows.length;
        continue;
      }
      const parameter = SET_PARAMETER.exec(item.sql)?.[1]?.toLowerCase();
      if (parameter && !known.has(parameter)) continue;
      if (/^INSERT\s/i.test(item.sql)) {
        if (!batch) batchLine = item.line;
        batch += `${item.sql}\n`;
        if (batch.length >= INSERT_BATCH_BYTES) await flush();
        continue;
      }
      await flush();
      await run(item.sql, item.line);
    }
    await flush();
    await session.exec('commit');
    began = false;
    // The dump's settings (an empty search_path) stay with the session, which an embedded
    // database shares with the application.
    await session.exec('reset all');
    // What a new database's statistics would be: the planner's, for every restored table.
    await session.exec('analyze');
    restored = { tables, rows };
  } catch (error) {
    if (began) await session.exec('rollback').catch(() => undefined);
    throw error;
  } finally {
    await session.end();
  }
  // Read once the session is over: an embedded database answers one session at a time.
  return { ...restored, schemaVersion: (await migrationStatus(handle.db)).applied };
}
