import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { searchResponseSchema, type SearchResponse } from '@common/contracts/search';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';

/** GET /api/search?q= */
export async function search(q: string, signal?: AbortSignal): Promise<SearchResponse> {
  return searchResponseSchema.parse(await apiClient.get(withQuery('/api/search', { q }), { signal }));
}

export function searchQueryOptions(q: string) {
  return queryOptions({
    queryKey: ['search', q],
    queryFn: ({ signal }) => search(q, signal),
    // The last hits stay on screen while the next search runs.
    placeholderData: keepPreviousData,
    // Records change under the search (a transfer confirmed, a partner renamed): never older than a minute.
    staleTime: 60_000,
  });
}

/** Runs only for a non-empty search. */
export function useSearch(q: string) {
  return useQuery({ ...searchQueryOptions(q), enabled: q !== '' });
}
