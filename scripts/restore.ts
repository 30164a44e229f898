/**
 * `npm run restore -- FILE [--force]`: restores a backup (or any plain `pg_dump` file, gzipped or
 * not) into the database the configuration names: DATABASE_URL's PostgreSQL, else the embedded
 * database in DATA_DIR, and the files the backup lists (BACKUP_DIR/files) into FILES_DIR. The database must be empty; --force replaces what it holds. All or nothing.
 * Stop the server first (an embedded database is one process's; a PostgreSQL one must not change
 * under a restore).
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { loadConfig } from '../src/server/config';
import { readMigrations } from '../src/server/db/migrations';
import { restoreBlobs } from '../src/server/modules/backups/backup-files';
import { RestoreFailedError, RestoreRefusedError, restoreDump } from '../src/server/db/restore';
import { runCommand, withConfiguredDatabase } from './command';

const USAGE = 'Usage: npm run restore -- FILE [--force]   (FILE: a backup, .sql.gz or .sql)';

runCommand('Restore', async () => {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const files = args.filter((a) => a !== '--force');
  const unknown = files.filter((a) => a.startsWith('--'));
  if (files.length !== 1 || unknown.length > 0) {
    console.error(unknown.length > 0 ? `Unknown option ${unknown.join(', ')}.\n${USAGE}` : USAGE);
    return 2;
  }
  const file = resolve(files[0] ?? '');
  if (!existsSync(file)) {
    console.error(`No such file: ${file}`);
    return 2;
  }
  const config = loadConfig();
  const where = config.databaseUrl
    ? `the PostgreSQL database of DATABASE_URL`
    : `the embedded database in ${resolve(config.dataDir)}`;
  return withConfiguredDatabase(config, 1, async (handle) => {
    try {
      console.log(`Restoring ${file} into ${where}${force ? ' (replacing what it holds)' : ''}…`);
      const started = Date.now();
      let shown = -1;
      const result = await restoreDump(handle, {
        file,
        force,
        onProgress: (read, size) => {
          const percent = Math.floor((read / size) * 100);
          if (percent === shown || percent % 5 !== 0) return;
          shown = percent;
          process.stderr.write(`  ${String(percent).padStart(3)} %\n`);
        },
      });
      // The files the backup's rows use, from the files folder beside it, before the app starts.
      const restoredFiles = await restoreBlobs(file, resolve(config.filesDir));
      if (restoredFiles.copied + restoredFiles.present > 0) {
        console.log(
          `Restored ${restoredFiles.copied} files into ${resolve(config.filesDir)} (${restoredFiles.present} were there).`,
        );
      }
      if (restoredFiles.missing.length > 0) {
        console.warn(
          `${restoredFiles.missing.length} files the backup lists are not in ${join(dirname(file), 'files')}: ` +
            'their downloads will answer that the file is missing.',
        );
      }
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(
        `Restored ${result.rows.toLocaleString('en-US')} rows in ${result.tables} tables in ${seconds} s ` +
          `(schema version ${result.schemaVersion}).`,
      );
      const expected = readMigrations().length;
      if (result.schemaVersion > expected) {
        console.warn(
          `This backup was made by a newer version (schema version ${result.schemaVersion}; this one has ${expected}): ` +
            'start that version, not this one.',
        );
      } else if (result.schemaVersion < expected) {
        console.log(`The next start applies the ${expected - result.schemaVersion} newer migrations of this version.`);
      }
      console.log('Start the server: npm start');
      return 0;
    } catch (error) {
      if (error instanceof RestoreRefusedError || error instanceof RestoreFailedError) {
        console.error(error.message);
        if (error instanceof RestoreFailedError) console.error('Nothing was restored: the database is as it was.');
        return 1;
      }
      throw error;
    }
  });
});
