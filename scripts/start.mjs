// `npm start` (and `npm run backup`, `npm run restore`): the built server or command (`npm run build`
// makes them), run by node; a clear message when the build is missing instead of a stack trace.
// `node scripts/start.mjs [main|backup|restore] [arguments…]`.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const COMMANDS = { main: 'npm start', backup: 'npm run backup', restore: 'npm run restore' };
const entry = process.argv[2] && process.argv[2] in COMMANDS ? process.argv[2] : 'main';
if (process.argv[2] === entry) process.argv.splice(2, 1);

const root = new URL('../', import.meta.url);
const missing = [`dist/server/${entry}.mjs`, 'dist/web/index.html'].filter(
  (file) => !existsSync(fileURLToPath(new URL(file, root))),
);
if (missing.length > 0) {
  console.error(
    `The build is missing (${missing.join(', ')}): run \`npm run build\` first, then \`${COMMANDS[entry]}\`.`,
  );
  process.exit(1);
}
process.setSourceMapsEnabled(true);
await import(new URL(`dist/server/${entry}.mjs`, root).href);
