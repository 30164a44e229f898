import { queryOptions, useQuery } from '@tanstack/react-query';
import { ckdCategoryOptionsSchema, type CkdCategoryOption } from '@common/contracts/ckd';
import { apiClient } from '@web/lib/api-client';
import { ckdCategoriesQueryKey } from './get-ckd-categories';

/** GET /api/ckd/categories/options: the active categories, by name. */
export async function getCkdCategoryOptions(signal?: AbortSignal): Promise<CkdCategoryOption[]> {
  const data = await apiClient.get('/api/ckd/categories/options', { signal });
  return ckdCategoryOptionsSchema.parse(data).items;
}

export function ckdCategoryOptionsQueryOptions() {
  return queryOptions({
    queryKey: [...ckdCategoriesQueryKey, 'options'],
    queryFn: ({ signal }) => getCkdCategoryOptions(signal),
  });
}

export function useCkdCategoryOptions() {
  return useQuery(ckdCategoryOptionsQueryOptions());
}
