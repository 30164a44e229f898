/**
 * The embedded database on its worker thread behaves as PGlite in the process did: rows in both
 * modes, PostgreSQL's error fields, transactions that commit or roll back with nothing of anyone
 * else's in between, a notification before the answer of the commit that sent it, and a clean close.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteThread } from './pglite-thread';

let db: PGliteThread;

async function ids(): Promise<number[]> {
  return (await db.query<{ id: number }>('select id from t order by id')).rows.map((r) => r.id);
}

// The embedded engine's own: once per run, in the PGlite project.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('PGliteThread', () => {
  beforeAll(async () => {
    db = await PGliteThread.create('memory://');
    await db.query('create table t (id int primary key, at timestamptz not null default now())');
  });
  afterAll(async () => {
    await db.close();
  });

  it('answers rows as objects or arrays, with parameters, and keeps asked-for types as text', async () => {
    const objects = await db.query<{ n: number; s: string }>('select $1::int + 1 as n, $2::text as s', [41, 'hi']);
    expect(objects.rows).toEqual([{ n: 42, s: 'hi' }]);
    const arrays = await db.query('select 1::int, 2::int', [], { rowMode: 'array' });
    expect(arrays.rows).toEqual([[1, 2]]);

    const parsed = await db.query<{ at: unknown }>(`select '2026-01-02 03:04:05+00'::timestamptz as at`);
    expect(parsed.rows[0]!.at).toBeInstanceOf(Date);
    // drizzle's driver passes identity parsers for the types it reads as text.
    const text = await db.query<{ at: unknown }>(`select '2026-01-02 03:04:05+00'::timestamptz as at`, [], {
      parsers: { 1184: (value) => value },
    });
    expect(text.rows[0]!.at).toBe('2026-01-02 03:04:05+00');
  });

  it("throws PostgreSQL's error with its code and constraint", async () => {
    await db.query('insert into t (id) values (1)');
    const error = await db.query('insert into t (id) values (1)').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 't_pkey' });
    expect((error as Error).message).toContain('duplicate key');
    await db.query('delete from t');
  });

  it('commits a transaction, and rolls it back when its callback throws', async () => {
    await db.transaction(async (tx) => {
      await tx.query('insert into t (id) values (10)');
    });
    const failed = db.transaction(async (tx) => {
      await tx.query('insert into t (id) values (11)');
      throw new Error('changed my mind');
    });
    await expect(failed).rejects.toThrow('changed my mind');
    expect(await ids()).toEqual([10]);
    await db.query('delete from t');
  });

  it('runs a statement sent during a transaction after it ends, so it never sees its uncommitted rows', async () => {
    let inside: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (inside = resolve));
    let finish: () => void = () => undefined;
    const proceed = new Promise<void>((resolve) => (finish = resolve));
    const rolledBack = db
      .transaction(async (tx) => {
        await tx.query('insert into t (id) values (20)');
        inside();
        await proceed;
        throw new Error('roll back');
      })
      .catch(() => 'rolled back');
    await started;
    const outside = ids();
    const secondTransaction = db.transaction(async (tx) => (await tx.query('select count(*)::int as n from t')).rows);
    finish();
    expect(await rolledBack).toBe('rolled back');
    expect(await outside).toEqual([]);
    expect(await secondTransaction).toEqual([{ n: 0 }]);
  });

  it('transactions started together run one after another, each seeing only its own rows', async () => {
    const seen = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        db
          .transaction(async (tx) => {
            await tx.query('insert into t (id) values ($1)', [100 + i]);
            await new Promise((resolve) => setImmediate(resolve));
            const rows = (await tx.query<{ id: number }>('select id from t order by id')).rows;
            throw Object.assign(new Error('roll back'), { rows: rows.map((r) => r.id) });
          })
          .catch((error: { rows: number[] }) => error.rows),
      ),
    );
    expect(seen).toEqual(Array.from({ length: 8 }, (_, i) => [100 + i]));
    expect(await ids()).toEqual([]);
  });

  it('a transaction refuses statements after it ended', async () => {
    let kept: { query: PGliteThread['query'] } | undefined;
    await db.transaction(async (tx) => {
      kept = tx;
    });
    await expect(kept!.query('select 1')).rejects.toThrow('The transaction has already ended.');
  });

  it('delivers a notification before the answer of the commit that sent it, and none after unlisten', async () => {
    const heard: string[] = [];
    const unlisten = await db.listen('thread_test', (payload) => heard.push(payload));
    await db.transaction(async (tx) => {
      await tx.query(`select pg_notify('thread_test', 'one')`);
      expect(heard).toEqual([]); // not before the commit
    });
    expect(heard).toEqual(['one']);
    await unlisten();
    await db.query(`select pg_notify('thread_test', 'two')`);
    await db.query('select 1');
    expect(heard).toEqual(['one']);
  });

  it('counts its queue: statements sent and not answered, and those waiting for the open transaction', async () => {
    expect(db.queueLength).toBe(0);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    // BEGIN is sent at once; the two statements after it wait for the transaction to end.
    const transaction = db.transaction(async (tx) => {
      await tx.query('select 1');
      await held;
    });
    const waiting = [db.query('select 2'), db.query('select 3')];
    expect(db.queueLength).toBe(3);
    release();
    await Promise.all([transaction, ...waiting]);
    expect(db.queueLength).toBe(0);
  });

  it('tells onStatement each statement and its time, failed ones too', async () => {
    const timed: [string, number][] = [];
    db.onStatement = (sql, seconds) => timed.push([sql, seconds]);
    try {
      await db.query('select 42');
      await db.query('select nonsense from nowhere').catch(() => undefined);
      await db.transaction(async (tx) => {
        await tx.query('select 43');
      });
    } finally {
      db.onStatement = null;
    }
    expect(timed.map(([sql]) => sql)).toEqual([
      'select 42',
      'select nonsense from nowhere',
      'begin',
      'select 43',
      'commit',
    ]);
    expect(timed.every(([, seconds]) => seconds >= 0 && seconds < 10)).toBe(true);
  });

  it('after close every statement is refused', async () => {
    const other = await PGliteThread.create('memory://');
    await other.close();
    await expect(other.query('select 1')).rejects.toThrow('The database is closed.');
    await other.close(); // closing twice is harmless
  });

  it("keeps PGlite's 128MB buffer cache by default, and opens with the size asked for", async () => {
    const show = async (thread: PGliteThread) =>
      (await thread.query<{ shared_buffers: string }>('show shared_buffers')).rows[0]?.shared_buffers;
    expect(await show(db)).toBe('128MB');
    const larger = await PGliteThread.create('memory://', { sharedBuffers: '192MB' });
    try {
      expect(await show(larger)).toBe('192MB');
      // The rest of PGlite's start parameters still hold.
      expect((await larger.query<{ search_path: string }>('show search_path')).rows[0]?.search_path).toBe('public');
    } finally {
      await larger.close();
    }
  });

  it("runs without fsync, as PGlite does, unless asked; with fsync on, PostgreSQL's fsync reaches the files", async () => {
    const setting = async (thread: PGliteThread, name: string) =>
      (await thread.query<Record<string, string>>(`show ${name}`)).rows[0]?.[name];
    expect(await setting(db, 'fsync')).toBe('off');
    const folder = mkdtempSync(join(tmpdir(), 'stove-fsync-'));
    try {
      // Opening checks that a checkpoint's fsync reached a file, and refuses otherwise.
      const durable = await PGliteThread.create(folder, { fsync: true });
      try {
        expect(await setting(durable, 'fsync')).toBe('on');
        expect(await setting(durable, 'wal_sync_method')).toBe('fsync');
        await durable.query('create table kept (id int)');
        await durable.query('insert into kept values (1)');
        expect((await durable.query('select id from kept')).rows).toEqual([{ id: 1 }]);
      } finally {
        await durable.close();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
