/**
 * GET /api/steel/categories/options (the steel area's endpoint): the active steel categories the
 * CKD category form offers for its usage lines. Cached under the steel area's key, so a steel
 * change elsewhere refreshes it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { steelCategoryOptionsSchema, type SteelCategoryOption } from '@common/contracts/steel';
import { apiClient } from '@web/lib/api-client';

export async function getSteelCategoryOptions(signal?: AbortSignal): Promise<SteelCategoryOption[]> {
  const data = await apiClient.get('/api/steel/categories/options', { signal });
  return steelCategoryOptionsSchema.parse(data).items;
}

export function steelCategoryOptionsQueryOptions() {
  return queryOptions({
    queryKey: ['steel', 'categories', 'options', 'ckd-form'],
    queryFn: ({ signal }) => getSteelCategoryOptions(signal),
  });
}

export function useSteelCategoryOptions() {
  return useQuery(steelCategoryOptionsQueryOptions());
}
