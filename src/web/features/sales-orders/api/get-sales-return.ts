import { queryOptions, useQuery } from '@tanstack/react-query';
import { salesReturnDetailSchema, type SalesReturnDetail } from '@common/contracts/sales-orders';
import { apiClient } from '@web/lib/api-client';
import { salesReturnsQueryKey } from './get-sales-returns';

/** GET /api/sales/returns/:id: the return note with every stove ID returned. */
export async function getSalesReturn(id: string, signal?: AbortSignal): Promise<SalesReturnDetail> {
  const data = await apiClient.get(`/api/sales/returns/${encodeURIComponent(id)}`, { signal });
  return salesReturnDetailSchema.parse(data);
}

export function salesReturnQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...salesReturnsQueryKey, 'detail', id],
    queryFn: ({ signal }) => getSalesReturn(id, signal),
  });
}

export function useSalesReturn(id: string) {
  return useQuery(salesReturnQueryOptions(id));
}
