/**
 * `npm run backup`: a backup now, into the backup folder (BACKUP_DIR, default DATA_DIR/backups),
 * listed on the Backups page. On PostgreSQL it runs beside running servers; an embedded database
 * is one process's: while the server runs on it, use "Back up now" on its Backups page.
 */
import { loadConfig } from '../src/server/config';
import { migrationStatus } from '../src/server/db/migrations';
import { Backups, backupSettings, writeBackupFile } from '../src/server/modules/backups/backups.service';
import { runCommand, withConfiguredDatabase } from './command';

const log = {
  info: () => undefined,
  warn: (...args: unknown[]) => console.warn(...args.filter((a) => typeof a === 'string')),
  error: () => undefined,
};

runCommand('Backup', async () => {
  const config = loadConfig();
  const settings = backupSettings(config);
  return withConfiguredDatabase(config, 2, async (handle) => {
    const status = await migrationStatus(handle.db);
    let shown = -1;
    const onProgress = (progress: number, step: string) => {
      const percent = Math.floor(progress * 100);
      if (percent === shown) return;
      shown = percent;
      process.stderr.write(`  ${String(percent).padStart(3)} %  ${step}\n`);
    };
    const started = Date.now();
    let path: string;
    let size: number;
    if (status.applied < status.expected) {
      // A database this build has not migrated yet (no backup table to list it in): the file only.
      const made = await writeBackupFile(handle, settings, 'command', { onProgress });
      path = made.path;
      size = made.sizeBytes;
    } else {
      const backups = new Backups(handle, settings, log);
      const row = await backups.run('command', null);
      path = `${settings.directory}/${row.fileName}`;
      size = row.sizeBytes ?? 0;
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`Backed up to ${path} (${(size / 1024 / 1024).toFixed(1)} MB in ${seconds} s).`);
    return 0;
  });
});
