import { useMutation, useQueryClient } from '@tanstack/react-query';
import { salesOrderDetailSchema, type CreateSalesOrder, type SalesOrderDetail } from '@common/contracts/sales-orders';
import { apiClient } from '@web/lib/api-client';
import { invalidateAfterOrderChange } from './get-sales-orders';

/**
 * POST /api/sales/orders: the IDs become sold (all or nothing); prices and totals come from the
 * server. A 400 names fields; a 409 carries `details.problems` [{ code, reason }] for what was refused.
 */
export async function createSalesOrder(input: CreateSalesOrder): Promise<SalesOrderDetail> {
  const data = await apiClient.post('/api/sales/orders', {
    ...input,
    lines: input.lines.map((line) => ({ ...line })),
    codes: [...input.codes],
  });
  return salesOrderDetailSchema.parse(data);
}

export function useCreateSalesOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSalesOrder,
    onSettled: () => invalidateAfterOrderChange(queryClient),
  });
}
