/**
 * Backups of the database (docs/deploy.md "Backups and restore"): gzipped plain SQL dumps in the
 * backup folder (BACKUP_DIR, default DATA_DIR/backups), listed in backup_runs. Made on the
 * schedule (BACKUP_INTERVAL_HOURS, once across every instance sharing the database), on an
 * Admin's "Back up now", before a start that migrates and by `npm run backup`; the newest
 * BACKUP_KEEP are kept. One runs at a time, across instances; the application goes on serving.
 */
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Backup, BackupList, BackupTrigger } from '../../../common/contracts/backups';
import type { Config } from '../../config';
import { dumpDatabase, type DumpSource } from '../../db/dump';
import { migrationStatus } from '../../db/migrations';
import { violatedUniqueIndex } from '../../db/database-errors';
import { errors } from '../../http/errors';
import { copyUsedBlobs, pruneBlobs, removeManifest, writeManifest } from './backup-files';
import {
  backupRunsBeyond,
  claimScheduledRun,
  deleteBackupRun,
  deleteOldFailedBackupRuns,
  failStaleBackupRuns,
  findBackupRun,
  finishBackupRun,
  insertBackupRun,
  insertFinishedBackupRun,
  lastSucceededBackupAt,
  listBackupRuns,
  nextScheduledRun,
  setNextScheduledRun,
  updateBackupProgress,
  type BackupRunRow,
} from './backups.repository';

export interface BackupSettings {
  /** The backup folder (absolute). */
  directory: string;
  /** Hours between scheduled backups; 0 turns them off. */
  intervalHours: number;
  /** How many made backups are kept. */
  keep: number;
  /** The file store's folder (FILES_DIR): a backup copies the files its rows use from there. */
  filesDir?: string;
}

export function backupSettings(config: Config): BackupSettings {
  return {
    directory: resolve(config.backupDir),
    intervalHours: config.backupIntervalHours,
    keep: config.backupKeep,
    filesDir: resolve(config.filesDir),
  };
}

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

const SCHEDULE = 'backup';
/** How often an instance asks whether the scheduled backup is due (at most). */
const SCHEDULE_CHECK_MS = 60_000;
/** A busy backup (an Admin's) postpones the scheduled one by this much. */
const BUSY_RETRY_MS = 10 * 60_000;
/** Progress is written to the database at most this often (it is also the running backup's heartbeat). */
const PROGRESS_EVERY_MS = 1000;
const LISTED = 100;
const INSTANCE = `${hostname()}:${process.pid}`;

/** backup-2026-11-26T19-20-00Z.sql.gz: sorts by time, safe in every file system. */
export function backupFileName(at: Date, attempt = 0): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-');
  return `backup-${stamp}${attempt > 0 ? `-${attempt + 1}` : ''}.sql.gz`;
}

function header(trigger: BackupTrigger, engine: string, schemaVersion: number, at: Date, fileName: string): string {
  return [
    '--',
    '-- Stove back office backup',
    `-- Made ${at.toISOString()} (${trigger}) of the ${engine === 'pglite' ? 'embedded (PGlite)' : 'PostgreSQL'} database, schema version ${schemaVersion}`,
    `-- Restore into an empty database: npm run restore -- ${fileName}`,
    `-- or with PostgreSQL's tools: gunzip -c ${fileName} | psql DATABASE`,
    '--',
    '',
    '',
  ].join('\n');
}

export interface MadeBackup {
  fileName: string;
  path: string;
  sizeBytes: number;
  schemaVersion: number;
  startedAt: Date;
  finishedAt: Date;
}

/**
 * Writes a backup file into the folder without recording it (the table may not exist yet: before
 * an upgrade's migrations): a `.partial` file renamed when whole.
 */
export async function writeBackupFile(
  source: DumpSource,
  settings: BackupSettings,
  trigger: BackupTrigger,
  options: { fileName?: string; onProgress?: (progress: number, step: string) => void; signal?: AbortSignal } = {},
): Promise<MadeBackup> {
  const startedAt = new Date();
  await mkdir(settings.directory, { recursive: true });
  const fileName = options.fileName ?? (await freeFileName(settings.directory, startedAt));
  const path = join(settings.directory, fileName);
  const partial = `${path}.partial`;
  const { applied } = await migrationStatus(source.db);
  const { filesDir } = settings;
  try {
    // The files of the rows there are before the dump, and of those added while it ran: every row the
    // dump holds, but one added and deleted during it.
    const files = filesDir ? await copyUsedBlobs(source.db, filesDir, settings.directory) : [];
    await dumpDatabase(source, {
      file: partial,
      header: header(trigger, source.kind, applied, startedAt, fileName),
      onProgress: (p) => options.onProgress?.(p.progress, p.step),
      signal: options.signal,
    });
    if (filesDir) files.push(...(await copyUsedBlobs(source.db, filesDir, settings.directory)));
    await writeManifest(path, files);
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    await removeManifest(path);
    throw error;
  }
  return {
    fileName,
    path,
    sizeBytes: (await stat(path)).size,
    schemaVersion: applied,
    startedAt,
    finishedAt: new Date(),
  };
}

