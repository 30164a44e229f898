/**
 * Folders the server reads at run time, found from the project's root (the folder with
 * package.json), so that the same code finds them when run from src/ by tsx (development, tests)
 * and from the bundle in dist/server/ (`npm start`).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No package.json above ${from}: the server runs from its project folder`);
  }
}

export const PROJECT_ROOT = findProjectRoot(dirname(fileURLToPath(import.meta.url)));
/** The SQL migrations (`npm run db:generate` writes them). */
export const MIGRATIONS_DIR = join(PROJECT_ROOT, 'drizzle');
/** The App Doc guide's Markdown pages. */
export const APP_DOC_DIR = join(PROJECT_ROOT, 'docs', 'app-doc');
