import { queryOptions, useQuery } from '@tanstack/react-query';
import { docRevisionSchema, type DocRevision } from '@common/contracts/documentation';
import { apiClient } from '@web/lib/api-client';
import { documentationQueryKey } from './get-doc-pages';

/** GET /api/documentation/pages/:slug/history/:version */
export async function getDocRevision(slug: string, version: string, signal?: AbortSignal): Promise<DocRevision> {
  return docRevisionSchema.parse(
    await apiClient.get(`/api/documentation/pages/${encodeURIComponent(slug)}/history/${encodeURIComponent(version)}`, {
      signal,
    }),
  );
}

export function docRevisionQueryOptions(slug: string, version: string) {
  return queryOptions({
    queryKey: [...documentationQueryKey, 'history', slug, version],
    queryFn: ({ signal }) => getDocRevision(slug, version, signal),
  });
}

export function useDocRevision(slug: string, version: string) {
  return useQuery(docRevisionQueryOptions(slug, version));
}
