import { useMutation, useQueryClient } from '@tanstack/react-query';
import { voidResultSchema, type VoidStoveIds } from '@common/contracts/stove-ids';
import { apiClient } from '@web/lib/api-client';
import { stoveIdsQueryKey } from './get-stove-ids';

/** POST /api/stove-ids/void: all or nothing (409 with details.problems: sold, in transit, unknown...). */
export async function voidStoveIds(input: VoidStoveIds): Promise<{ voided: number }> {
  const data = await apiClient.post('/api/stove-ids/void', input);
  return voidResultSchema.parse(data);
}

export function useVoidStoveIds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voidStoveIds,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stoveIdsQueryKey }),
  });
}
