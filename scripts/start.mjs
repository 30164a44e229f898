// `npm start`: the built server (`npm run build` makes it), run by node; a clear message when the
// build is missing instead of a stack trace.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = new URL('../', import.meta.url);
const missing = ['dist/server/main.mjs', 'dist/web/index.html'].filter(
  (file) => !existsSync(fileURLToPath(new URL(file, root))),
);
if (missing.length > 0) {
  console.error(`The build is missing (${missing.join(', ')}): run \`npm run build\` first, then \`npm start\`.`);
  process.exit(1);
}
process.setSourceMapsEnabled(true);
await import(new URL('dist/server/main.mjs', root).href);
