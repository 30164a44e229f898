/**
 * SIGTERM/SIGINT on a real server process (src/server/main.ts in a child, on an embedded database
 * in a folder): the request in flight finishes and is kept, live streams end, the database is closed
 * cleanly and the process exits 0; a request that never finishes is cut after 10 s.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ORIGIN = 'http://localhost:3999';
const ADMIN = { email: 'shutdown-admin@example.com', password: 'shutdown-password-1' };

interface Child {
  process: ChildProcess;
  base: string;
  log: () => string;
  /** Resolves when the server's log has a line matching `pattern`. */
  logged: (pattern: RegExp) => Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

async function startServer(dataDir: string): Promise<Child> {
  const { DATABASE_URL: _server, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...env,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      PUBLIC_URL: ORIGIN,
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      PGLITE_SHARED_BUFFERS: '64MB',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters: { pattern: RegExp; resolve: () => void }[] = [];
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const w of [...waiters]) {
      if (w.pattern.test(output)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const logged = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      if (pattern.test(output)) return resolve();
      waiters.push({ pattern, resolve });
      void exited.then(() => reject(new Error(`The server exited before logging ${pattern}:\n${output}`)));
    });
  await logged(/Server listening at http:\/\/127\.0\.0\.1:\d+/);
  const port = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1];
  return { process: child, base: `http://127.0.0.1:${port}`, log: () => output, logged, exited };
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function post(base: string, cookie: string, url: string, body: unknown): Promise<Response> {
  return fetch(`${base}${url}`, {
    method: 'POST',
    headers: { origin: ORIGIN, cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

// One engine is enough for the process's own behaviour: the embedded one, whose data folder must be
// left whole; the API tests on PostgreSQL skip it.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('stopping the server', () => {
  it('SIGTERM: the batch in flight finishes and is kept, the live stream ends, exit 0', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'stove-shutdown-'));
    dirs.push(dataDir);
    const server = await startServer(dataDir);
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
    const again = await startServer(dataDir);
    try {
      const cookieAgain = await signIn(again.base);
      const get = (url: string) => fetch(`${again.base}${url}`, { headers: { cookie: cookieAgain } });
      const kept = await get(`/api/stove-id-batches/${created.id}`);
      expect(kept.status).toBe(200);
      expect(((await kept.json()) as { count: number }).count).toBe(20_000);
      // A batch is all or nothing: its first and last IDs are both there.
      for (const code of [created.firstCode, created.lastCode]) {
        const found = await get(`/api/stove-ids?q=${code}`);
        expect(((await found.json()) as { items: { code: string }[] }).items.map((i) => i.code)).toContain(code);
      }
    } finally {
      again.process.kill('SIGINT');
      expect(await again.exited).toEqual({ code: 0, signal: null });
    }
  }, 120_000);

  it('a request that never finishes is cut 10 s after SIGTERM, and the server still exits 0', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'stove-shutdown-'));
    dirs.push(dataDir);
    const server = await startServer(dataDir);
    const { port } = new URL(server.base);
    // A client that announces a body and sends only its first byte.
    const socket = connect(Number(port), '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write(
      `POST /api/factories HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${ORIGIN}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    );
    await server.logged(/"url":"\/api\/factories"/);
    const stoppedAt = Date.now();
    server.process.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(10_000);
    expect(server.log()).toContain('requests still running after 10 s: closing their connections');
    socket.destroy();
  }, 60_000);
});
