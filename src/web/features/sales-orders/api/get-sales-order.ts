import { queryOptions, useQuery } from '@tanstack/react-query';
import { salesOrderDetailSchema, type SalesOrderDetail } from '@common/contracts/sales-orders';
import { apiClient } from '@web/lib/api-client';
import { salesOrdersQueryKey } from './get-sales-orders';

/** GET /api/sales/orders/:id: the order, its lines, its stove IDs with their status now, and what I may do. */
export async function getSalesOrder(id: string, signal?: AbortSignal): Promise<SalesOrderDetail> {
  const data = await apiClient.get(`/api/sales/orders/${encodeURIComponent(id)}`, { signal });
  return salesOrderDetailSchema.parse(data);
}

export function salesOrderQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...salesOrdersQueryKey, 'detail', id],
    queryFn: ({ signal }) => getSalesOrder(id, signal),
    // It may be canceled elsewhere, and its IDs' statuses move on.
    staleTime: 0,
  });
}

export function useSalesOrder(id: string) {
  return useQuery(salesOrderQueryOptions(id));
}
