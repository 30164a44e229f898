/** `npm start` (scripts/start.mjs) runs the build and refuses, with a clear message, when it is missing. */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const folder = mkdtempSync(join(tmpdir(), 'stove-start-'));
mkdirSync(join(folder, 'scripts'));
copyFileSync('scripts/start.mjs', join(folder, 'scripts', 'start.mjs'));
const start = (...args: string[]) =>
  spawnSync(process.execPath, [join(folder, 'scripts', 'start.mjs'), ...args], { encoding: 'utf8' });

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('npm start', () => {
  it('refuses to start without the build, naming what is missing and the command that makes it', () => {
    const result = start();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'The build is missing (dist/server/main.mjs, dist/web/index.html): run `npm run build` first, then `npm start`.',
    );
  });

  it('refuses while half of it is there', () => {
    mkdirSync(join(folder, 'dist', 'web'), { recursive: true });
    writeFileSync(join(folder, 'dist', 'web', 'index.html'), '<!doctype html>');
    const result = start();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('The build is missing (dist/server/main.mjs)');
  });

  it('runs the built server with node when the build is there', () => {
    mkdirSync(join(folder, 'dist', 'server'), { recursive: true });
    writeFileSync(join(folder, 'dist', 'server', 'main.mjs'), "console.log('built server ran');");
    const result = start();
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('built server ran');
  });

  it('runs npm run backup and npm run restore from the build too, with their arguments', () => {
    expect(start('backup').stderr).toContain(
      'The build is missing (dist/server/backup.mjs): run `npm run build` first, then `npm run backup`.',
    );
    writeFileSync(
      join(folder, 'dist', 'server', 'restore.mjs'),
      'console.log(`restore ${process.argv.slice(2).join(" ")}`);',
    );
    const result = start('restore', 'backup.sql.gz', '--force');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('restore backup.sql.gz --force');
  });
});
