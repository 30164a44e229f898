import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { salesQueryKey } from './sales-query-keys';

/** DELETE /api/sales/prices/:id: withdraws a scheduled price (409 for a price in force or past). */
export async function withdrawSalesPrice(id: string): Promise<void> {
  await apiClient.delete(`/api/sales/prices/${encodeURIComponent(id)}`);
}

export function useWithdrawSalesPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawSalesPrice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: salesQueryKey }),
  });
}
