/**
 * GET /api/steel/categories/options: the active steel categories, for the selects and filters of
 * the steel screens and the CKD category form. One api file, shared, so one cache entry; its key
 * is under ['steel'], so every steel change refreshes it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { steelCategoryOptionsSchema, type SteelCategoryOption } from '@common/contracts/steel';
import { apiClient } from './api-client';

export async function getSteelCategoryOptions(signal?: AbortSignal): Promise<SteelCategoryOption[]> {
  const data = await apiClient.get('/api/steel/categories/options', { signal });
  return steelCategoryOptionsSchema.parse(data).items;
}

export function steelCategoryOptionsQueryOptions() {
  return queryOptions({
    queryKey: ['steel', 'category-options'],
    queryFn: ({ signal }) => getSteelCategoryOptions(signal),
  });
}

export function useSteelCategoryOptions() {
  return useQuery(steelCategoryOptionsQueryOptions());
}
