// The server's half of `npm run build`: dist/server, which `npm start` and `npm run demo` run with node.
import { rmSync } from 'node:fs';
import { bundleServer } from './server-bundle.mjs';

rmSync('dist/server', { recursive: true, force: true });
await bundleServer('dist/server', {
  main: 'src/server/main.ts',
  demo: 'scripts/demo.ts',
  backup: 'scripts/backup.ts',
  restore: 'scripts/restore.ts',
});
