import { useMutation, useQueryClient } from '@tanstack/react-query';
import { steelCategorySchema, type SteelCategory } from '@common/contracts/steel';
import { apiClient } from '@web/lib/api-client';
import { steelQueryKey } from './get-steel-overview';

/** POST /api/steel/categories/:id/reactivate */
export async function reactivateSteelCategory(id: string): Promise<SteelCategory> {
  const data = await apiClient.post(`/api/steel/categories/${encodeURIComponent(id)}/reactivate`);
  return steelCategorySchema.parse(data);
}

export function useReactivateSteelCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactivateSteelCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: steelQueryKey }),
  });
}
