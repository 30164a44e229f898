import { queryOptions, useQuery } from '@tanstack/react-query';
import { stoveIdDetailSchema, type StoveIdDetail } from '@common/contracts/stove-ids';
import { apiClient, isApiRequestError } from '@web/lib/api-client';
import { stoveIdsQueryKey } from './get-stove-ids';

/** GET /api/stove-ids/:code: the ID, its whole history (oldest first) and its current document. */
export async function getStoveId(code: string, signal?: AbortSignal): Promise<StoveIdDetail> {
  const data = await apiClient.get(`/api/stove-ids/${encodeURIComponent(code)}`, { signal });
  return stoveIdDetailSchema.parse(data);
}

export function stoveIdQueryOptions(code: string) {
  return queryOptions({
    queryKey: [...stoveIdsQueryKey, 'detail', code],
    queryFn: ({ signal }) => getStoveId(code, signal),
    // An unknown code stays unknown: no retry on a 4xx.
    retry: (failureCount, error) => !(isApiRequestError(error) && error.status < 500) && failureCount < 1,
  });
}

export function useStoveId(code: string) {
  return useQuery(stoveIdQueryOptions(code));
}
