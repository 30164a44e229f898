import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@common/contracts/list';
import { steelCategoryListSchema, type SteelCategory } from '@common/contracts/steel';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';
import { steelQueryKey } from './get-steel-overview';

/** q, sort, dir, limit, cursor, active, unit: see listSteelCategoriesQuerySchema. */
export type SteelCategoryListParams = Readonly<Record<string, string | number | undefined>>;

/** GET /api/steel/categories */
export async function getSteelCategories(
  params: SteelCategoryListParams,
  signal?: AbortSignal,
): Promise<ListResponse<SteelCategory>> {
  const data = await apiClient.get(withQuery('/api/steel/categories', params), { signal });
  return steelCategoryListSchema.parse(data);
}

export function steelCategoriesQueryOptions(params: SteelCategoryListParams) {
  return queryOptions({
    queryKey: [...steelQueryKey, 'categories', params],
    queryFn: ({ signal }) => getSteelCategories(params, signal),
    // Keep the rows on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
  });
}

export function useSteelCategories(params: SteelCategoryListParams) {
  return useQuery(steelCategoriesQueryOptions(params));
}
