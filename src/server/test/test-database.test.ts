/**
 * The in-memory PGlite a vitest worker keeps between test files (openTestDatabase): each file gets
 * it as migrated, whatever the file before did. PGlite only: on PostgreSQL each file gets a new
 * database copied from the template.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '../db/client';
import { openTestDatabase } from './test-database';

const startedAt = async (handle: DatabaseHandle) =>
  (
    await queryRows<{ at: string }>(handle.db, sql`select extract(epoch from pg_postmaster_start_time())::text as at`)
  )[0]?.at;

const count = async (handle: DatabaseHandle, table: string) =>
  (await queryRows<{ n: number }>(handle.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]?.n;

describe.skipIf(process.env.TEST_DATABASE_URL)('the test database a worker keeps', () => {
  it('hands the next file the same database, as migrated: rows gone, the template rows back, sequences and settings reset', async () => {
    const first = await openTestDatabase();
    const permissions = await count(first, 'group_permissions');
    expect(permissions).toBeGreaterThan(0);
    await first.db.execute(sql`insert into factories (name, code, kind) values ('Left over', 'LEFT', 'assembly')`);
    await first.db.execute(sql`delete from group_permissions`);
    const [taken] = await queryRows<{ n: string }>(
      first.db,
      sql`select nextval('stove_id_batches_number_seq')::text as n`,
    );
    expect(taken?.n).toBe('1');
    await first.db.execute(sql`set timezone = 'Pacific/Auckland'`);
    const firstStart = await startedAt(first);
    await first.close();

    const next = await openTestDatabase();
    try {
      expect(await startedAt(next)).toBe(firstStart);
      expect(await count(next, 'factories')).toBe(0);
      expect(await count(next, 'group_permissions')).toBe(permissions);
      const [again] = await queryRows<{ n: string }>(
        next.db,
        sql`select nextval('stove_id_batches_number_seq')::text as n`,
      );
      expect(again?.n).toBe('1');
      const [settings] = await queryRows<{ zone: string; role: string }>(
        next.db,
        sql`select current_setting('timezone') as zone, current_setting('session_replication_role') as role`,
      );
      // Triggers are on again: the reset turns them off only while it runs.
      expect(settings).toEqual({ zone: expect.not.stringMatching(/Auckland/) as unknown, role: 'origin' });
    } finally {
      await next.close();
    }
  });

  it('closes a database whose schema a file changed, and hands out a new one', async () => {
    const changed = await openTestDatabase();
    await changed.db.execute(sql`create table left_over (id int)`);
    const changedStart = await startedAt(changed);
    await changed.close();

    const next = await openTestDatabase();
    try {
      expect(await startedAt(next)).not.toBe(changedStart);
      expect(await queryRows(next.db, sql`select to_regclass('left_over') as t`)).toEqual([{ t: null }]);
    } finally {
      await next.close();
    }
  });

  it('gives a second file open at the same time a database of its own', async () => {
    const one = await openTestDatabase();
    const two = await openTestDatabase();
    try {
      expect(await startedAt(two)).not.toBe(await startedAt(one));
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it('refuses statements once closed, as a closed database does', async () => {
    const handle = await openTestDatabase();
    await handle.close();
    const refused: unknown = await handle.db.execute(sql`select 1`).catch((error: unknown) => error);
    expect(refused).toMatchObject({ cause: { message: 'The database is closed.' } });
  });
});
