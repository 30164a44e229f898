import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { salesQueryKey } from './sales-query-keys';

/** DELETE /api/sales/categories/:id (409 while prices refer to it: deactivate it instead). */
export async function deleteSalesCategory(id: string): Promise<void> {
  await apiClient.delete(`/api/sales/categories/${encodeURIComponent(id)}`);
}

export function useDeleteSalesCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSalesCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesQueryKey }),
  });
}
