import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ckdCategorySchema, type CkdCategory } from '@common/contracts/ckd';
import { apiClient } from '@web/lib/api-client';
import { ckdQueryKey } from './ckd-query-keys';

/** POST /api/ckd/categories/:id/deactivate */
export async function deactivateCkdCategory(id: string): Promise<CkdCategory> {
  const data = await apiClient.post(`/api/ckd/categories/${encodeURIComponent(id)}/deactivate`);
  return ckdCategorySchema.parse(data);
}

export function useDeactivateCkdCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateCkdCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ckdQueryKey }),
  });
}
