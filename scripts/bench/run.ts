/**
 * `npm run bench`: prints figures, asserts nothing (the tests assert behaviour).
 * Builds the web client first. Set BENCH_DATABASE_URL to a PostgreSQL server where a scratch
 * database may be created and dropped (e.g. postgres://postgres@127.0.0.1:5432/postgres).
 * `npm run bench -- stove-ids partners` runs only the named benchmarks.
 */
import { execSync } from 'node:child_process';
import { benchBackups } from './backups';
import { bundleReport } from './bundle';
import { benchCarbon } from './carbon';
import { benchCkdReports } from './ckd-reports';
import { benchDashboards } from './dashboards';
import { benchDurability } from './durability';
import { benchInventory } from './inventory';
import { benchMe } from './me';
import { benchPartners } from './partners';
import { benchSales } from './sales';
import { benchScreens } from './screens';
import { benchStoveIds } from './stove-ids';
import { benchStoveReports } from './stove-reports';
import { benchStoveTransfers } from './stove-transfers';
import { benchStoveValidation } from './stove-validation';

type Bench = (engine: 'PGlite' | 'PostgreSQL', databaseUrl?: string) => Promise<void>;

/** Every benchmark by name, in the order they run. */
const BENCHES: Record<string, Bench> = {
  me: benchMe,
  partners: benchPartners,
  'stove-ids': benchStoveIds,
  'stove-transfers': benchStoveTransfers,
  'stove-validation': benchStoveValidation,
  'ckd-reports': benchCkdReports,
  'stove-reports': benchStoveReports,
  inventory: benchInventory,
  sales: benchSales,
  carbon: benchCarbon,
  dashboards: benchDashboards,
  screens: benchScreens,
  backups: benchBackups,
  durability: benchDurability,
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in BENCHES));
if (unknown.length > 0) {
  console.error(`Unknown benchmark ${unknown.join(', ')}; known: ${Object.keys(BENCHES).join(', ')}`);
  process.exit(1);
}

execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
if (wanted.length === 0) bundleReport('features/auth/pages/login-page.tsx');
for (const [name, bench] of Object.entries(BENCHES)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  await bench('PGlite');
  if (process.env.BENCH_DATABASE_URL) await bench('PostgreSQL', process.env.BENCH_DATABASE_URL);
}
if (!process.env.BENCH_DATABASE_URL) console.log('\n(BENCH_DATABASE_URL is not set: PostgreSQL figures skipped.)');
