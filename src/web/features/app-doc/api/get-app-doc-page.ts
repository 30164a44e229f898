import { queryOptions, useQuery } from '@tanstack/react-query';
import { appDocPageSchema, type AppDocPage } from '@common/contracts/app-doc';
import { apiClient } from '@web/lib/api-client';
import { appDocQueryKey } from './get-app-doc-index';

/** GET /api/app-doc/:slug */
export async function getAppDocPage(slug: string, signal?: AbortSignal): Promise<AppDocPage> {
  return appDocPageSchema.parse(await apiClient.get(`/api/app-doc/${encodeURIComponent(slug)}`, { signal }));
}

export function appDocPageQueryOptions(slug: string) {
  return queryOptions({
    queryKey: [...appDocQueryKey, 'page', slug],
    queryFn: ({ signal }) => getAppDocPage(slug, signal),
    staleTime: Infinity,
  });
}

export function useAppDocPage(slug: string) {
  return useQuery(appDocPageQueryOptions(slug));
}
