/**
 * A backup restores to the same data on either engine: the demo data and a batch of 100,000 stove
 * IDs, dumped while the database serves, restored into an empty database, every table's rows and
 * their checksum equal, the restored app signs users in and tells the same stove ID histories.
 *
 * The round trip of that data runs once per run, where it crosses both engines: in the "api:
 * PostgreSQL" project, PostgreSQL → PostgreSQL and PostgreSQL → PGlite → PostgreSQL (so PGlite
 * restores it and backs it up); without a PostgreSQL server, PGlite → PGlite. Each engine also
 * backs up a small database while answering queries, and restores it forced over data and
 * half-way into failure.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { DEMO_PASSWORD } from '../demo/accounts';
import { seedDemoData } from '../demo/seed';
import { makeStoveIds } from '../test/stove-ids';
import { POSTGRES_PROJECT_ENV, openEmptyDatabase, openScratchDatabase } from '../test/test-database';
import { queryRows, type DatabaseHandle } from './client';
import { dumpDatabase } from './dump';
import { RestoreFailedError, RestoreRefusedError, countUserTables, restoreDump } from './restore';

const serverUrl = process.env.TEST_DATABASE_URL;
/** Set in the PGlite project when the PostgreSQL project runs too (vitest.config.ts). */
const postgresProjectRuns = Boolean(process.env[POSTGRES_PROJECT_ENV]);
const BATCH = 100_000;

/** Every table of the database with its row count and a checksum of its rows (in any order). */
async function fingerprint(handle: DatabaseHandle): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    handle.db,
    sql`select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where c.relkind = 'r' and n.nspname in ('public', 'drizzle') order by 1`,
  );
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number; sum: string }>(
      handle.db,
      sql.raw(`select count(*)::int as n, coalesce(md5(string_agg(md5(t::text), '' order by md5(t::text))), '')
                 as sum from ${name} t`),
    );
    result[name] = `${row?.n} ${row?.sum}`;
  }
  return result;
}

/** The embedded source lives in a folder, as the server's does (its backup copies the folder). */
function sourceDatabase(): Promise<DatabaseHandle> {
  return openScratchDatabase(serverUrl, { folderIn: tmpdir() });
}

/**
 * Backs source up into file while a query every 20 ms goes on being answered (requests keep being
 * served); returns how many were answered and the progress reported.
 */
