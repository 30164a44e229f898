import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  salesReturnDetailSchema,
  type CreateSalesReturn,
  type SalesReturnDetail,
} from '@common/contracts/sales-orders';
import { apiClient } from '@web/lib/api-client';
import { invalidateAfterOrderChange } from './get-sales-orders';

/** POST /api/sales/orders/:id/returns (sales-management): the IDs are validated again; answers the return note. */
export async function createSalesReturn(input: CreateSalesReturn & { orderId: string }): Promise<SalesReturnDetail> {
  const data = await apiClient.post(`/api/sales/orders/${encodeURIComponent(input.orderId)}/returns`, {
    codes: input.codes,
    reason: input.reason,
  });
  return salesReturnDetailSchema.parse(data);
}

export function useCreateSalesReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSalesReturn,
    onSettled: () => invalidateAfterOrderChange(queryClient),
  });
}
