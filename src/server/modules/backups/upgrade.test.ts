/**
 * An upgrade's start: a backup before migrating a database that has a schema, the migrations in
 * one transaction, and a failing one that leaves the database as it was, named with the backup.
 */
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '../../db/client';
import { migrationStatus } from '../../db/migrations';
import { MIGRATIONS_DIR } from '../../paths';
import { openTestDatabase } from '../../test/test-database';
import type { BackupSettings } from './backups.service';
import { UpgradeFailedError, upgradeDatabase } from './upgrade';

let handle: DatabaseHandle;
let work: string;
let settings: BackupSettings;

beforeAll(async () => {
  handle = await openTestDatabase();
  work = await mkdtemp(join(tmpdir(), 'stove-upgrade-'));
  settings = { directory: join(work, 'backups'), intervalHours: 24, keep: 14 };
}, 60_000);
afterAll(async () => {
  await handle.close();
  await rm(work, { recursive: true, force: true });
});

/** drizzle/ plus these migrations (name → SQL), as a newer build would ship it. */
async function newerBuild(name: string, added: Record<string, string>): Promise<string> {
  const folder = join(work, name);
  await cp(MIGRATIONS_DIR, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as {
    entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
  };
  let when = Math.max(...journal.entries.map((e) => e.when));
  for (const [tag, text] of Object.entries(added)) {
    when += 1000;
    journal.entries.push({ idx: journal.entries.length, version: '7', when, tag, breakpoints: true });
    await writeFile(join(folder, `${tag}.sql`), text);
  }
  await writeFile(journalPath, JSON.stringify(journal));
  return folder;
}

const tableExists = async (name: string) =>
  (await queryRows<{ t: string | null }>(handle.db, sql`select to_regclass(${name})::text as t`))[0]?.t !== null;

describe('upgrading at start', () => {
  it('backs up first, then applies the new migrations', async () => {
    const before = await migrationStatus(handle.db);
    const folder = await newerBuild('good', { '9001_probe': 'create table upgrade_probe (id int primary key);' });
    const upgrade = await upgradeDatabase(handle, settings, folder);
    expect(upgrade.applied).toEqual(['9001_probe']);
    expect(upgrade.backup?.path).toMatch(/backups\/backup-.*\.sql\.gz$/);
    expect(upgrade.backup?.schemaVersion).toBe(before.applied);
    expect((await readdir(settings.directory)).sort()).toEqual(
      [upgrade.backup?.fileName, `${upgrade.backup?.fileName}.files`].sort(),
    );
    expect(await tableExists('upgrade_probe')).toBe(true);
    // Nothing left to apply: no backup, nothing applied.
    expect(await upgradeDatabase(handle, settings, folder)).toEqual({ backup: null, applied: [] });
  }, 120_000);

  it('leaves the database as it was when a migration fails, naming it and the backup', async () => {
    const before = await migrationStatus(handle.db);
    const folder = await newerBuild('broken', {
      '9001_probe': 'create table upgrade_probe (id int primary key);',
      '9002_second_probe': 'create table upgrade_second_probe (id int primary key);',
      '9003_broken': 'alter table no_such_table add column x int;',
    });
    const failure = await upgradeDatabase(handle, settings, folder).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UpgradeFailedError);
    const message = (failure as Error).message;
    expect(message).toContain('The migration 9003_broken failed: relation "no_such_table" does not exist.');
    expect(message).toContain('Nothing of this upgrade was applied');
    expect(message).toMatch(/npm run restore -- \S+backup-\S+\.sql\.gz --force/);
    // The second probe, applied before the broken one in the same start, was rolled back with it.
    expect(await tableExists('upgrade_second_probe')).toBe(false);
    expect((await migrationStatus(handle.db)).applied).toBe(before.applied);
  }, 120_000);
});
