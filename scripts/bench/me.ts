/** GET /api/me under load (autocannon) at 10 and 50 connections, on PGlite and, when given, PostgreSQL. */
import autocannon from 'autocannon';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openScratchDatabase } from '../../src/server/test/test-database';
import { createUser } from '../../src/server/modules/users/users.service';

const PASSWORD = 'bench-password-123';

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'bench@example.com', password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie()[0]?.split(';')[0];
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}

function run(url: string, cookie: string, connections: number): Promise<autocannon.Result> {
  return autocannon({ url, connections, duration: 10, headers: { cookie } });
}

export async function benchMe(label: string, databaseUrl?: string): Promise<void> {
  const handle = await openScratchDatabase(databaseUrl);
  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: '0',
    SIGN_IN_RATE_LIMIT_PER_MINUTE: '100000',
    WEB_DIST_DIR: '/nonexistent',
  });
  const { app } = await buildApp({ db: handle.db, config, authSecret: 'bench-secret'.padEnd(40, 'x') });
  await createUser(handle.db, null, {
    email: 'bench@example.com',
    name: 'Bench User',
    password: PASSWORD,
    groups: ['Factory Manager', 'Sales Officer'],
    factoryId: null,
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const cookie = await signIn(address);
    await run(`${address}/api/me`, cookie, 10); // warm-up
    console.log(`\n## GET /api/me on ${label} (10 s per run)`);
    for (const connections of [10, 50]) {
      const r = await run(`${address}/api/me`, cookie, connections);
      const non2xx = r.non2xx + r.errors;
      console.log(
        `  ${String(connections).padStart(2)} connections: p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ` +
          `${Math.round(r.requests.average)} req/s${non2xx ? `, ${non2xx} failed` : ''}`,
      );
    }
    // autocannon returns when its time is up; let its last requests finish before closing the pool.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  } finally {
    await app.close();
    await handle.close();
  }
}
