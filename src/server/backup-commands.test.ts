/**
 * `npm run backup` and `npm run restore` (scripts/backup.ts, scripts/restore.ts) as an operator
 * runs them, on embedded databases in folders: a backup of one folder restored into another, a
 * restore into a database that holds data refused without --force, a folder in use refused.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from './db/client';
import { buildChildServer, type BuiltServer } from './test/child-server';
import { PGLITE_TEMPLATE_ENV } from './test/test-database';

const work = mkdtempSync(join(tmpdir(), 'stove-commands-'));
const source = join(work, 'source');
const target = join(work, 'target');

/** The commands as `npm run build` bundles them (tsx would transpile the whole server at each run). */
let built: BuiltServer | undefined;

function command(script: 'backup' | 'restore', dataDir: string, ...args: string[]) {
  if (!built) throw new Error('the commands are not built');
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  return spawnSync(process.execPath, [join(built.dir, `${script}.mjs`), ...args], { encoding: 'utf8', env });
}

async function factoryNames(dataDir: string): Promise<string[]> {
  const handle = await openDatabase({ dataDir });
  try {
    return (await queryRows<{ name: string }>(handle.db, sql`select name from factories order by name`)).map(
      (r) => r.name,
    );
  } finally {
    await handle.close();
  }
}

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) return;
  built = await buildChildServer({ backup: 'scripts/backup.ts', restore: 'scripts/restore.ts' });
  const handle = await openDatabase({ dataDir: source, loadFrom: process.env[PGLITE_TEMPLATE_ENV] });
  await handle.migrate();
  await handle.db.execute(sql`insert into factories (name, code, kind) values ('Backed Up Plant', 'BUP', 'both')`);
  await handle.close();
}, 120_000);
afterAll(() => {
  built?.remove();
  rmSync(work, { recursive: true, force: true });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('npm run backup and npm run restore', () => {
  let file = '';

  it('backs up a data folder into its backups folder', () => {
    const result = command('backup', source);
    expect(result.stderr).not.toContain('failed');
    expect(result.status).toBe(0);
    const [name] = readdirSync(join(source, 'backups'));
    expect(name).toMatch(/^backup-.*\.sql\.gz$/);
    file = join(source, 'backups', name ?? '');
    expect(result.stdout).toContain(`Backed up to ${file} (`);
  }, 120_000);

  it('restores it into an empty data folder', async () => {
    const result = command('restore', target, file);
    expect(result.stderr).not.toContain('failed');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/Restored [\d,]+ rows in \d+ tables in [\d.]+ s \(schema version \d+\)\./);
    expect(await factoryNames(target)).toContain('Backed Up Plant');
  }, 120_000);

  it('refuses a database that holds data without --force, and bad arguments', () => {
    const refused = command('restore', target, file);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/The database holds \d+ tables\. Restore into an empty database, or add --force/);
    expect(command('restore', target).stderr).toContain('Usage: npm run restore -- FILE [--force]');
    expect(command('restore', target, join(work, 'missing.sql.gz')).stderr).toContain('No such file');
  }, 120_000);

  it('refuses a data folder another live process holds', () => {
    const holder = spawn('sleep', ['30']);
    try {
      writeFileSync(
        join(source, 'server.lock'),
        JSON.stringify({ pid: holder.pid, host: hostname(), since: new Date().toISOString() }),
      );
      for (const result of [command('backup', source), command('restore', source, file, '--force')]) {
        expect(result.status).toBe(1);
        expect(result.stderr).toContain(`is in use by another process (pid ${holder.pid}`);
      }
    } finally {
      holder.kill();
      rmSync(join(source, 'server.lock'), { force: true });
    }
  }, 60_000);
});
