import { plural } from '@common/counted';
import type { Backup, BackupList, BackupStatus, BackupTrigger } from '@common/contracts/backups';
import { formatBytes, formatDateTime } from '@web/lib/format';

const TRIGGER_LABELS: Record<BackupTrigger, string> = {
  scheduled: 'Scheduled',
  manual: 'Back up now',
  'before-upgrade': 'Before an upgrade',
  command: 'npm run backup',
};

/** What started it, in a clerk's words: "Scheduled", "Back up now", "Before an upgrade", "npm run backup". */
export function triggerLabel(trigger: BackupTrigger): string {
  return TRIGGER_LABELS[trigger];
}

/** "Embedded (PGlite)" or "PostgreSQL" (another engine's name as the server sent it). */
export function engineLabel(engine: string): string {
  if (engine === 'pglite') return 'Embedded (PGlite)';
  if (engine === 'postgres') return 'PostgreSQL';
  return engine;
}

/** A running backup's progress (0 to 1) as a whole percentage, 0 to 100. */
export function progressPercent(progress: number): number {
  return Math.min(100, Math.max(0, Math.round(progress * 100)));
}

/** "Running 42%", "Made" or "Failed: <reason>". */
export function statusLabel(backup: { status: BackupStatus; progress: number; error: string | null }): string {
  switch (backup.status) {
    case 'running':
      return `Running ${progressPercent(backup.progress)}%`;
    case 'succeeded':
      return 'Made';
    case 'failed':
      return `Failed: ${backup.error ?? 'no reason given'}`;
  }
}

/** "37 MB", or '' while it runs and when it failed. */
export function sizeLabel(backup: Pick<Backup, 'sizeBytes'>): string {
  return backup.sizeBytes === null ? '' : formatBytes(backup.sizeBytes);
}

/** The toast when a backup ends well: "Backup made: backup-….sql.gz (37 MB)". */
export function madeMessage(backup: Pick<Backup, 'fileName' | 'sizeBytes'>): string {
  const size = sizeLabel(backup);
  return size ? `Backup made: ${backup.fileName} (${size})` : `Backup made: ${backup.fileName}`;
}

type Schedule = BackupList['schedule'];

function hours(n: number): string {
  return plural(n, 'hour', `${n} hours`);
}

/**
 * The schedule in plain words: "Automatic backup every 24 hours, the newest 14 kept, in /srv/….
 * Next: 27 Nov 2026, 19:20", or "Automatic backups are off (BACKUP_INTERVAL_HOURS=0). …".
 */
export function scheduleText(schedule: Schedule): string {
  if (schedule.intervalHours <= 0) {
    return (
      'Automatic backups are off (BACKUP_INTERVAL_HOURS=0). ' +
      `Backups go to ${schedule.directory}; the newest ${schedule.keep} are kept.`
    );
  }
  const next = schedule.nextRunAt ? ` Next: ${formatDateTime(schedule.nextRunAt)}` : '';
  return `Automatic backup every ${hours(schedule.intervalHours)}, the newest ${schedule.keep} kept, in ${schedule.directory}.${next}`;
}

/** The empty list's words under "No backups yet". */
export function emptyText(schedule: Schedule): string {
  if (schedule.intervalHours > 0 && schedule.nextRunAt) {
    return `The first automatic one runs ${formatDateTime(schedule.nextRunAt)}, or back up now.`;
  }
  return 'Back up now to make the first one.';
}
