import { useMutation, useQueryClient } from '@tanstack/react-query';
import { salesPackageSchema, type SalesPackage, type UpdateSalesPackage } from '@common/contracts/sales';
import { apiClient } from '@web/lib/api-client';
import { salesQueryKey } from './sales-query-keys';

/** PATCH /api/sales/packages/:id (409 on name or code when taken; 400 on ckdCategoryId). */
export async function updateSalesPackage({
  id,
  changes,
}: {
  id: string;
  changes: UpdateSalesPackage;
}): Promise<SalesPackage> {
  const data = await apiClient.patch(`/api/sales/packages/${encodeURIComponent(id)}`, changes);
  return salesPackageSchema.parse(data);
}

export function useUpdateSalesPackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSalesPackage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesQueryKey }),
  });
}
