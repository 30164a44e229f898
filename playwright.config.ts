import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_INSTALL_HINT, chromiumPath } from './scripts/chromium';

function browserPath(): string {
  const found = chromiumPath();
  if (!found) throw new Error(`No Chromium found for the end-to-end tests: ${CHROMIUM_INSTALL_HINT}.`);
  return found;
}

const PORT = Number(process.env.E2E_PORT ?? 3100);
const url = (port: number) => `http://localhost:${port}`;
/**
 * With TEST_DATABASE_URL (CI sets it) every test runs against a server on that PostgreSQL, and the
 * tests tagged @smoke run again against a second server on the embedded PGlite, the default engine.
 * Without it, every test runs on PGlite.
 */
const POSTGRES = process.env.TEST_DATABASE_URL;

function demoServer(port: number, env: Record<string, string>) {
  return {
    command: 'node scripts/e2e-server.mjs',
    url: `${url(port)}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe' as const,
    env: {
      PORT: String(port),
      PUBLIC_URL: url(port),
      SIGN_IN_RATE_LIMIT_PER_MINUTE: '10000',
      SIGN_IN_FAILURES_PER_EMAIL: '1000',
      LOG_LEVEL: 'warn',
      ...env,
    },
  };
}

const desktop = devices['Desktop Chrome'];
const pgliteDir = process.env.E2E_DATA_DIR ?? './data/e2e';

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  // Upper bounds on waiting, not targets (those are in `npm run bench`): generous, because the
  // two-core CI machine's speed varies from day to day by up to twice (decision 0009).
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    // A trace records every step of every test, failing or not: a third more time on two cores. CI
    // shows only its log, where nobody can open a trace, so it records none; run the failing test
    // locally to get one.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: browserPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  projects: POSTGRES
    ? [
        { name: 'postgres', use: { ...desktop, baseURL: url(PORT) } },
        { name: 'pglite-smoke', grep: /@smoke/, use: { ...desktop, baseURL: url(PORT + 1) } },
      ]
    : [{ name: 'pglite', use: { ...desktop, baseURL: url(PORT) } }],
  webServer: POSTGRES
    ? [demoServer(PORT, { E2E_DATABASE_URL: POSTGRES }), demoServer(PORT + 1, { DATA_DIR: `${pgliteDir}-smoke` })]
    : [demoServer(PORT, { DATA_DIR: pgliteDir })],
});
