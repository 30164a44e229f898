import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const dir = (p: string) => fileURLToPath(new URL(p, import.meta.url));

const SERVER_TESTS = ['src/server/**/*.test.ts'];
/** Reads the deployment files, not a database: once per run, in the unit project. */
const DEPLOY_TEST = 'src/server/deploy-files.test.ts';
const NOT_API_TESTS = [...configDefaults.exclude, DEPLOY_TEST];
/**
 * API tests whose engine is not the point: what the demo data holds, how backups are kept and
 * scheduled. Their SQL is the same on both engines (each endpoint's API tests run on both), so they
 * run once per run: in the PostgreSQL project when it runs (faster there), else on PGlite.
 */
const ONCE_PER_RUN = ['src/server/demo/**', 'src/server/modules/backups/backups-runs.test.ts'];

/**
 * `npm run test:unit` runs, in one run: the unit tests of src/common and src/web, the API tests of
 * src/server on in-memory PGlite and, when TEST_DATABASE_URL names a PostgreSQL server, the same
 * API tests again on that server. A server test file builds its own app on its own database, so
 * its worker keeps the modules it imported for the next file (isolate: false) instead of importing
 * the whole server again; the web tests mock modules, so each of their files starts afresh.
 */
export default defineConfig({
  resolve: {
    alias: {
      '@common': dir('./src/common'),
      '@web': dir('./src/web'),
      '@server': dir('./src/server'),
    },
  },
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The API tests spend part of their time waiting on the database: one worker per core (vitest's
    // default leaves one core free), measured 321 s → 234 s on this two-core machine.
    maxWorkers: '100%',
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/common/**/*.test.ts', 'src/web/**/*.test.{ts,tsx}', DEPLOY_TEST] },
      },
      {
        extends: true,
        test: {
          name: 'api: PGlite',
          include: SERVER_TESTS,
          exclude: process.env.TEST_DATABASE_URL ? [...NOT_API_TESTS, ...ONCE_PER_RUN] : NOT_API_TESTS,
          isolate: false,
          // POSTGRES_PROJECT_ENV of src/server/test/test-database.ts.
          env: { TEST_DATABASE_URL: '', TEST_POSTGRES_PROJECT: process.env.TEST_DATABASE_URL ? '1' : '' },
          globalSetup: ['src/server/test/pglite-template.setup.ts'],
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: 'api: PostgreSQL',
                include: SERVER_TESTS,
                exclude: NOT_API_TESTS,
                isolate: false,
                globalSetup: ['src/server/test/postgres-template.setup.ts'],
              },
            },
          ]
        : []),
    ],
  },
});
