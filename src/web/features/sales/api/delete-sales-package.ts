import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { salesQueryKey } from './sales-query-keys';

/** DELETE /api/sales/packages/:id (409 while prices refer to it: deactivate it instead). */
export async function deleteSalesPackage(id: string): Promise<void> {
  await apiClient.delete(`/api/sales/packages/${encodeURIComponent(id)}`);
}

export function useDeleteSalesPackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSalesPackage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesQueryKey }),
  });
}
