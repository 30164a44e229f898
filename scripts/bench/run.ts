/**
 * `npm run bench`: prints figures, asserts nothing (the tests assert behaviour).
 * Builds the web client first. Set BENCH_DATABASE_URL to a PostgreSQL server where a scratch
 * database may be created and dropped (e.g. postgres://postgres@127.0.0.1:5432/postgres).
 */
import { execSync } from 'node:child_process';
import { bundleReport } from './bundle';
import { benchMe } from './me';
import { benchPartners } from './partners';
import { benchStoveIds } from './stove-ids';
import { benchStoveTransfers } from './stove-transfers';
import { benchStoveValidation } from './stove-validation';

execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
bundleReport('features/auth/pages/login-page.tsx');
await benchMe('PGlite');
if (process.env.BENCH_DATABASE_URL) await benchMe('PostgreSQL', process.env.BENCH_DATABASE_URL);
await benchPartners('PGlite');
if (process.env.BENCH_DATABASE_URL) await benchPartners('PostgreSQL', process.env.BENCH_DATABASE_URL);
await benchStoveIds('PGlite');
if (process.env.BENCH_DATABASE_URL) await benchStoveIds('PostgreSQL', process.env.BENCH_DATABASE_URL);
await benchStoveTransfers('PGlite');
if (process.env.BENCH_DATABASE_URL) await benchStoveTransfers('PostgreSQL', process.env.BENCH_DATABASE_URL);
await benchStoveValidation('PGlite');
if (process.env.BENCH_DATABASE_URL) await benchStoveValidation('PostgreSQL', process.env.BENCH_DATABASE_URL);
if (!process.env.BENCH_DATABASE_URL) console.log('\n(BENCH_DATABASE_URL is not set: PostgreSQL figures skipped.)');
