/** Which of the migrations in drizzle/ a database has applied (its schema version). */
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_DIR } from '../paths';
import { queryRows, type Database } from './client';

export interface MigrationStatus {
  /** Migrations this build of the server has. */
  expected: number;
  /** Migrations applied to the database (0 on an empty one). */
  applied: number;
}

let expectedCount: number | undefined;

export async function migrationStatus(db: Database): Promise<MigrationStatus> {
  expectedCount ??= readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).length;
  const [table] = await queryRows<{ name: string | null }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`,
  );
  if (!table?.name) return { expected: expectedCount, applied: 0 };
  const [row] = await queryRows<{ applied: number }>(
    db,
    sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
  );
  return { expected: expectedCount, applied: row?.applied ?? 0 };
}
