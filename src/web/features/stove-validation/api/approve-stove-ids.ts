import { useMutation, useQueryClient } from '@tanstack/react-query';
import { approveResultSchema, type ApproveStoveIds } from '@common/contracts/stove-ids';
import { apiClient } from '@web/lib/api-client';

/**
 * POST /api/stove-ids/approve: the coupled IDs that pass become validated, all or nothing. A 409
 * (some no longer pass) throws an ApiRequestError whose details.problems list them.
 */
export async function approveStoveIds(input: ApproveStoveIds): Promise<{ approved: number }> {
  const data = await apiClient.post('/api/stove-ids/approve', input);
  return approveResultSchema.parse(data);
}

export function useApproveStoveIds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveStoveIds,
    // The registry's lists and ID pages (the stove IDs feature's query key) show the new statuses.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['stove-ids'] }),
  });
}
