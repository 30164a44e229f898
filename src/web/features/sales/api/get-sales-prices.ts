import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@common/contracts/list';
import { salesPriceListSchema, type SalesPrice } from '@common/contracts/sales';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';
import { salesQueryKey } from './sales-query-keys';

/** q, sort, dir, limit, cursor, packageId, categoryId, from, to: see listSalesPricesQuerySchema. */
export type SalesPriceListParams = Readonly<Record<string, string | number | undefined>>;

/** GET /api/sales/prices: the price history, each price in force, scheduled or superseded. */
export async function getSalesPrices(
  params: SalesPriceListParams,
  signal?: AbortSignal,
): Promise<ListResponse<SalesPrice>> {
  const data = await apiClient.get(withQuery('/api/sales/prices', params), { signal });
  return salesPriceListSchema.parse(data);
}

export function salesPricesQueryOptions(params: SalesPriceListParams) {
  return queryOptions({
    queryKey: [...salesQueryKey, 'prices', params],
    queryFn: ({ signal }) => getSalesPrices(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSalesPrices(params: SalesPriceListParams) {
  return useQuery(salesPricesQueryOptions(params));
}
