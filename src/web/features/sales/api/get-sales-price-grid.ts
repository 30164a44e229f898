import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { salesPriceGridSchema, type SalesPriceGrid } from '@common/contracts/sales';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';
import { salesQueryKey } from './sales-query-keys';

/** The grid's day (undefined: today on the server) and whether inactive packages and categories show. */
export interface SalesPriceGridParams {
  date?: string | undefined;
  includeInactive?: boolean;
}

/** GET /api/sales/prices/grid: package × category, the prices in force on the day and the next ones. */
export async function getSalesPriceGrid(params: SalesPriceGridParams, signal?: AbortSignal): Promise<SalesPriceGrid> {
  const data = await apiClient.get(
    withQuery('/api/sales/prices/grid', {
      date: params.date,
      includeInactive: params.includeInactive ? 'true' : undefined,
    }),
    { signal },
  );
  return salesPriceGridSchema.parse(data);
}

export function salesPriceGridQueryOptions(params: SalesPriceGridParams) {
  return queryOptions({
    queryKey: [...salesQueryKey, 'price-grid', params],
    queryFn: ({ signal }) => getSalesPriceGrid(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSalesPriceGrid(params: SalesPriceGridParams) {
  return useQuery(salesPriceGridQueryOptions(params));
}
