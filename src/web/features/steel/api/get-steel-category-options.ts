import { queryOptions, useQuery } from '@tanstack/react-query';
import { steelCategoryOptionsSchema, type SteelCategoryOption } from '@common/contracts/steel';
import { apiClient } from '@web/lib/api-client';
import { steelQueryKey } from './get-steel-overview';

/** GET /api/steel/categories/options: the active categories, for selects and filters. */
export async function getSteelCategoryOptions(signal?: AbortSignal): Promise<SteelCategoryOption[]> {
  const data = await apiClient.get('/api/steel/categories/options', { signal });
  return steelCategoryOptionsSchema.parse(data).items;
}

export function steelCategoryOptionsQueryOptions() {
  return queryOptions({
    queryKey: [...steelQueryKey, 'category-options'],
    queryFn: ({ signal }) => getSteelCategoryOptions(signal),
  });
}

export function useSteelCategoryOptions() {
  return useQuery(steelCategoryOptionsQueryOptions());
}
