import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ckdCategorySchema, type CkdCategory, type UpdateCkdCategory } from '@common/contracts/ckd';
import { apiClient } from '@web/lib/api-client';
import { ckdQueryKey } from './ckd-query-keys';

/** PATCH /api/ckd/categories/:id (steelUsage, when given, replaces every line). */
export async function updateCkdCategory({
  id,
  changes,
}: {
  id: string;
  changes: UpdateCkdCategory;
}): Promise<CkdCategory> {
  const data = await apiClient.patch(`/api/ckd/categories/${encodeURIComponent(id)}`, changes);
  return ckdCategorySchema.parse(data);
}

export function useUpdateCkdCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCkdCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ckdQueryKey }),
  });
}
