import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@common/contracts/list';
import { stoveIdListSchema, type StoveId } from '@common/contracts/stove-ids';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';

/** Every stove ID query starts with this key (invalidate it after a change). */
export const stoveIdsQueryKey = ['stove-ids'] as const;

/** The export of the same list: GET /api/stove-ids/export.csv with the list's search, filters and sort. */
export const STOVE_IDS_EXPORT_PATH = '/api/stove-ids/export.csv';

/** q, sort, dir, limit, cursor, factoryId, status, batchId, from, to: see listStoveIdsQuerySchema. */
export type StoveIdListParams = Readonly<Record<string, string | number | undefined>>;

/** GET /api/stove-ids (one page; the server searches, filters, sorts and pages). */
export async function getStoveIds(params: StoveIdListParams, signal?: AbortSignal): Promise<ListResponse<StoveId>> {
  const data = await apiClient.get(withQuery('/api/stove-ids', params), { signal });
  return stoveIdListSchema.parse(data);
}

export function stoveIdsQueryOptions(params: StoveIdListParams) {
  return queryOptions({
    queryKey: [...stoveIdsQueryKey, 'list', params],
    queryFn: ({ signal }) => getStoveIds(params, signal),
    // Keep the rows on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
  });
}

export function useStoveIds(params: StoveIdListParams) {
  return useQuery(stoveIdsQueryOptions(params));
}
