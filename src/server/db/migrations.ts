/**
 * The migrations in drizzle/: which a database has applied (its schema version), and applying
 * the rest as drizzle's migrator does (same table, same order), all of one start in one
 * transaction, so that a failing one leaves the database as it was, with an error naming it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_DIR } from '../paths';
import { queryRows, type Database } from './client';

export interface MigrationStatus {
  /** Migrations this build of the server has. */
  expected: number;
  /** Migrations applied to the database (0 on an empty one). */
  applied: number;
}

interface Migration extends MigrationMeta {
  /** The file's name without .sql, e.g. 0022_backups. */
  tag: string;
}

const cache = new Map<string, Migration[]>();

/** The migrations of a folder (drizzle/ by default), in order, with their names. */
export function readMigrations(folder = MIGRATIONS_DIR): Migration[] {
  let migrations = cache.get(folder);
  if (!migrations) {
    const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
      entries: { when: number; tag: string }[];
    };
    const tags = new Map(journal.entries.map((e) => [e.when, e.tag]));
    migrations = readMigrationFiles({ migrationsFolder: folder }).map((m) => ({
      ...m,
      tag: tags.get(m.folderMillis) ?? String(m.folderMillis),
    }));
    cache.set(folder, migrations);
  }
  return migrations;
}

export async function migrationStatus(db: Database, folder = MIGRATIONS_DIR): Promise<MigrationStatus> {
  const expected = readMigrations(folder).length;
  const [table] = await queryRows<{ name: string | null }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`,
  );
  if (!table?.name) return { expected, applied: 0 };
  const [row] = await queryRows<{ applied: number }>(
    db,
    sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
  );
  return { expected, applied: row?.applied ?? 0 };
}

/** A migration that failed; nothing of its start was applied. */
export class MigrationFailedError extends Error {
  constructor(
    readonly migration: string,
    readonly reason: string,
  ) {
    super(`The migration ${migration} failed: ${reason}`);
  }
}

/**
 * Applies the migrations newer than the database's last, in one transaction; returns their names.
 * On PostgreSQL the caller holds the advisory lock that keeps two starting instances apart.
 */
export async function applyMigrations(db: Database, folder = MIGRATIONS_DIR): Promise<string[]> {
  await db.execute(sql`create schema if not exists drizzle`);
  await db.execute(
    sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
  );
  const [last] = await queryRows<{ at: string }>(
    db,
    sql`select created_at::text as at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  const pending = readMigrations(folder).filter((m) => !last || Number(last.at) < m.folderMillis);
  if (pending.length === 0) return [];
  await db.transaction(async (tx) => {
    for (const migration of pending) {
      try {
        for (const statement of migration.sql) await tx.execute(sql.raw(statement));
        await tx.execute(
          sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
        );
      } catch (error) {
        const cause = (error as { cause?: unknown }).cause ?? error;
        throw new MigrationFailedError(migration.tag, cause instanceof Error ? cause.message : String(cause));
      }
    }
  });
  return pending.map((m) => m.tag);
}