async function freeFileName(directory: string, at: Date, from = 0): Promise<string> {
  const taken = new Set(await readdir(directory));
  let attempt = from;
  while (taken.has(backupFileName(at, attempt)) || taken.has(`${backupFileName(at, attempt)}.partial`)) attempt++;
  return backupFileName(at, attempt);
}

export class BackupBusyError extends Error {}

export class Backups {
  readonly #source: DumpSource;
  readonly #settings: BackupSettings;
  readonly #log: Log;
  /** The backup this instance is running. */
  #running: { id: string; abort: AbortController; done: Promise<void> } | null = null;
  #timer: NodeJS.Timeout | null = null;

  constructor(source: DumpSource, settings: BackupSettings, log: Log) {
    this.#source = source;
    this.#settings = settings;
    this.#log = log;
  }

  get settings(): BackupSettings {
    return this.#settings;
  }

  /** When the last backup was made, by any instance (monitoring); null before the first. */
  lastSucceededAt(): Promise<Date | null> {
    return lastSucceededBackupAt(this.#source.db);
  }

  /**
   * Starts a backup and answers at once with its running row; it goes on in the background.
   * Refused (BackupBusyError) while another runs on any instance.
   */
  async start(trigger: BackupTrigger, startedBy: string | null): Promise<BackupRunRow> {
    const { id, done } = await this.#begin(trigger, startedBy);
    done.catch(() => undefined); // Recorded in its row and logged.
    const row = await findBackupRun(this.#source.db, id);
    if (!row) throw new Error('the backup row vanished');
    return row;
  }

  /** Makes a backup and waits for it (`npm run backup`, the schedule); throws when it fails. */
  async run(trigger: BackupTrigger, startedBy: string | null): Promise<BackupRunRow> {
    const { id, done } = await this.#begin(trigger, startedBy);
    await done;
    const row = await findBackupRun(this.#source.db, id);
    if (!row) throw new Error('the backup row vanished');
    return row;
  }

  async #begin(trigger: BackupTrigger, startedBy: string | null): Promise<{ id: string; done: Promise<void> }> {
    const db = this.#source.db;
    await failStaleBackupRuns(db);
    await mkdir(this.#settings.directory, { recursive: true });
    const at = new Date();
    const { applied } = await migrationStatus(db);
    let id: string | undefined;
    let fileName = '';
    // Two backups started in the same second (on two instances sharing the folder) take the next name.
    for (let attempt = 0; !id; attempt++) {
      fileName = await freeFileName(this.#settings.directory, at, attempt);
      try {
        id = await insertBackupRun(db, {
          trigger,
          fileName,
          engine: this.#source.kind,
          schemaVersion: applied,
          instance: INSTANCE,
          startedBy,
        });
      } catch (error) {
        const index = violatedUniqueIndex(error);
        if (index === 'backup_runs_one_running') {
          throw new BackupBusyError('A backup is already running: wait for it to finish.');
        }
        if (index !== 'backup_runs_file_name_unique' || attempt > 100) throw error;
      }
    }
    const abort = new AbortController();
    let lastWrite = 0;
    const done = (async () => {
      try {
        const made = await writeBackupFile(this.#source, this.#settings, trigger, {
          fileName,
          signal: abort.signal,
          onProgress: (progress, step) => {
            const now = Date.now();
            if (now - lastWrite < PROGRESS_EVERY_MS) return;
            lastWrite = now;
            updateBackupProgress(db, id, Math.min(progress, 0.99), step).catch((err: unknown) =>
              this.#log.warn({ err }, 'backup progress not recorded'),
            );
          },
        });
        await finishBackupRun(db, id, { status: 'succeeded', sizeBytes: made.sizeBytes });
        this.#log.info({ file: made.path, bytes: made.sizeBytes, trigger }, 'backup made');
        await this.#prune();
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        this.#log.error({ err, trigger }, 'backup failed');
        await finishBackupRun(db, id, { status: 'failed', error: message }).catch(() => undefined);
        throw err;
      } finally {
        this.#running = null;
      }
    })();
    this.#running = { id, abort, done };
    return { id, done };
  }

  /** Records a backup written before the backup table existed (the one before an upgrade). */
  async record(made: MadeBackup, trigger: BackupTrigger): Promise<void> {
    await insertFinishedBackupRun(this.#source.db, {
      trigger,
      fileName: made.fileName,
      engine: this.#source.kind,
      schemaVersion: made.schemaVersion,
      instance: INSTANCE,
      startedBy: null,
      sizeBytes: made.sizeBytes,
      startedAt: made.startedAt,
      finishedAt: made.finishedAt,
    });
    await this.#prune();
  }

  /** Deletes the made backups past the newest BACKUP_KEEP, with their files. */
  async #prune(): Promise<void> {
    const db = this.#source.db;
    for (const old of await backupRunsBeyond(db, this.#settings.keep)) {
      await rm(join(this.#settings.directory, old.fileName), { force: true });
      await removeManifest(join(this.#settings.directory, old.fileName));
      await deleteBackupRun(db, old.id);
    }
    // The copies of files that no kept backup lists any more.
    await pruneBlobs(this.#settings.directory);
    await deleteOldFailedBackupRuns(db);
  }

  async list(): Promise<BackupList> {
    const rows = await listBackupRuns(this.#source.db, LISTED);
    const files = new Set(await readdir(this.#settings.directory).catch(() => [] as string[]));
    const next = this.#settings.intervalHours > 0 ? await nextScheduledRun(this.#source.db, SCHEDULE) : null;
    return {
      items: rows.map((row) => presentBackup(row, files.has(row.fileName) && row.status === 'succeeded')),
      schedule: {
        intervalHours: this.#settings.intervalHours,
        keep: this.#settings.keep,
        nextRunAt: next?.toISOString() ?? null,
        directory: this.#settings.directory,
      },
    };
  }

  /** A made backup's file, to download: 404 when unknown, not made or not in this server's folder. */
  async open(id: string): Promise<{ fileName: string; sizeBytes: number; stream: Readable }> {
    const row = await findBackupRun(this.#source.db, id);
    if (!row || row.status !== 'succeeded') throw errors.notFound('No such backup.');
    const path = join(this.#settings.directory, row.fileName);
    const size = await stat(path).then(
      (s) => s.size,
      () => null,
    );
    if (size === null) {
      throw errors.notFound(
        `The file ${row.fileName} is not in this server's backup folder (deleted, or made by another server).`,
      );
    }
    return { fileName: row.fileName, sizeBytes: size, stream: createReadStream(path) };
  }

  /** Runs the scheduled backup if it is due and no other instance has claimed it. */
  async tick(): Promise<void> {
    if (this.#settings.intervalHours <= 0 || this.#running) return;
    const db = this.#source.db;
    if (!(await claimScheduledRun(db, SCHEDULE, this.#settings.intervalHours * 3_600_000))) return;
    try {
      await this.run('scheduled', null);
    } catch (err) {
      if (err instanceof BackupBusyError) {
        await setNextScheduledRun(db, SCHEDULE, new Date(Date.now() + BUSY_RETRY_MS));
        this.#log.info('scheduled backup postponed by 10 minutes: another backup is running');
      }
      // A failed backup is logged and listed; the next one runs at the next interval.
    }
  }

  /** Asks every minute whether the scheduled backup is due; removes what a stopped backup left. */
  async startSchedule(): Promise<void> {
    await mkdir(this.#settings.directory, { recursive: true });
    // A .partial file not written to for 5 minutes, or a copy of the data folder (.snapshot-…) a day
    // old, was left by a backup that stopped with its server.
    for (const name of await readdir(this.#settings.directory)) {
      const age = name.endsWith('.partial') ? 5 * 60_000 : name.startsWith('.snapshot-') ? 86_400_000 : null;
      if (age === null) continue;
      const path = join(this.#settings.directory, name);
      const modified = await stat(path).then(
        (s) => s.mtimeMs,
        () => Date.now(),
      );
      if (Date.now() - modified > age) await rm(path, { recursive: true, force: true });
    }
    const tick = () => {
      this.tick().catch((err: unknown) => this.#log.warn({ err }, 'backup schedule check failed'));
    };
    // Every minute, or four times an interval shorter than four minutes.
    const every = Math.max(1000, Math.min(SCHEDULE_CHECK_MS, (this.#settings.intervalHours * 3_600_000) / 4));
    this.#timer = setInterval(tick, every);
    this.#timer.unref();
    tick();
  }

  /** Stops the schedule and a backup this instance runs (recorded as failed). */
  async close(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    const running = this.#running;
    if (running) {
      running.abort.abort();
      await running.done.catch(() => undefined);
    }
  }
}

/** A backup as the API answers it; available: its file is in this server's folder to download. */
export function presentBackup(row: BackupRunRow, available: boolean): Backup {
  return {
    id: row.id,
    trigger: row.trigger,
    status: row.status,
    fileName: row.fileName,
    engine: row.engine,
    schemaVersion: row.schemaVersion,
    sizeBytes: row.sizeBytes,
    progress: row.progress,
    step: row.step,
    error: row.error,
    startedByName: row.startedByName,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    available,
  };
}
