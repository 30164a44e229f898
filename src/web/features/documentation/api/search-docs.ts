import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { docSearchResponseSchema, type DocSearchResponse } from '@common/contracts/documentation';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';
import { documentationQueryKey } from './get-doc-pages';

/** GET /api/documentation/search?q= */
export async function searchDocs(q: string, signal?: AbortSignal): Promise<DocSearchResponse> {
  return docSearchResponseSchema.parse(await apiClient.get(withQuery('/api/documentation/search', { q }), { signal }));
}

export function searchDocsQueryOptions(q: string) {
  return queryOptions({
    queryKey: [...documentationQueryKey, 'search', q],
    queryFn: ({ signal }) => searchDocs(q, signal),
    placeholderData: keepPreviousData,
  });
}

/** Runs only for a non-empty search. */
export function useSearchDocs(q: string) {
  return useQuery({ ...searchDocsQueryOptions(q), enabled: q.trim() !== '' });
}
