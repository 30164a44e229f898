// @ts-check
/**
 * The worker thread that owns an embedded (PGlite) database: PostgreSQL compiled to wasm runs here,
 * off the server's event loop. It answers the messages of `PGliteThread` (pglite-thread.ts) in the
 * order they arrive; PGlite runs them one at a time. A notification is posted as soon as PGlite
 * reads it, so it reaches the server before the answer of the statement whose commit sent it.
 *
 * Plain JavaScript checked by tsc: Node 20 does not apply a TypeScript loader to a worker's entry.
 */
import { fsyncSync } from 'node:fs';
import { cp, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** @typedef {import('./pglite-thread').ToWorker} ToWorker */
/** @typedef {import('./pglite-thread').FromWorker} FromWorker */
/** @typedef {import('./pglite-thread').WorkerError} WorkerError */
/** @typedef {NonNullable<import('@electric-sql/pglite').QueryOptions['parsers']>} Parsers */

const port = parentPort;
if (!port) throw new Error('pglite-worker runs as a worker thread');
const { dataDir, sharedBuffers, loadFrom, fsync } = /** @type {import('./pglite-thread').WorkerData} */ (workerData);

/** @param {FromWorker} message */
const post = (message) => port.postMessage(message);

/**
 * Everything PGlite's error carries (code, constraint, detail…), which a structured clone would drop.
 * @param {unknown} error
 * @returns {WorkerError}
 */
function describe(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  /** @type {WorkerError} */
  const described = { message: error.message };
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') described[key] = value;
  }
  return described;
}

/** @param {unknown} value */
const identity = (value) => value;
/** @type {Map<string, Parsers>} */
const parserSets = new Map();
/**
 * The type ids to return as PostgreSQL's text, as the caller's identity parsers asked.
 * @param {number[]} textTypes
 */
function textParsers(textTypes) {
  const key = textTypes.join(',');
  let parsers = parserSets.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(textTypes.map((type) => [type, identity]));
    parserSets.set(key, parsers);
  }
  return parsers;
}

/**
 * Copies the data folder into dir as a database a second PGlite can open (see
 * PGliteThread.snapshotTo): after a checkpoint the data files hold every change, and of the
 * write-ahead log only the segment with the checkpoint record is needed to start. In memory, the
 * tarball of dumpDataDir instead.
 * @param {PGlite} db
 * @param {string} dir
 */
async function snapshot(db, dir) {
  await mkdir(dir, { recursive: true });
  if (dataDir.startsWith('memory://')) {
    const dump = await db.dumpDataDir('none');
    await writeFile(join(dir, 'snapshot.tar'), new Uint8Array(await dump.arrayBuffer()));
    return;
  }
  await db.query('checkpoint');
  const { rows } = await db.query(
    'select pg_walfile_name(checkpoint_lsn) as checkpoint, pg_walfile_name(redo_lsn) as redo from pg_control_checkpoint()',
  );
  const wal = /** @type {{ checkpoint: string, redo: string }[]} */ (rows)[0];
  const needed = new Set([wal?.checkpoint, wal?.redo]);
  // PostgreSQL's own files only: the folder also holds the server's lock and, by default, the
  // backups (and dir, inside them).
  for (const name of await readdir(dataDir)) {
    if (!POSTGRES_FILES.test(name) || name === 'postmaster.pid') continue;
    await cp(join(dataDir, name), join(dir, name), {
      recursive: true,
      filter: (path) => {
        const segment = /^pg_wal[\\/]([0-9A-F]{24})$/.exec(relative(dataDir, path));
        return !segment || needed.has(segment[1]);
      },
    });
  }
}

/** What PostgreSQL keeps in its data folder: PG_VERSION, base, global, pg_*, the .conf files. */
const POSTGRES_FILES = /^(PG_VERSION|base|global|pg_\w+|postgresql(\.auto)?\.conf|pg_\w+\.conf)$/;

/** @type {Map<string, () => Promise<void>>} */
const unlisteners = new Map();

/** Emscripten's EIO: what PostgreSQL's fsync() returns when the file's fsync failed (it then stops). */
const EIO = 29;

