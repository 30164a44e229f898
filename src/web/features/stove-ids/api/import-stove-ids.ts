import { useMutation, useQueryClient } from '@tanstack/react-query';
import { stoveBatchSchema, type ImportStoveIds, type StoveBatch } from '@common/contracts/stove-ids';
import { apiClient } from '@web/lib/api-client';
import { stoveIdsQueryKey } from './get-stove-ids';
import { stoveBatchesQueryKey } from './get-stove-batches';

/** POST /api/stove-id-imports: all or nothing (409 with details.problems when any code is refused). */
export async function importStoveIds(input: ImportStoveIds): Promise<StoveBatch> {
  const data = await apiClient.post('/api/stove-id-imports', input);
  return stoveBatchSchema.parse(data);
}

export function useImportStoveIds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importStoveIds,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: stoveIdsQueryKey }),
        queryClient.invalidateQueries({ queryKey: stoveBatchesQueryKey }),
      ]);
    },
  });
}
