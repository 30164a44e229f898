import { useMutation, useQueryClient } from '@tanstack/react-query';
import { salesPackageSchema, type SalesPackage } from '@common/contracts/sales';
import { apiClient } from '@web/lib/api-client';
import { salesQueryKey } from './sales-query-keys';

/** POST /api/sales/packages/:id/reactivate */
export async function reactivateSalesPackage(id: string): Promise<SalesPackage> {
  const data = await apiClient.post(`/api/sales/packages/${encodeURIComponent(id)}/reactivate`);
  return salesPackageSchema.parse(data);
}

export function useReactivateSalesPackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactivateSalesPackage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesQueryKey }),
  });
}