async function dumpWhileAnswering(
  source: DatabaseHandle,
  file: string,
): Promise<{ answered: number; steps: number[] }> {
  const steps: number[] = [];
  let answered = 0;
  let dumping = true;
  const dump = dumpDatabase(source, {
    file,
    header: '-- test backup\n',
    onProgress: (p) => steps.push(p.progress),
  }).finally(() => (dumping = false));
  while (dumping) {
    await queryRows(source.db, sql`select count(*) from factories`);
    answered++;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await dump;
  return { answered, steps };
}

/** Signs the demo Admin in on an app over handle and reads a stove ID's page. */
async function historyThroughTheApp(handle: DatabaseHandle, code: string): Promise<unknown> {
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000', WEB_DIST_DIR: '/nonexistent' });
  const { app } = await buildApp({ db: handle.db, config, authSecret: 'restore-test-'.padEnd(40, 'x') });
  try {
    const headers = { origin: 'http://localhost:3000' };
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers,
      payload: { email: 'admin@example.com', password: DEMO_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    const cookie = String(signIn.headers['set-cookie']).split(';')[0] ?? '';
    const page = await app.inject({ method: 'GET', url: `/api/stove-ids/${code}`, headers: { ...headers, cookie } });
    expect(page.statusCode).toBe(200);
    return page.json();
  } finally {
    await app.close();
  }
}

describe.skipIf(!serverUrl && postgresProjectRuns)('a backup of the demo data and 100,000 stove IDs', () => {
  let source: DatabaseHandle;
  let folder: string;
  let file: string;
  let before: Record<string, string>;
  let demoCode: string;
  let batchCode: string;
  let dumped: { answered: number; steps: number[] };

  beforeAll(async () => {
    source = await sourceDatabase();
    folder = await mkdtemp(join(tmpdir(), 'stove-backups-'));
    file = join(folder, 'backup.sql.gz');
    await seedDemoData(source.db);
    const [factory] = await queryRows<{ id: string }>(source.db, sql`select id from factories order by code limit 1`);
    const made = await makeStoveIds(source.db, { factoryId: factory?.id ?? '', count: BATCH, status: 'coupled' });
    batchCode = made.codes[BATCH - 1] ?? '';
    const [demo] = await queryRows<{ code: string }>(
      source.db,
      sql`select s.code from stove_ids s join stove_id_events e on e.stove_id_id = s.id
           group by s.code order by count(*) desc, s.code limit 1`,
    );
    demoCode = demo?.code ?? '';
    before = await fingerprint(source);
    dumped = await dumpWhileAnswering(source, file);
  }, 300_000);

  afterAll(async () => {
    await source.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('dumps while the database goes on answering, into a gzipped plain SQL file with progress', async () => {
    expect(dumped.answered).toBeGreaterThan(3);
    expect(dumped.steps.length).toBeGreaterThan(3);
    const text = gunzipSync(await readFile(file)).toString('utf8');
    expect(text.startsWith('-- test backup\n')).toBe(true);
    expect(text).toMatch(/^CREATE TABLE public\.stove_ids \(/m);
    expect(text).toMatch(/^COPY public\.stove_ids \([^)]+\) FROM stdin;$/m);
    expect(text).toContain(`\t${batchCode}\t`);
  }, 300_000);

  it('restores into an empty database: every table and its rows the same, sign-in and histories work', async () => {
    const target = await openEmptyDatabase(serverUrl);
    try {
      const result = await restoreDump(target, { file });
      expect(result.rows).toBeGreaterThan(BATCH * 2);
      expect(await fingerprint(target)).toEqual(before);
      expect(await historyThroughTheApp(target, demoCode)).toEqual(await historyThroughTheApp(source, demoCode));
      expect(await historyThroughTheApp(target, batchCode)).toEqual(await historyThroughTheApp(source, batchCode));
    } finally {
      await target.close();
    }
  }, 300_000);

  it.runIf(serverUrl)(
    'restores into an empty PGlite database too, whose own backup restores back into PostgreSQL',
    async () => {
      const embedded = await openEmptyDatabase(undefined);
      try {
        await restoreDump(embedded, { file });
        expect(await fingerprint(embedded)).toEqual(before);
        const back = join(folder, 'back.sql.gz');
        await dumpDatabase(embedded, { file: back, header: '' });
        const again = await openEmptyDatabase(serverUrl);
        try {
          await restoreDump(again, { file: back });
          expect(await fingerprint(again)).toEqual(before);
        } finally {
          await again.close();
        }
      } finally {
        await embedded.close();
      }
    },
    300_000,
  );
});

describe(`a small backup on ${serverUrl ? 'PostgreSQL' : 'PGlite'}`, () => {
  let source: DatabaseHandle;
  let folder: string;
  let file: string;
  let before: Record<string, string>;
  let dumped: { answered: number; steps: number[] };

  beforeAll(async () => {
    source = await sourceDatabase();
    folder = await mkdtemp(join(tmpdir(), 'stove-backups-'));
    file = join(folder, 'small.sql.gz');
    for (const [name, code] of [
      ['Backed Up Plant', 'BUP'],
      ['Second Plant', 'SEC'],
      ["O'Brien; \\ Plant", 'OBP'],
    ]) {
      await source.db.execute(sql`insert into factories (name, code, kind) values (${name}, ${code}, 'both')`);
    }
    before = await fingerprint(source);
    dumped = await dumpWhileAnswering(source, file);
  }, 120_000);

  afterAll(async () => {
    await source.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('is made while the database goes on answering, with progress that only goes forward', () => {
    expect(dumped.answered).toBeGreaterThan(0);
    expect(dumped.steps.length).toBeGreaterThan(3);
    expect(dumped.steps.every((p, i) => p >= 0 && p <= 1 && (i === 0 || p >= (dumped.steps[i - 1] ?? 0)))).toBe(true);
  });

  it('refuses a database that holds data unless forced, and then replaces it', async () => {
    await expect(restoreDump(source, { file })).rejects.toThrow(RestoreRefusedError);
    await expect(restoreDump(source, { file })).rejects.toThrow(/holds \d+ tables.*--force/);
    // A migrated database that holds a factory of its own.
    const target = await openScratchDatabase(serverUrl, { folderIn: tmpdir() });
    try {
      await target.db.execute(sql`insert into factories (name, code, kind) values ('Kept', 'KPT', 'assembly')`);
      await restoreDump(target, { file, force: true });
      expect(await fingerprint(target)).toEqual(before);
    } finally {
      await target.close();
    }
  }, 120_000);

  it('leaves the database as it was when the dump fails part way', async () => {
    const text = gunzipSync(await readFile(file)).toString('utf8');
    // A row that breaks a unique key, after the schema and some of the data have gone in.
    const broken = text.replace(/^(COPY public\.factories \([^)]+\) FROM stdin;\n)([^\n]+\n)/m, '$1$2$2');
    expect(broken).not.toBe(text);
    const brokenFile = join(folder, 'broken.sql');
    await writeFile(brokenFile, broken);
    const target = await openEmptyDatabase(serverUrl);
    try {
      await expect(restoreDump(target, { file: brokenFile })).rejects.toThrow(RestoreFailedError);
      expect(await countUserTables(target)).toBe(0);
      const cut = join(folder, 'cut.sql');
      // Cut inside a statement, after the tables before it were created.
      await writeFile(cut, text.slice(0, text.indexOf('CREATE TABLE public.stove_ids (') + 20));
      await expect(restoreDump(target, { file: cut })).rejects.toThrow(/cut short/);
      expect(await countUserTables(target)).toBe(0);
    } finally {
      await target.close();
    }
  }, 120_000);
});
