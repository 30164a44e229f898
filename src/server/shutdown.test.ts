/**
 * SIGTERM/SIGINT on a real server process (src/server/main.ts in a child, on an embedded database
 * in a folder): the request in flight finishes and is kept, live streams end, the database is closed
 * cleanly and the process exits 0; a request that never finishes is cut after 10 s; a second server
 * on the same folder is refused.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildChildServer,
  CHILD_ORIGIN,
  get,
  post,
  signIn,
  startChildServer,
  type BuiltServer,
  type ChildServer,
} from './test/child-server';
import { migratedDataDir } from './test/test-database';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

// One engine is enough for the process's own behaviour: the embedded one, whose data folder must be
// left whole; the API tests on PostgreSQL skip it.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('stopping the server', () => {
  let built: BuiltServer;
  /** The server started again on the first test's folder, which the second test stops. */
  let again: ChildServer | undefined;
  beforeAll(async () => {
    built = await buildChildServer();
  });
  afterAll(() => {
    again?.process.kill('SIGKILL');
    built.remove();
  });

  it('SIGTERM: the batch in flight finishes and is kept, the live stream ends, exit 0', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'stove-shutdown-'));
    dirs.push(dataDir);
    await migratedDataDir(dataDir);
    const server = await startChildServer(built, { dataDir });
    const cookie = await signIn(server.base);
    const factory = await post(server.base, cookie, '/api/factories', {
      name: 'Shutdown Plant',
      code: 'SDP',
      kind: 'plant',
    });
    expect(factory.status).toBe(201);
    const factoryId = ((await factory.json()) as { id: string }).id;

    const live = await fetch(`${server.base}/api/live`, { headers: { cookie, accept: 'text/event-stream' } });
    expect(live.status).toBe(200);
    const liveEnded = live.text();

    const batch = post(server.base, cookie, '/api/stove-id-batches', {
      factoryId,
      prefix: 'SD',
      firstNumber: 1,
      count: 20_000,
      width: 6,
    });
    await server.logged(/"url":"\/api\/stove-id-batches"/);
    server.process.kill('SIGTERM');

    const answered = await batch;
    expect(answered.status).toBe(201);
    const created = (await answered.json()) as { id: string; count: number; firstCode: string; lastCode: string };
    expect(created.count).toBe(20_000);
    await liveEnded;
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.log()).toContain('shut down cleanly');

    // Started again on the same folder: the batch is there, whole.
    again = await startChildServer(built, { dataDir });
    const cookieAgain = await signIn(again.base);
    const kept = await get(again.base, cookieAgain, `/api/stove-id-batches/${created.id}`);
    expect(kept.status).toBe(200);
    expect(((await kept.json()) as { count: number }).count).toBe(20_000);
    // A batch is all or nothing: its first and last IDs are both there.
    for (const code of [created.firstCode, created.lastCode]) {
      const found = await get(again.base, cookieAgain, `/api/stove-ids?q=${code}`);
      expect(((await found.json()) as { items: { code: string }[] }).items.map((i) => i.code)).toContain(code);
    }

    // A second server on the same folder (a second npm start, a restart overlapping the old process)
    // is refused before it opens the database, naming the process that has it; the first goes on.
    await expect(startChildServer(built, { dataDir })).rejects.toThrow(
      `is in use by another process (pid ${again.process.pid}`,
    );
    expect((await get(again.base, cookieAgain, '/api/ready')).status).toBe(200);
  }, 120_000);

  it('SIGINT: a request that never finishes is cut after 10 s, and the server still exits 0', async () => {
    const server = again;
    if (!server) throw new Error('the first test did not start the server again');
    const { port } = new URL(server.base);
    // A client that announces a body and sends only its first byte.
    const socket = connect(Number(port), '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write(
      `POST /api/factories HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${CHILD_ORIGIN}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    );
    await server.logged(/"url":"\/api\/factories"/);
    const stoppedAt = Date.now();
    server.process.kill('SIGINT');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    again = undefined;
    expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(10_000);
    expect(server.log()).toContain('requests still running after 10 s: closing their connections');
    expect(server.log()).toContain('shut down cleanly');
    socket.destroy();
  }, 60_000);
});
