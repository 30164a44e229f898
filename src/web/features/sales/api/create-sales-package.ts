import { useMutation, useQueryClient } from '@tanstack/react-query';
import { salesPackageSchema, type SalesPackage, type SalesPackageInput } from '@common/contracts/sales';
import { apiClient } from '@web/lib/api-client';
import { salesQueryKey } from './sales-query-keys';

/** POST /api/sales/packages (409 on name or code when taken; 400 on ckdCategoryId for a stove model that is not an active CKD category). */
export async function createSalesPackage(input: SalesPackageInput): Promise<SalesPackage> {
  const data = await apiClient.post('/api/sales/packages', input);
  return salesPackageSchema.parse(data);
}

export function useCreateSalesPackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSalesPackage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesQueryKey }),
  });
}