/**
 * PGlite's Node file system with fsync passed through to the files. PGlite's own (Emscripten's
 * NODEFS) writes through to them but drops fsync: its streams have no fsync operation, so
 * PostgreSQL's fsync() returns at once, and its fdatasync() is a no-op in the wasm runtime. Here
 * fsync() calls fs.fsyncSync on the file; PostgreSQL then syncs its WAL with fsync()
 * (wal_sync_method=fsync), not fdatasync(). `syncs` counts them.
 */
class SyncingNodeFS extends NodeFS {
  syncs = 0;

  /** @override @type {NodeFS['init']} */
  async init(pg, opts) {
    const result = await super.init(pg, opts);
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [
      ...(Array.isArray(preRun) ? preRun : [preRun]),
      (mod) => {
        const nodefs = /** @type {{ NODEFS?: { stream_ops?: Record<string, unknown> } }} */ (
          /** @type {unknown} */ (mod)
        ).NODEFS;
        if (!nodefs?.stream_ops)
          throw new Error('PGLITE_FSYNC: this PGlite has no Emscripten NODEFS to pass fsync through');
        nodefs.stream_ops.fsync = (/** @type {{ nfd: number }} */ stream) => {
          try {
            fsyncSync(stream.nfd);
          } catch {
            return EIO;
          }
          this.syncs++;
          return 0;
        };
      },
    ];
    return result;
  }
}

/**
 * @param {PGlite} db
 * @param {ToWorker} message
 * @returns {Promise<unknown>}
 */
async function handle(db, message) {
  switch (message.op) {
    case 'query':
      return db.query(message.sql, message.params, {
        rowMode: message.rowMode,
        ...(message.textTypes.length > 0 ? { parsers: textParsers(message.textTypes) } : {}),
      });
    case 'listen': {
      const channel = message.channel;
      if (!unlisteners.has(channel))
        unlisteners.set(channel, await db.listen(channel, (payload) => post({ op: 'notify', channel, payload })));
      return null;
    }
    case 'unlisten':
      await unlisteners.get(message.channel)?.();
      unlisteners.delete(message.channel);
      return null;
    case 'dump': {
      const dump = await db.dumpDataDir('none');
      await writeFile(message.path, new Uint8Array(await dump.arrayBuffer()));
      return null;
    }
    case 'snapshot':
      await snapshot(db, message.dir);
      return null;
    case 'exec':
      await db.exec(message.sql);
      return null;
    case 'copy-from':
      await db.query(message.sql, [], { blob: new Blob([/** @type {Uint8Array<ArrayBuffer>} */ (message.data)]) });
      return null;
    case 'close':
      await db.close();
      return null;
  }
}

try {
  // PGlite's start parameters replace its defaults: keep them (fsync off is its -F) and add the
  // buffer cache's size, or fsync on with the file system that passes it through.
  const syncing = fsync && !dataDir.startsWith('memory://') ? new SyncingNodeFS(dataDir) : undefined;
  const startParams = [
    ...PGlite.defaultStartParams.filter((p) => !(syncing && p === '-F')),
    ...(sharedBuffers ? ['-c', `shared_buffers=${sharedBuffers}`] : []),
    ...(syncing ? ['-c', 'fsync=on', '-c', 'wal_sync_method=fsync'] : []),
  ];
  const db = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    startParams,
    ...(syncing ? { fs: syncing } : {}),
    ...(loadFrom ? { loadDataDir: new Blob([await readFile(loadFrom)]) } : {}),
  });
  if (syncing) {
    // A checkpoint syncs the WAL and the control file: if no fsync reached a file, durability is
    // not on, whatever the setting says.
    await db.query('checkpoint');
    if (syncing.syncs === 0) throw new Error("PGLITE_FSYNC: PostgreSQL's fsync did not reach the files");
  }
  port.on('message', (/** @type {ToWorker} */ message) => {
    handle(db, message).then(
      (result) => post({ op: 'answer', id: message.id, result }),
      (/** @type {unknown} */ error) => post({ op: 'answer', id: message.id, error: describe(error) }),
    );
  });
  post({ op: 'ready' });
} catch (error) {
  post({ op: 'failed', error: describe(error) });
}
