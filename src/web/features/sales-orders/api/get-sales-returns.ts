import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@common/contracts/list';
import { salesReturnListSchema, type SalesReturn } from '@common/contracts/sales-orders';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';
import { salesOrdersQueryKey, type SalesOrderListParams } from './get-sales-orders';

/** The export of the same list: GET /api/sales/returns/export.csv with the list's search, filters and sort. */
export const SALES_RETURNS_EXPORT_PATH = '/api/sales/returns/export.csv';

/** Under the orders' key: a new return or a cancel refreshes both (invalidateAfterOrderChange). */
export const salesReturnsQueryKey = [...salesOrdersQueryKey, 'returns'] as const;

/** GET /api/sales/returns: a page of return notes (a factory-scoped user gets their factory's). */
export async function getSalesReturns(
  params: SalesOrderListParams,
  signal?: AbortSignal,
): Promise<ListResponse<SalesReturn>> {
  const data = await apiClient.get(withQuery('/api/sales/returns', params), { signal });
  return salesReturnListSchema.parse(data);
}

export function salesReturnsQueryOptions(params: SalesOrderListParams) {
  return queryOptions({
    queryKey: [...salesReturnsQueryKey, 'list', params],
    queryFn: ({ signal }) => getSalesReturns(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSalesReturns(params: SalesOrderListParams) {
  return useQuery(salesReturnsQueryOptions(params));
}
