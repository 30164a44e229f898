import { useMutation, useQueryClient } from '@tanstack/react-query';
import { salesCategorySchema, type SalesCategory } from '@common/contracts/sales';
import { apiClient } from '@web/lib/api-client';
import { salesQueryKey } from './sales-query-keys';

/** POST /api/sales/categories/:id/reactivate */
export async function reactivateSalesCategory(id: string): Promise<SalesCategory> {
  const data = await apiClient.post(`/api/sales/categories/${encodeURIComponent(id)}/reactivate`);
  return salesCategorySchema.parse(data);
}

export function useReactivateSalesCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactivateSalesCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesQueryKey }),
  });
}
