import { useMutation, useQueryClient } from '@tanstack/react-query';
import { salesPackageSchema, type SalesPackage } from '@common/contracts/sales';
import { apiClient } from '@web/lib/api-client';
import { salesQueryKey } from './sales-query-keys';

/** POST /api/sales/packages/:id/deactivate */
export async function deactivateSalesPackage(id: string): Promise<SalesPackage> {
  const data = await apiClient.post(`/api/sales/packages/${encodeURIComponent(id)}/deactivate`);
  return salesPackageSchema.parse(data);
}

export function useDeactivateSalesPackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateSalesPackage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesQueryKey }),
  });
}
