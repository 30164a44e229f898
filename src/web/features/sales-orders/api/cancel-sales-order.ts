import { useMutation, useQueryClient } from '@tanstack/react-query';
import { salesOrderDetailSchema, type CancelSalesOrder, type SalesOrderDetail } from '@common/contracts/sales-orders';
import { apiClient } from '@web/lib/api-client';
import { invalidateAfterOrderChange } from './get-sales-orders';

/** POST /api/sales/orders/:id/cancel (sales-management): the order's IDs are validated again. */
export async function cancelSalesOrder(input: CancelSalesOrder & { id: string }): Promise<SalesOrderDetail> {
  const data = await apiClient.post(`/api/sales/orders/${encodeURIComponent(input.id)}/cancel`, {
    reason: input.reason,
  });
  return salesOrderDetailSchema.parse(data);
}

export function useCancelSalesOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSalesOrder,
    onSettled: () => invalidateAfterOrderChange(queryClient),
  });
}
