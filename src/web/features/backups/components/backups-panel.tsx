import { useEffect, useId, useRef } from 'react';
import { DatabaseBackupIcon, DownloadIcon } from 'lucide-react';
import { toast } from 'sonner';
import type { Backup } from '@common/contracts/backups';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonVariants } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadError } from '@web/components/ui/load-error';
import { Progress } from '@web/components/ui/progress';
import { Skeleton } from '@web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { errorMessage } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format';
import { backupDownloadHref, useBackups } from '../api/get-backups';
import { useStartBackup } from '../api/start-backup';
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

/**
 * Backups (Admin): the schedule in plain words, "Back up now" with the running backup's progress
 * (the list is asked again every second while one runs), and the last 100 backups newest first,
 * each made one downloadable as its .sql.gz file.
 */
export function BackupsPanel() {
  const backups = useBackups();
  const start = useStartBackup();
  const data = backups.data;
  const running = data?.items.find((b) => b.status === 'running');
  useFinishToasts(data?.items);

  const backUpNow = () => {
    start.mutate(undefined, {
      onError: (error) => toast.error('Could not back up', { description: errorMessage(error) }),
    });
  };

  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="backups-panel">
      {backups.error && !backups.isFetching ? (
        <LoadError what="the backups" error={backups.error} onRetry={() => void backups.refetch()} />
      ) : null}
      {data ? (
        <>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <p className="text-sm text-muted-foreground wrap-anywhere" data-testid="backup-schedule">
              {scheduleText(data.schedule)}
            </p>
            <Button className="self-start" onClick={backUpNow} disabled={running !== undefined || start.isPending}>
              <DatabaseBackupIcon aria-hidden="true" />
              Back up now
            </Button>
          </div>
          {running ? <RunningBackup backup={running} /> : null}
          {data.items.length === 0 ? (
            <EmptyState icon={DatabaseBackupIcon} title="No backups yet" description={emptyText(data.schedule)} />
          ) : (
            <BackupsTable items={data.items} />
          )}
        </>
      ) : backups.error ? null : (
        <div role="status" aria-label="Loading the backups" className="flex flex-col gap-2">
          <Skeleton className="h-5 w-3/4" />
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      )}
    </div>
  );
}

/**
 * A toast when a backup this screen saw running ends: "Backup made: <file> (<size>)", or that it
 * failed with the reason.
 */
function useFinishToasts(items: Backup[] | undefined) {
  const watching = useRef(new Set<string>());
  useEffect(() => {
    for (const backup of items ?? []) {
      if (backup.status === 'running') watching.current.add(backup.id);
      else if (watching.current.delete(backup.id)) {
        if (backup.status === 'succeeded') toast.success(madeMessage(backup), { id: `backup-${backup.id}` });
        else toast.error(`Backup failed: ${backup.fileName}`, { id: `backup-${backup.id}`, description: backup.error });
      }
    }
  }, [items]);
}

function RunningBackup({ backup }: { backup: Backup }) {
  const labelId = useId();
  const percent = progressPercent(backup.progress);
  return (
    <div className="flex flex-col gap-2 rounded-md border p-3" data-testid="running-backup">
      <p id={labelId} className="text-sm font-medium wrap-anywhere">
        Backing up {backup.fileName}... {percent}%
      </p>
      <Progress value={percent} aria-labelledby={labelId} />
      <p className="text-sm text-muted-foreground">{backup.step ?? 'Starting'}</p>
    </div>
  );
}

function BackupsTable({ items }: { items: Backup[] }) {
  return (
    <Table containerLabel="Backups" aria-label="Backups">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead scope="col">Made</TableHead>
          <TableHead scope="col">Kind</TableHead>
          <TableHead scope="col">Status</TableHead>
          <TableHead scope="col">Size</TableHead>
          <TableHead scope="col">Database</TableHead>
          <TableHead scope="col">Schema version</TableHead>
          <TableHead scope="col">Started by</TableHead>
          <TableHead scope="col">
            <span className="sr-only">Download</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((backup) => (
          <TableRow key={backup.id}>
            <TableCell>
              <time dateTime={backup.startedAt}>{formatDateTime(backup.startedAt)}</time>
            </TableCell>
            <TableCell>{triggerLabel(backup.trigger)}</TableCell>
            <TableCell className={backup.status === 'failed' ? 'max-w-80 min-w-48 whitespace-normal' : undefined}>
              <BackupStatus backup={backup} />
            </TableCell>
            <TableCell className="tabular-nums">{sizeLabel(backup)}</TableCell>
            <TableCell>{engineLabel(backup.engine)}</TableCell>
            <TableCell className="tabular-nums">{backup.schemaVersion}</TableCell>
            <TableCell>{backup.startedByName ?? '—'}</TableCell>
            <TableCell>
              <BackupDownload backup={backup} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function BackupStatus({ backup }: { backup: Backup }) {
  switch (backup.status) {
    case 'running':
      return <Badge variant="secondary">{statusLabel(backup)}</Badge>;
    case 'succeeded':
      return <Badge variant="success">{statusLabel(backup)}</Badge>;
    case 'failed':
      return <span className="text-destructive">{statusLabel(backup)}</span>;
  }
}

function BackupDownload({ backup }: { backup: Backup }) {
  if (backup.status !== 'succeeded') return null;
  if (!backup.available) {
    return (
      <span className="text-muted-foreground" title="Its file is not in this server's backup folder.">
        Not on this server
      </span>
    );
  }
  return (
    <a
      href={backupDownloadHref(backup.id)}
      download={backup.fileName}
      aria-label={`Download ${backup.fileName}`}
      className={buttonVariants({ variant: 'outline', size: 'sm' })}
    >
      <DownloadIcon aria-hidden="true" />
      Download
    </a>
  );
}
