import { queryOptions, useQuery } from '@tanstack/react-query';
import { docHistorySchema, type DocHistory } from '@common/contracts/documentation';
import { apiClient } from '@web/lib/api-client';
import { documentationQueryKey } from './get-doc-pages';

/** GET /api/documentation/pages/:slug/history */
export async function getDocHistory(slug: string, signal?: AbortSignal): Promise<DocHistory> {
  return docHistorySchema.parse(
    await apiClient.get(`/api/documentation/pages/${encodeURIComponent(slug)}/history`, { signal }),
  );
}

export function docHistoryQueryOptions(slug: string) {
  return queryOptions({
    queryKey: [...documentationQueryKey, 'history', slug],
    queryFn: ({ signal }) => getDocHistory(slug, signal),
  });
}

export function useDocHistory(slug: string) {
  return useQuery(docHistoryQueryOptions(slug));
}
