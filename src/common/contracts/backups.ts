/** Backups of the database (Admin only): the list, "Back up now" and the download. */
import { z } from 'zod';

/** What started a backup: the schedule, an Admin's "Back up now", a start that migrates, `npm run backup`. */
export const BACKUP_TRIGGERS = ['scheduled', 'manual', 'before-upgrade', 'command'] as const;
export type BackupTrigger = (typeof BACKUP_TRIGGERS)[number];
export const BACKUP_STATUSES = ['running', 'succeeded', 'failed'] as const;
export type BackupStatus = (typeof BACKUP_STATUSES)[number];

export const backupSchema = z.object({
  id: z.string(),
  trigger: z.enum(BACKUP_TRIGGERS),
  status: z.enum(BACKUP_STATUSES),
  fileName: z.string(),
  /** 'pglite' (the embedded database) or 'postgres'. */
  engine: z.string(),
  /** Migrations applied when it was made. */
  schemaVersion: z.number().int(),
  sizeBytes: z.number().int().nullable(),
  /** 0 to 1 while running. */
  progress: z.number(),
  step: z.string().nullable(),
  error: z.string().nullable(),
  startedByName: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Whether its file is in this server's backup folder (it can be downloaded). */
  available: z.boolean(),
});
export type Backup = z.infer<typeof backupSchema>;

export const backupListSchema = z.object({
  items: z.array(backupSchema),
  schedule: z.object({
    /** Hours between automatic backups; 0 when they are off. */
    intervalHours: z.number(),
    /** How many backups are kept (older ones are deleted). */
    keep: z.number().int(),
    nextRunAt: z.string().nullable(),
    /** The backup folder on the server. */
    directory: z.string(),
  }),
});
export type BackupList = z.infer<typeof backupListSchema>;

export const backupIdParamsSchema = z.object({ id: z.uuid('Not a backup id') });
