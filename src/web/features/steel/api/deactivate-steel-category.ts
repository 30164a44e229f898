import { useMutation, useQueryClient } from '@tanstack/react-query';
import { steelCategorySchema, type SteelCategory } from '@common/contracts/steel';
import { apiClient } from '@web/lib/api-client';
import { steelQueryKey } from './get-steel-overview';

/** POST /api/steel/categories/:id/deactivate */
export async function deactivateSteelCategory(id: string): Promise<SteelCategory> {
  const data = await apiClient.post(`/api/steel/categories/${encodeURIComponent(id)}/deactivate`);
  return steelCategorySchema.parse(data);
}

export function useDeactivateSteelCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateSteelCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: steelQueryKey }),
  });
}
