import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@common/contracts/list';
import { stoveBatchListSchema, type StoveBatch } from '@common/contracts/stove-ids';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';

/** Every batch query starts with this key (invalidate it after a batch or an import). */
export const stoveBatchesQueryKey = ['stove-id-batches'] as const;

/** q, sort, dir, limit, cursor, factoryId, kind: see listStoveBatchesQuerySchema. */
export type StoveBatchListParams = Readonly<Record<string, string | number | undefined>>;

/** GET /api/stove-id-batches (newest first by default). */
export async function getStoveBatches(
  params: StoveBatchListParams,
  signal?: AbortSignal,
): Promise<ListResponse<StoveBatch>> {
  const data = await apiClient.get(withQuery('/api/stove-id-batches', params), { signal });
  return stoveBatchListSchema.parse(data);
}

/** One page of batches (e.g. the newest 200 for the batch filter). */
export function stoveBatchesQueryOptions(params: StoveBatchListParams) {
  return queryOptions({
    queryKey: [...stoveBatchesQueryKey, 'list', params],
    queryFn: ({ signal }) => getStoveBatches(params, signal),
  });
}

export function useStoveBatches(params: StoveBatchListParams) {
  return useQuery(stoveBatchesQueryOptions(params));
}

/** Page after page of batches ("Show more"). */
export function stoveBatchPagesQueryOptions(params: StoveBatchListParams) {
  return infiniteQueryOptions({
    queryKey: [...stoveBatchesQueryKey, 'pages', params],
    queryFn: ({ signal, pageParam }) => getStoveBatches({ ...params, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useStoveBatchPages(params: StoveBatchListParams) {
  return useInfiniteQuery(stoveBatchPagesQueryOptions(params));
}
