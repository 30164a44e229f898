import { queryOptions, useQuery } from '@tanstack/react-query';
import { docPageSchema, type DocPage } from '@common/contracts/documentation';
import { apiClient } from '@web/lib/api-client';
import { documentationQueryKey } from './get-doc-pages';

/** GET /api/documentation/pages/:slug */
export async function getDocPage(slug: string, signal?: AbortSignal): Promise<DocPage> {
  return docPageSchema.parse(await apiClient.get(`/api/documentation/pages/${encodeURIComponent(slug)}`, { signal }));
}

export function docPageQueryOptions(slug: string) {
  return queryOptions({
    queryKey: [...documentationQueryKey, 'page', slug],
    queryFn: ({ signal }) => getDocPage(slug, signal),
  });
}

export function useDocPage(slug: string) {
  return useQuery(docPageQueryOptions(slug));
}
