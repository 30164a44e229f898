import { useMutation, useQueryClient } from '@tanstack/react-query';
import { salesCategorySchema, type SalesCategory, type UpdateSalesCategory } from '@common/contracts/sales';
import { apiClient } from '@web/lib/api-client';
import { salesQueryKey } from './sales-query-keys';

/** PATCH /api/sales/categories/:id (409 on name or code when taken). */
export async function updateSalesCategory({
  id,
  changes,
}: {
  id: string;
  changes: UpdateSalesCategory;
}): Promise<SalesCategory> {
  const data = await apiClient.patch(`/api/sales/categories/${encodeURIComponent(id)}`, changes);
  return salesCategorySchema.parse(data);
}

export function useUpdateSalesCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSalesCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesQueryKey }),
  });
}
