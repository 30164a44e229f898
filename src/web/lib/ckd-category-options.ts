/**
 * GET /api/ckd/categories/options: the active CKD categories (stove models), for the selects and
 * filters of the CKD and production screens. One api file, shared, so one cache entry; its key is
 * under ['ckd', 'categories'], so every CKD category change refreshes it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ckdCategoryOptionsSchema, type CkdCategoryOption } from '@common/contracts/ckd';
import { apiClient } from './api-client';

export async function getCkdCategoryOptions(signal?: AbortSignal): Promise<CkdCategoryOption[]> {
  const data = await apiClient.get('/api/ckd/categories/options', { signal });
  return ckdCategoryOptionsSchema.parse(data).items;
}

export function ckdCategoryOptionsQueryOptions() {
  return queryOptions({
    queryKey: ['ckd', 'categories', 'options'],
    queryFn: ({ signal }) => getCkdCategoryOptions(signal),
  });
}

export function useCkdCategoryOptions() {
  return useQuery(ckdCategoryOptionsQueryOptions());
}
