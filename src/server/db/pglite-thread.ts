/**
 * An embedded (PGlite) database on its own worker thread (pglite-worker.mjs). PostgreSQL in wasm
 * plans and runs every statement on the thread that calls it; here that is the worker, so the
 * server's event loop parses requests, checks sessions and writes answers on the other core
 * meanwhile, and a long statement (a batch of 100,000 IDs, an export) no longer stops it.
 *
 * It offers what drizzle's PGlite driver and the app use of PGlite: query, transaction and listen.
 * A transaction is BEGIN … COMMIT sent from here; while one is open, other statements wait for
 * it to end, as PGlite's own transaction does. The worker answers in order, so a statement sent
 * before BEGIN is finished before the transaction starts.
 */
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';

type Request =
  | { op: 'query'; sql: string; params: unknown[]; rowMode: 'array' | 'object' | undefined; textTypes: number[] }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; channel: string }
  | { op: 'dump'; path: string }
  | { op: 'snapshot'; dir: string }
  | { op: 'exec'; sql: string }
  | { op: 'copy-from'; sql: string; data: Uint8Array }
  | { op: 'close' };
export type ToWorker = Request & { id: number };

/** What the worker is started with. */
export interface WorkerData {
  dataDir: string;
  /** PostgreSQL's shared_buffers (e.g. '512MB'); PGlite's own 128MB when undefined. */
  sharedBuffers: string | undefined;
  /** A file written by `dumpTo` whose data folder the database starts from (an in-memory one, in tests). */
  loadFrom: string | undefined;
  /**
   * PostgreSQL's fsync on, passed through to the files: a commit is on disk before it is answered.
   * PGlite's own is off (and its file system ignores fsync). Nothing to sync in memory://.
   */
  fsync: boolean;
}

export type PGliteThreadOptions = Partial<Omit<WorkerData, 'dataDir'>>;

/** An error as the worker saw it: its message and PostgreSQL's fields (code, constraint, …). */
export type WorkerError = { message: string } & Record<string, string | number | boolean>;

export type FromWorker =
  | { op: 'ready' }
  | { op: 'failed'; error: WorkerError }
  | { op: 'answer'; id: number; result?: unknown; error?: WorkerError }
  | { op: 'notify'; channel: string; payload: string };

/** The error PGlite threw, with its fields, thrown here. */
function revive(described: WorkerError): Error {
  const { message, ...fields } = described;
  return Object.assign(new Error(message), fields);
}

/** Told each statement's SQL and how long it took, in seconds, from sending to the worker to its answer. */
export type StatementTimer = (sql: string, seconds: number) => void;

/** What drizzle's transaction callback and the app receive: the statements of one transaction. */
export interface ThreadTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
}

