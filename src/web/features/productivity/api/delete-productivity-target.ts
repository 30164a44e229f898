import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { productivityTargetsQueryKey } from './get-productivity-targets';
import { productivityTrackerQueryKey } from './get-productivity-tracker';

/** DELETE /api/productivity/targets/:id (409 for a target that has started: it is history). */
export async function deleteProductivityTarget(id: string): Promise<void> {
  await apiClient.delete(`/api/productivity/targets/${encodeURIComponent(id)}`);
}

export function useDeleteProductivityTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProductivityTarget,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: productivityTargetsQueryKey });
      await queryClient.invalidateQueries({ queryKey: productivityTrackerQueryKey });
    },
  });
}
