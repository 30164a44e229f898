/**
 * A start that migrates (docs/upgrade.md): a backup first when the database already holds a
 * schema to upgrade, then the migrations in one transaction; a failing migration leaves the
 * database as it was and the error names the migration and the backup to go back to.
 */
import type { DatabaseHandle } from '../../db/client';
import { MigrationFailedError, migrationStatus } from '../../db/migrations';
import { writeBackupFile, type BackupSettings, type MadeBackup } from './backups.service';

export class UpgradeFailedError extends Error {}

export interface Upgrade {
  /** The backup made before migrating (null: nothing to upgrade, or an empty database). */
  backup: MadeBackup | null;
  /** The migrations applied. */
  applied: string[];
}

export async function upgradeDatabase(
  handle: DatabaseHandle,
  settings: BackupSettings,
  folder?: string,
): Promise<Upgrade> {
  const status = await migrationStatus(handle.db, folder);
  const backup =
    status.applied > 0 && status.applied < status.expected
      ? await writeBackupFile(handle, settings, 'before-upgrade')
      : null;
  try {
    return { backup, applied: await handle.migrate(folder) };
  } catch (error) {
    if (!(error instanceof MigrationFailedError)) throw error;
    const lines = [
      `${error.message}.`,
      'Nothing of this upgrade was applied: the database is as it was before this start.',
      backup
        ? `It was backed up before migrating to ${backup.path}; to go back to that backup: ` +
          `npm run restore -- ${backup.path} --force`
        : 'It was empty, so there is no backup to go back to.',
      'Start the previous version again (docs/upgrade.md, "Rolling back"), and report the migration’s error.',
    ];
    throw new UpgradeFailedError(lines.join('\n'));
  }
}
