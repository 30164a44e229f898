// `npm run test:unit`: unit and API tests on embedded PGlite, then the API tests again on
// PostgreSQL when TEST_DATABASE_URL is set (CI sets it to the local server).
import { spawnSync } from 'node:child_process';

const extra = process.argv.slice(2);
const { TEST_DATABASE_URL, ...withoutPostgres } = process.env;

function vitest(label, env, args) {
  console.log(`\n== vitest: ${label}`);
  const result = spawnSync('npx', ['vitest', 'run', ...args, ...extra], { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

vitest('unit + API tests on PGlite', withoutPostgres, []);
if (TEST_DATABASE_URL) {
  vitest(`API tests on PostgreSQL (${TEST_DATABASE_URL.replace(/\/\/[^@]*@/, '//')})`, process.env, ['src/server']);
} else {
  console.log('\n(TEST_DATABASE_URL is not set: the API tests ran on PGlite only.)');
}
