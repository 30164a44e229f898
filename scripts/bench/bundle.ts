/** Gzipped size of every built chunk, and of the JavaScript the /auth page loads (entry + its lazy route chunk). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const DIST = 'dist/web';

function gz(file: string): number {
  return gzipSync(readFileSync(join(DIST, file))).length;
}

function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) staticClosure(manifest, dep, seen);
  return seen;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export function bundleReport(routeModule: string): { authJsGzip: number } {
  const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
  console.log('\n## Built chunks (gzipped)');
  const rows = Object.values(manifest)
    .filter((c) => c.file.endsWith('.js'))
    .map((c) => ({ file: c.file, gzip: gz(c.file), src: c.src ?? '' }))
    .sort((a, b) => b.gzip - a.gzip);
  for (const r of rows) console.log(`  ${kb(r.gzip).padStart(10)}  ${r.file}  ${r.src}`);

  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  const routeKey = Object.keys(manifest).find((k) => k.endsWith(routeModule));
  if (!entryKey || !routeKey) throw new Error(`manifest has no entry or no chunk for ${routeModule}`);
  const keys = new Set([...staticClosure(manifest, entryKey), ...staticClosure(manifest, routeKey)]);
  const files = [...new Set([...keys].map((k) => manifest[k]?.file).filter((f): f is string => Boolean(f)))];
  const total = files.reduce((sum, f) => sum + gz(f), 0);
  console.log(`\n## /auth loads ${files.length} JS chunks: ${kb(total)} gzipped (budget 200 KB)`);
  for (const f of files) console.log(`  ${kb(gz(f)).padStart(10)}  ${f}`);
  return { authJsGzip: total };
}
