import { useMutation, useQueryClient } from '@tanstack/react-query';
import { backupSchema, type Backup } from '@common/contracts/backups';
import { apiClient } from '@web/lib/api-client';
import { backupsQueryKey, backupsQueryOptions } from './get-backups';

/** POST /api/backups: "Back up now"; 202 with the running backup, 409 when one already runs. */
export async function startBackup(): Promise<Backup> {
  return backupSchema.parse(await apiClient.post('/api/backups'));
}

export function useStartBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startBackup,
    onSuccess: (backup) => {
      // Listed at once, running: the list then polls its progress until it ends.
      queryClient.setQueryData(backupsQueryOptions().queryKey, (list) =>
        list ? { ...list, items: [backup, ...list.items.filter((b) => b.id !== backup.id)] } : list,
      );
      return queryClient.invalidateQueries({ queryKey: backupsQueryKey });
    },
  });
}
