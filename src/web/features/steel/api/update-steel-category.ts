import { useMutation, useQueryClient } from '@tanstack/react-query';
import { steelCategorySchema, type SteelCategory, type UpdateSteelCategory } from '@common/contracts/steel';
import { apiClient } from '@web/lib/api-client';
import { steelQueryKey } from './get-steel-overview';

/** PATCH /api/steel/categories/:id (409 on name or unit when refused). */
export async function updateSteelCategory({
  id,
  changes,
}: {
  id: string;
  changes: UpdateSteelCategory;
}): Promise<SteelCategory> {
  const data = await apiClient.patch(`/api/steel/categories/${encodeURIComponent(id)}`, changes);
  return steelCategorySchema.parse(data);
}

export function useUpdateSteelCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSteelCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: steelQueryKey }),
  });
}