export class PGliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #nextId = 1;
  /** The open transaction's end, while one is open. */
  #transaction: Promise<void> | null = null;
  /** Statements (and transactions) waiting for the open transaction to end before they are sent. */
  #waiting = 0;
  #closed = false;
  /** Times every statement (the metrics' database histogram); null: none timed. */
  onStatement: StatementTimer | null = null;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (message: FromWorker) => {
      if (message.op === 'notify') {
        for (const listener of this.#listeners.get(message.channel) ?? []) listener(message.payload);
      } else if (message.op === 'answer') {
        const waiting = this.#pending.get(message.id);
        this.#pending.delete(message.id);
        if (message.error) waiting?.reject(revive(message.error));
        else waiting?.resolve(message.result);
      }
    });
    worker.on('error', (error) => this.#failAll(error));
    worker.on('exit', () => this.#failAll(new Error('The database thread has stopped.')));
  }

  /**
   * Starts the worker and opens the database in dataDir (`memory://` for one in memory), with a
   * buffer cache of sharedBuffers (PGlite's 128MB when undefined), starting from the data folder
   * that `dumpTo` wrote to loadFrom when it is given, with fsync on when asked.
   */
  static async create(dataDir: string, options: PGliteThreadOptions = {}): Promise<PGliteThread> {
    const workerData: WorkerData = {
      dataDir,
      sharedBuffers: options.sharedBuffers,
      loadFrom: options.loadFrom,
      fsync: options.fsync ?? false,
    };
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: FromWorker) => {
        if (message.op === 'ready') done(null);
        else if (message.op === 'failed') done(revive(message.error));
      };
      const onExit = (code: number) => done(new Error(`The database thread stopped while opening (exit ${code}).`));
      const done = (error: Error | null) => {
        worker.off('message', onMessage);
        worker.off('error', done);
        worker.off('exit', onExit);
        if (error) reject(error);
        else resolve();
      };
      worker.on('message', onMessage);
      worker.on('error', done);
      worker.on('exit', onExit);
    });
    return new PGliteThread(worker);
  }

  #failAll(error: Error): void {
    this.#closed = true;
    for (const waiting of this.#pending.values()) waiting.reject(error);
    this.#pending.clear();
  }

  #send<T>(message: Request): Promise<T> {
    if (this.#closed) return Promise.reject(new Error('The database is closed.'));
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      const request: ToWorker = { ...message, id };
      this.#worker.postMessage(request);
    });
  }

  /**
   * The embedded database's queue: statements sent to the worker and not answered yet (the one it
   * runs included), and those waiting for the open transaction to end before they are sent.
   */
  get queueLength(): number {
    return this.#pending.size + this.#waiting;
  }

  #run<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<T>> {
    const timer = this.onStatement;
    const started = performance.now();
    const answer = this.#send<Results<T>>({
      op: 'query',
      sql,
      params,
      rowMode: options.rowMode,
      // drizzle passes identity parsers: the types it wants as text.
      textTypes: options.parsers ? Object.keys(options.parsers).map(Number) : [],
    });
    if (timer) {
      const done = () => timer(sql, (performance.now() - started) / 1000);
      void answer.then(done, done);
    }
    return answer;
  }

  // query and transaction check for an open transaction and send in the same turn of the event
  // loop: an await between the two would let another transaction begin in between (so the wait is
  // written out in each, not in a helper that would add an await).

  async query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    if (this.#transaction !== null) {
      this.#waiting++;
      while (this.#transaction !== null) await this.#transaction;
      this.#waiting--;
    }
    return this.#run<T>(sql, params, options);
  }

  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    if (this.#transaction !== null) {
      this.#waiting++;
      while (this.#transaction !== null) await this.#transaction;
      this.#waiting--;
    }
    let end: () => void = () => undefined;
    this.#transaction = new Promise<void>((resolve) => (end = resolve));
    let open = true;
    const tx: ThreadTransaction = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) =>
        open ? this.#run<R>(sql, params, options) : Promise.reject(new Error('The transaction has already ended.')),
    };
    const begun = this.#run('begin');
    try {
      await begun;
      try {
        const result = await callback(tx);
        await this.#run('commit');
        return result;
      } catch (error) {
        await this.#run('rollback').catch(() => undefined);
        throw error;
      }
    } finally {
      open = false;
      this.#transaction = null;
      end();
    }
  }

  /** LISTEN on channel; the returned function stops this callback. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let listeners = this.#listeners.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.#listeners.set(channel, listeners);
      await this.#send({ op: 'listen', channel });
    }
    listeners.add(callback);
    return async () => {
      listeners.delete(callback);
      if (listeners.size === 0 && this.#listeners.get(channel) === listeners && !this.#closed) {
        this.#listeners.delete(channel);
        await this.#send({ op: 'unlisten', channel });
      }
    };
  }

  /**
   * Runs fn alone: after the open transaction, if any, and before any statement sent meanwhile (as
   * a transaction waits for the one before it).
   */
  async #alone<T>(fn: () => Promise<T>): Promise<T> {
    while (this.#transaction) await this.#transaction;
    let end: () => void = () => undefined;
    this.#transaction = new Promise<void>((resolve) => (end = resolve));
    try {
      return await fn();
    } finally {
      this.#transaction = null;
      end();
    }
  }

  /**
   * Copies the data folder, as of now, into dir, which a second PGlite can open while this one
   * goes on serving (a backup dumps that copy): a checkpoint writes every change into the data
   * files, then the files are copied with only the write-ahead log segment the checkpoint is in.
   * Nothing else runs meanwhile (about 1.5 s for a million stove IDs). On an in-memory database
   * (tests) dir receives the tarball of `dumpTo` as snapshot.tar instead.
   */
  snapshotTo(dir: string): Promise<void> {
    return this.#alone(() => this.#send({ op: 'snapshot', dir }));
  }

  /** Runs SQL of any number of statements with the simple protocol, alone (a restore). */
  exec(sql: string): Promise<void> {
    return this.#alone(() => this.#send({ op: 'exec', sql }));
  }

  /** Runs `COPY … FROM '/dev/blob'` with data (COPY's text format) as the blob, alone (a restore). */
  copyFrom(sql: string, data: Uint8Array): Promise<void> {
    return this.#alone(() => this.#send({ op: 'copy-from', sql, data }));
  }

  /** Writes the whole data folder to a file (an uncompressed tarball) that `create` can start from. */
  async dumpTo(path: string): Promise<void> {
    await this.#send({ op: 'dump', path });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    await this.#send({ op: 'close' });
    this.#closed = true;
    await this.#worker.terminate();
  }
}
