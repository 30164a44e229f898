import { useMutation, useQueryClient } from '@tanstack/react-query';
import { salesCategorySchema, type SalesCategory, type SalesCategoryInput } from '@common/contracts/sales';
import { apiClient } from '@web/lib/api-client';
import { salesQueryKey } from './sales-query-keys';

/** POST /api/sales/categories (409 with fieldErrors.name or .code when taken). */
export async function createSalesCategory(input: SalesCategoryInput): Promise<SalesCategory> {
  const data = await apiClient.post('/api/sales/categories', input);
  return salesCategorySchema.parse(data);
}

export function useCreateSalesCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSalesCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesQueryKey }),
  });
}
