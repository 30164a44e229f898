import { describe, expect, it } from 'vitest';
import type { BackupList } from '@common/contracts/backups';
import { formatDateTime } from '@web/lib/format';
import {
  emptyText,
  engineLabel,
  madeMessage,
  progressPercent,
  scheduleText,
  sizeLabel,
  statusLabel,
  triggerLabel,
} from './backups-labels.model';

const schedule: BackupList['schedule'] = {
  intervalHours: 24,
  keep: 14,
  nextRunAt: '2026-11-27T19:20:00.000Z',
  directory: '/srv/stove/data/backups',
};
const next = formatDateTime(schedule.nextRunAt ?? '');

describe('backup labels', () => {
  it('names what started a backup in words a clerk understands', () => {
    expect(triggerLabel('scheduled')).toBe('Scheduled');
    expect(triggerLabel('manual')).toBe('Back up now');
    expect(triggerLabel('before-upgrade')).toBe('Before an upgrade');
    expect(triggerLabel('command')).toBe('npm run backup');
  });

  it('names the database engine', () => {
    expect(engineLabel('pglite')).toBe('Embedded (PGlite)');
    expect(engineLabel('postgres')).toBe('PostgreSQL');
    expect(engineLabel('mysql')).toBe('mysql');
  });

  it('says the status with the progress while it runs and the reason when it failed', () => {
    expect(statusLabel({ status: 'running', progress: 0.416, error: null })).toBe('Running 42%');
    expect(statusLabel({ status: 'succeeded', progress: 1, error: null })).toBe('Made');
    expect(statusLabel({ status: 'failed', progress: 0.3, error: 'Disk full' })).toBe('Failed: Disk full');
    expect(statusLabel({ status: 'failed', progress: 0, error: null })).toBe('Failed: no reason given');
  });

  it('keeps the percentage between 0 and 100', () => {
    expect(progressPercent(-0.1)).toBe(0);
    expect(progressPercent(0.999)).toBe(100);
    expect(progressPercent(1.2)).toBe(100);
  });

  it('gives the size, and none before it is made', () => {
    expect(sizeLabel({ sizeBytes: 1_572_864 })).toBe('1.5 MB');
    expect(sizeLabel({ sizeBytes: null })).toBe('');
  });

  it('names the file and its size in the toast', () => {
    expect(madeMessage({ fileName: 'backup-2026-11-26T19-20-00Z.sql.gz', sizeBytes: 52_000 })).toBe(
      'Backup made: backup-2026-11-26T19-20-00Z.sql.gz (51 KB)',
    );
  });

  it('says the schedule in plain words', () => {
    expect(scheduleText(schedule)).toBe(
      `Automatic backup every 24 hours, the newest 14 kept, in /srv/stove/data/backups. Next: ${next}`,
    );
    expect(scheduleText({ ...schedule, intervalHours: 1, nextRunAt: null })).toBe(
      'Automatic backup every hour, the newest 14 kept, in /srv/stove/data/backups.',
    );
    expect(scheduleText({ ...schedule, intervalHours: 0, nextRunAt: null })).toBe(
      'Automatic backups are off (BACKUP_INTERVAL_HOURS=0). Backups go to /srv/stove/data/backups; the newest 14 are kept.',
    );
  });

  it('says when the first backup comes in the empty list', () => {
    expect(emptyText(schedule)).toBe(`The first automatic one runs ${next}, or back up now.`);
    expect(emptyText({ ...schedule, nextRunAt: null })).toBe('Back up now to make the first one.');
    expect(emptyText({ ...schedule, intervalHours: 0, nextRunAt: null })).toBe('Back up now to make the first one.');
  });
});
