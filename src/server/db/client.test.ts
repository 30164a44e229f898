/** queryPreparedRows: a named statement on PostgreSQL, parsed once per connection; plain queryRows on PGlite. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database';
import { queryPreparedRows, queryRows, type DatabaseHandle } from './client';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

describe('queryPreparedRows', () => {
  it('answers as queryRows does, and on PostgreSQL the connection keeps the statement, named by its text, once', async () => {
    await handle.db.transaction(async (tx) => {
      const statement = (n: number) => sql`select ${n}::int as n, 'prepared once' as note`;
      expect(await queryPreparedRows(tx, statement(1))).toEqual([{ n: 1, note: 'prepared once' }]);
      expect(await queryPreparedRows(tx, statement(2))).toEqual([{ n: 2, note: 'prepared once' }]);
      const kept = await queryRows<{ name: string }>(
        tx,
        sql`select name from pg_prepared_statements where statement like '%prepared once%' and name like 's\_%'`,
      );
      expect(kept).toHaveLength(handle.kind === 'postgres' ? 1 : 0);
    });
  });
});
