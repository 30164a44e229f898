// The end-to-end tests' server: the demo on a fresh database every run. With E2E_DATABASE_URL (a
// PostgreSQL server) the database `E2E_DATABASE_NAME` there is dropped and created anew; otherwise
// the embedded PGlite in DATA_DIR is emptied.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import pg from 'pg';

const env = { ...process.env };
const serverUrl = process.env.E2E_DATABASE_URL;
if (serverUrl) {
  const name = process.env.E2E_DATABASE_NAME ?? 'stove_e2e';
  if (!/^[a-z_][a-z0-9_]*$/.test(name))
    throw new Error(`E2E_DATABASE_NAME must be a plain lower-case name, not ${name}`);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
} else {
  env.DATA_DIR = process.env.DATA_DIR ?? './data/e2e';
  rmSync(env.DATA_DIR, { recursive: true, force: true });
}

// The built demo (`npm run test:e2e` builds first), as `npm run demo` runs it.
const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/demo.mjs'], { stdio: 'inherit', env });
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => process.exit(code ?? 0));
