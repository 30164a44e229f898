import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ckdCategoryListSchema, type CkdCategory } from '@common/contracts/ckd';
import type { ListResponse } from '@common/contracts/list';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';
import { ckdQueryKey } from './ckd-query-keys';

/** Every CKD category query starts with this key (invalidate it after a change). */
export const ckdCategoriesQueryKey = [...ckdQueryKey, 'categories'] as const;

/** q, sort, dir, limit, cursor, active: see listCkdCategoriesQuerySchema. */
export type CkdCategoryListParams = Readonly<Record<string, string | number | undefined>>;

/** GET /api/ckd/categories */
export async function getCkdCategories(
  params: CkdCategoryListParams,
  signal?: AbortSignal,
): Promise<ListResponse<CkdCategory>> {
  const data = await apiClient.get(withQuery('/api/ckd/categories', params), { signal });
  return ckdCategoryListSchema.parse(data);
}

export function ckdCategoriesQueryOptions(params: CkdCategoryListParams) {
  return queryOptions({
    queryKey: [...ckdCategoriesQueryKey, 'list', params],
    queryFn: ({ signal }) => getCkdCategories(params, signal),
    // Keep the rows on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
  });
}

export function useCkdCategories(params: CkdCategoryListParams) {
  return useQuery(ckdCategoriesQueryOptions(params));
}
