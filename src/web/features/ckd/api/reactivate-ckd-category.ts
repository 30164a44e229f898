import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ckdCategorySchema, type CkdCategory } from '@common/contracts/ckd';
import { apiClient } from '@web/lib/api-client';
import { ckdQueryKey } from './ckd-query-keys';

/** POST /api/ckd/categories/:id/reactivate */
export async function reactivateCkdCategory(id: string): Promise<CkdCategory> {
  const data = await apiClient.post(`/api/ckd/categories/${encodeURIComponent(id)}/reactivate`);
  return ckdCategorySchema.parse(data);
}

export function useReactivateCkdCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactivateCkdCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ckdQueryKey }),
  });
}
