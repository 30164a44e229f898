import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportEndUsersRequest } from '@common/contracts/carbon';
import { csvImportResultSchema, type CsvImportResult } from '@common/contracts/list';
import { apiClient } from '@web/lib/api-client';
import { endUsersQueryKey } from './get-end-users';

/** POST /api/carbon/end-users/import: a dry run (every row's verdict) or the import, all or nothing. */
export async function importEndUsers(request: ImportEndUsersRequest): Promise<CsvImportResult> {
  return csvImportResultSchema.parse(await apiClient.post('/api/carbon/end-users/import', request));
}

export function useImportEndUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importEndUsers,
    onSuccess: (result) => {
      if (result.imported > 0) void queryClient.invalidateQueries({ queryKey: endUsersQueryKey });
    },
  });
}
