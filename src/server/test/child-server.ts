/**
 * A real server process for the tests of the process's own behaviour (shutdown.test.ts,
 * crash.test.ts): src/server/main.ts bundled as `npm run build` bundles it, run by node in a child,
 * on a free port, on an embedded database in a folder or on a PostgreSQL database, with a first
 * Admin to sign in as. (Started through tsx instead, the child took about twice as long to listen:
 * its loader transpiles every module of the server on each start.)
 *
 *   const built = await buildChildServer();          // beforeAll; built.remove() in afterAll
 *   const server = await startChildServer(built, { dataDir });
 *   const cookie = await signIn(server.base);
 *   const res = await post(server.base, cookie, '/api/factories', { name, code, kind: 'plant' });
 *   server.process.kill('SIGTERM');
 *   expect(await server.exited).toEqual({ code: 0, signal: null });
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { bundleServer } from '../../../scripts/server-bundle.mjs';
import { PROJECT_ROOT } from '../paths';

export const CHILD_ORIGIN = 'http://localhost:3999';
/** The Admin the child creates on an empty database (ADMIN_EMAIL, ADMIN_PASSWORD). */
export const CHILD_ADMIN = { email: 'child-admin@example.com', password: 'kiln-ember-lantern-7' };

/** Where the child's data is: an embedded database's folder, or a PostgreSQL database's URL. */
export type ChildDatabase = { dataDir: string } | { url: string };

export interface ChildServer {
  process: ChildProcess;
  /** http://127.0.0.1:<port> */
  base: string;
  /** Everything the child wrote on stdout and stderr so far. */
  log: () => string;
  /** Resolves when the server's log has a line matching `pattern`. */
  logged: (pattern: RegExp) => Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The bundled server, in a folder of the project (dist-child-…, which git ignores). */
export interface BuiltServer {
  /** The server's file (main.mjs). */
  main: string;
  /** The folder: each entry is `<name>.mjs` in it. */
  dir: string;
  remove: () => void;
}

/** Bundles the server, or the entries named (name → source file, e.g. `{ backup: 'scripts/backup.ts' }`). */
export async function buildChildServer(
  entries: Record<string, string> = { main: 'src/server/main.ts' },
): Promise<BuiltServer> {
  const outdir = mkdtempSync(join(PROJECT_ROOT, 'dist-child-'));
  await bundleServer(outdir, entries);
  return {
    main: join(outdir, 'main.mjs'),
    dir: outdir,
    remove: () => rmSync(outdir, { recursive: true, force: true }),
  };
}

const LISTENING = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/;

/** Starts the built server and resolves once it listens. */
export async function startChildServer(
  built: BuiltServer,
  database: ChildDatabase,
  /** More settings (BACKUP_DIR…). */
  settings: Record<string, string> = {},
): Promise<ChildServer> {
  const { DATABASE_URL: _inherited, ...env } = process.env;
  const child = spawn(process.execPath, ['--enable-source-maps', built.main], {
    env: {
      ...env,
      ...('url' in database ? { DATABASE_URL: database.url } : { DATA_DIR: database.dataDir }),
      HOST: '127.0.0.1',
      PORT: '0',
      PUBLIC_URL: CHILD_ORIGIN,
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: CHILD_ADMIN.email,
      ADMIN_PASSWORD: CHILD_ADMIN.password,
      PGLITE_SHARED_BUFFERS: '64MB',
      ...settings,
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
  await logged(LISTENING);
  const port = LISTENING.exec(output)?.[1];
  return { process: child, base: `http://127.0.0.1:${port}`, log: () => output, logged, exited };
}

/** Signs in as CHILD_ADMIN: the session cookie. */
export async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: CHILD_ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify(CHILD_ADMIN),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export function get(base: string, cookie: string, url: string): Promise<Response> {
  return fetch(`${base}${url}`, { headers: { cookie } });
}

export function post(
  base: string,
  cookie: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${base}${url}`, {
    method: 'POST',
    headers: { origin: CHILD_ORIGIN, cookie, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}
