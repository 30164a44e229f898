// The end-to-end tests' server: the demo on a fresh embedded database every run.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

const dataDir = process.env.DATA_DIR ?? './data/e2e';
rmSync(dataDir, { recursive: true, force: true });
const child = spawn('npx', ['tsx', 'scripts/demo.ts'], {
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => process.exit(code ?? 0));
