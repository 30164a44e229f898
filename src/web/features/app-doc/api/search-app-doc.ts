import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { appDocSearchResponseSchema, type AppDocSearchResponse } from '@common/contracts/app-doc';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';
import { appDocQueryKey } from './get-app-doc-index';

/** GET /api/app-doc/search?q= */
export async function searchAppDoc(q: string, signal?: AbortSignal): Promise<AppDocSearchResponse> {
  return appDocSearchResponseSchema.parse(await apiClient.get(withQuery('/api/app-doc/search', { q }), { signal }));
}

export function searchAppDocQueryOptions(q: string) {
  return queryOptions({
    queryKey: [...appDocQueryKey, 'search', q],
    queryFn: ({ signal }) => searchAppDoc(q, signal),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}

/** Runs only for a non-empty search. */
export function useSearchAppDoc(q: string) {
  return useQuery({ ...searchAppDocQueryOptions(q), enabled: q.trim() !== '' });
}
