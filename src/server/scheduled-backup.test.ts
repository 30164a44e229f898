/**
 * Several instances on one PostgreSQL database: two real server processes with their schedule of
 * backups (every 3.6 s here) make each scheduled backup once, not once each.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChildServer, startChildServer, type BuiltServer } from './test/child-server';
import { createScratchDatabase } from './test/test-database';

const serverUrl = process.env.TEST_DATABASE_URL;
const INTERVAL_HOURS = 0.001;
const INTERVAL_MS = INTERVAL_HOURS * 3_600_000;

describe.runIf(Boolean(serverUrl))('scheduled backups with two servers on one database', () => {
  let built: BuiltServer;
  const folder = mkdtempSync(join(tmpdir(), 'stove-two-servers-'));
  beforeAll(async () => {
    built = await buildChildServer();
  }, 60_000);
  afterAll(() => {
    built.remove();
    rmSync(folder, { recursive: true, force: true });
  });

  it('runs each scheduled backup once, by one of them', async () => {
    const database = await createScratchDatabase(serverUrl ?? '', 'stove_two_servers');
    try {
      const dirs = [join(folder, 'one'), join(folder, 'two')];
      const servers = await Promise.all(
        dirs.map((dir) =>
          startChildServer(
            built,
            { url: database.url },
            { BACKUP_DIR: dir, BACKUP_INTERVAL_HOURS: String(INTERVAL_HOURS) },
          ),
        ),
      );
      // Three intervals and a bit: two or three scheduled backups are due meanwhile.
      await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS * 3 + 1500));
      for (const server of servers) server.process.kill('SIGTERM');
      for (const server of servers) expect((await server.exited).code).toBe(0);

      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      let rows: { fileName: string; status: string; at: number }[];
      try {
        ({ rows } = await client.query<{ fileName: string; status: string; at: number }>(
          `select file_name as "fileName", status, extract(epoch from started_at)::float8 * 1000 as at
             from backup_runs where trigger = 'scheduled' order by started_at`,
        ));
      } finally {
        await client.end();
      }
      const made = rows.filter((r) => r.status === 'succeeded');
      expect(made.length).toBeGreaterThanOrEqual(2);
      // One a time: never two within one interval (each claimed by one server).
      for (let i = 1; i < rows.length; i++) {
        expect((rows[i]?.at ?? 0) - (rows[i - 1]?.at ?? 0)).toBeGreaterThan(INTERVAL_MS * 0.9);
      }
      // Each file in one server's folder only.
      const files = dirs.flatMap((dir) => readdirSync(dir).filter((f) => f.endsWith('.sql.gz')));
      expect(files.sort()).toEqual(made.map((r) => r.fileName).sort());
    } finally {
      await database.drop();
    }
  }, 120_000);
});
