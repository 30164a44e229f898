// @ts-check
/**
 * The worker thread that dumps a copy of an embedded (PGlite) database to a gzipped plain SQL file,
 * as `pg_dump` writes one, while the database itself goes on serving on its own thread (dump.ts).
 * The copy is the folder `PGliteThread.snapshotTo` wrote: opened here as a second PGlite, its
 * schema comes from PGlite's build of pg_dump (@electric-sql/pglite-tools), its rows from COPY
 * (pg_dump's own format for data: pg_dump's --inserts, which pglite-tools forces, does not scale to
 * a million rows), and its sequences from setval, in pg_dump's order: pre-data, data, post-data.
 *
 * Plain JavaScript checked by tsc: Node 20 does not apply a TypeScript loader to a worker's entry.
 */
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';

/** @typedef {import('./dump').BackupWorkerData} BackupWorkerData */
/** @typedef {import('./dump').FromBackupWorker} FromBackupWorker */

const port = parentPort;
if (!port) throw new Error('backup-worker runs as a worker thread');
const { snapshotDir, file, header } = /** @type {BackupWorkerData} */ (workerData);

/** @param {FromBackupWorker} message */
const post = (message) => port.postMessage(message);

/** The tables whose rows a dump holds: every table of the database's own schemas, with its size. */
const TABLES = `
  select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name, c.relname as label,
         (select string_agg(quote_ident(a.attname), ', ' order by a.attnum) from pg_attribute a
           where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '') as columns,
         pg_relation_size(c.oid)::float8 + 8192 as weight
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
     and n.nspname not like 'pg\\_%'
     and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')
   order by n.nspname, c.relname`;

const SEQUENCES = `
  select format('SELECT pg_catalog.setval(%L, %s, %s);', quote_ident(schemaname) || '.' || quote_ident(sequencename),
                coalesce(last_value, start_value), case when last_value is null then 'false' else 'true' end) as statement
    from pg_sequences where schemaname not in ('pg_catalog', 'information_schema') order by 1`;

const SCHEMA_ARGS = ['--no-owner', '--no-privileges'];

async function run() {
  const tarball = join(snapshotDir, 'snapshot.tar');
  /** @type {Blob | undefined} */
  let loadDataDir;
  try {
    loadDataDir = new Blob([await readFile(tarball)]);
  } catch {
    loadDataDir = undefined;
  }
  const db = await PGlite.create(loadDataDir ? 'memory://' : snapshotDir, {
    extensions: { pg_trgm },
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const gzip = createGzip({ level: 6 });
  const out = createWriteStream(file);
  gzip.pipe(out);
  /** @param {string | Uint8Array} chunk */
  const write = async (chunk) => {
    if (!gzip.write(chunk)) await new Promise((resolve) => gzip.once('drain', resolve));
  };
  try {
    const tables = /** @type {{ name: string, label: string, columns: string, weight: number }[]} */ (
      (await db.query(TABLES)).rows
    );
    const total =
      Math.max(
        tables.reduce((sum, t) => sum + t.weight, 0),
        1,
      ) * 1.1;
    let done = 0;
    post({ op: 'progress', progress: 0, step: 'Writing the schema' });
    await write(header);
    await write(await (await pgDump({ pg: db, args: ['--section=pre-data', ...SCHEMA_ARGS] })).text());
    done += total * 0.05;
    for (const table of tables) {
      post({ op: 'progress', progress: done / total, step: `Copying ${table.label}` });
      const copied = await db.query(`copy ${table.name} (${table.columns}) to '/dev/blob'`);
      await write(`\n--\n-- Data for ${table.name}\n--\n\nCOPY ${table.name} (${table.columns}) FROM stdin;\n`);
      if (copied.blob && copied.blob.size > 0) await write(new Uint8Array(await copied.blob.arrayBuffer()));
      await write('\\.\n\n');
      done += table.weight;
    }
    const sequences = /** @type {{ statement: string }[]} */ ((await db.query(SEQUENCES)).rows);
    if (sequences.length > 0) await write(`\n${sequences.map((s) => s.statement).join('\n')}\n\n`);
    post({ op: 'progress', progress: done / total, step: 'Writing the indexes and constraints' });
    await write(await (await pgDump({ pg: db, args: ['--section=post-data', ...SCHEMA_ARGS] })).text());
    gzip.end();
    await finished(out);
    post({ op: 'done' });
  } finally {
    gzip.destroy();
    await db.close();
  }
}

run().catch((/** @type {unknown} */ error) => {
  post({ op: 'failed', message: error instanceof Error ? error.message : String(error) });
});
