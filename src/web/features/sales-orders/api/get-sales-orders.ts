import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { salesOrderListSchema } from '@common/contracts/sales-orders';
import type { ListResponse } from '@common/contracts/list';
import type { SalesOrder } from '@common/contracts/sales-orders';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';

/**
 * Every sales order query starts with this key. It sits under `sales`, so a change of the sales
 * master data (a price, a package) refreshes the orders' price quotes too.
 */
export const salesOrdersQueryKey = ['sales', 'orders'] as const;

/** The export of the same list: GET /api/sales/orders/export.csv with the list's search, filters and sort. */
export const SALES_ORDERS_EXPORT_PATH = '/api/sales/orders/export.csv';

/** q, sort, dir, limit, cursor, factoryId, customerId, categoryId, sellerId, status, from, to: see listSalesOrdersQuerySchema. */
export type SalesOrderListParams = Readonly<Record<string, string | number | undefined>>;

/** GET /api/sales/orders: a page of orders (a factory-scoped user gets their factory's). */
export async function getSalesOrders(
  params: SalesOrderListParams,
  signal?: AbortSignal,
): Promise<ListResponse<SalesOrder>> {
  const data = await apiClient.get(withQuery('/api/sales/orders', params), { signal });
  return salesOrderListSchema.parse(data);
}

export function salesOrdersQueryOptions(params: SalesOrderListParams) {
  return queryOptions({
    queryKey: [...salesOrdersQueryKey, 'list', params],
    queryFn: ({ signal }) => getSalesOrders(params, signal),
    // Keep the rows on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
  });
}

export function useSalesOrders(params: SalesOrderListParams) {
  return useQuery(salesOrdersQueryOptions(params));
}

/**
 * After an order is saved or canceled: the orders (lists, pages, checks), the sales report and the
 * stove ID registry (the IDs became sold, or validated again) are fetched again.
 */
export async function invalidateAfterOrderChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['sales'] }),
    queryClient.invalidateQueries({ queryKey: ['stove-ids'] }),
  ]);
}
