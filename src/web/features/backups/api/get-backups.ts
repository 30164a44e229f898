import { queryOptions, useQuery } from '@tanstack/react-query';
import { backupListSchema, type BackupList } from '@common/contracts/backups';
import { apiClient } from '@web/lib/api-client';

/** Every backups query starts with this key (invalidate it after "Back up now"). */
export const backupsQueryKey = ['backups'] as const;

/** How often the list is asked again while a backup runs (its progress). */
const RUNNING_POLL_MS = 1000;

/** GET /api/backups/:id/download: the .sql.gz file, for a plain link (a browser download, not fetch). */
export function backupDownloadHref(id: string): string {
  return `/api/backups/${encodeURIComponent(id)}/download`;
}

/** GET /api/backups: the last 100 backups, newest first, and the schedule (Admin group only). */
export async function getBackups(signal?: AbortSignal): Promise<BackupList> {
  return backupListSchema.parse(await apiClient.get('/api/backups', { signal }));
}

export function backupsQueryOptions() {
  return queryOptions({
    queryKey: [...backupsQueryKey, 'list'],
    queryFn: ({ signal }) => getBackups(signal),
    // Every second while one runs (its progress), not at all otherwise.
    refetchInterval: (query) => (query.state.data?.items.some((b) => b.status === 'running') ? RUNNING_POLL_MS : false),
  });
}

export function useBackups() {
  return useQuery(backupsQueryOptions());
}
