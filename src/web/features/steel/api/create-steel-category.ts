import { useMutation, useQueryClient } from '@tanstack/react-query';
import { steelCategorySchema, type SteelCategory, type SteelCategoryInput } from '@common/contracts/steel';
import { apiClient } from '@web/lib/api-client';
import { steelQueryKey } from './get-steel-overview';

/** POST /api/steel/categories (409 with fieldErrors.name when the name is taken). */
export async function createSteelCategory(input: SteelCategoryInput): Promise<SteelCategory> {
  const data = await apiClient.post('/api/steel/categories', input);
  return steelCategorySchema.parse(data);
}

export function useCreateSteelCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSteelCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: steelQueryKey }),
  });
}
