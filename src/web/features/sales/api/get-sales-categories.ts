import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@common/contracts/list';
import { salesCategoryListSchema, type SalesCategory } from '@common/contracts/sales';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';
import { salesQueryKey } from './sales-query-keys';

/** q, sort, dir, limit, cursor, active: see listSalesCategoriesQuerySchema. */
export type SalesCategoryListParams = Readonly<Record<string, string | number | undefined>>;

/** GET /api/sales/categories */
export async function getSalesCategories(
  params: SalesCategoryListParams,
  signal?: AbortSignal,
): Promise<ListResponse<SalesCategory>> {
  const data = await apiClient.get(withQuery('/api/sales/categories', params), { signal });
  return salesCategoryListSchema.parse(data);
}

export function salesCategoriesQueryOptions(params: SalesCategoryListParams) {
  return queryOptions({
    queryKey: [...salesQueryKey, 'categories', params],
    queryFn: ({ signal }) => getSalesCategories(params, signal),
    // Keep the rows on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
  });
}

export function useSalesCategories(params: SalesCategoryListParams) {
  return useQuery(salesCategoriesQueryOptions(params));
}
