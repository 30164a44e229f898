// The server's half of `npm run build`: plain JavaScript in dist/server, one file per entry, with the
// packages left to node_modules. `npm start` and `npm run demo` run it with node.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist/server', { recursive: true, force: true });
await build({
  entryPoints: {
    main: 'src/server/main.ts',
    demo: 'scripts/demo.ts',
    // Started by pglite-thread.ts as new URL('./pglite-worker.mjs', import.meta.url), beside the bundle.
    'pglite-worker': 'src/server/db/pglite-worker.mjs',
    // Started by dump.ts as new URL('./backup-worker.mjs', import.meta.url), beside the bundle.
    'backup-worker': 'src/server/db/backup-worker.mjs',
  },
  outdir: 'dist/server',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  packages: 'external',
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
});
