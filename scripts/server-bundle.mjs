// @ts-check
// How the server is bundled: plain JavaScript, one file per entry, with the packages left to
// node_modules. `npm run build` (build-server.mjs) writes dist/server; the tests that run a real
// server process (src/server/test/child-server.ts) write a folder of their own.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * Bundles `entryPoints` (name → source file from the project's root) into outdir, with the database's and the backup's workers beside them.
 * @param {string} outdir
 * @param {Record<string, string>} entryPoints
 */
export async function bundleServer(outdir, entryPoints) {
  await build({
    absWorkingDir: fileURLToPath(new URL('..', import.meta.url)),
    entryPoints: {
      ...entryPoints,
      // Started as new URL('./….mjs', import.meta.url) by pglite-thread.ts and dump.ts, beside the bundle.
      'pglite-worker': 'src/server/db/pglite-worker.mjs',
      'backup-worker': 'src/server/db/backup-worker.mjs',
    },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    packages: 'external',
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    logLevel: 'warning',
  });
}
