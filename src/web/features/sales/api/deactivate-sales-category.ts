import { useMutation, useQueryClient } from '@tanstack/react-query';
import { salesCategorySchema, type SalesCategory } from '@common/contracts/sales';
import { apiClient } from '@web/lib/api-client';
import { salesQueryKey } from './sales-query-keys';

/** POST /api/sales/categories/:id/deactivate */
export async function deactivateSalesCategory(id: string): Promise<SalesCategory> {
  const data = await apiClient.post(`/api/sales/categories/${encodeURIComponent(id)}/deactivate`);
  return salesCategorySchema.parse(data);
}

export function useDeactivateSalesCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateSalesCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesQueryKey }),
  });
}
