// `npm run dev`: the API on :3001 (restarts on change, demo data in ./data/dev) and Vite on :5173 with hot reload.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3001';
const children = [
  spawn('npx', ['tsx', 'watch', 'scripts/demo.ts'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: apiPort,
      DATA_DIR: process.env.DATA_DIR ?? './data/dev',
      PUBLIC_URL: 'http://localhost:5173',
    },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
