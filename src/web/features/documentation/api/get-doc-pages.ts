import { queryOptions, useQuery } from '@tanstack/react-query';
import { docPageIndexSchema, type DocPageIndex } from '@common/contracts/documentation';
import { apiClient } from '@web/lib/api-client';

/** Every documentation query starts with this key (invalidate it after a save). */
export const documentationQueryKey = ['documentation'] as const;

/** GET /api/documentation/pages */
export async function getDocPages(signal?: AbortSignal): Promise<DocPageIndex> {
  return docPageIndexSchema.parse(await apiClient.get('/api/documentation/pages', { signal }));
}

export function docPagesQueryOptions() {
  return queryOptions({
    queryKey: [...documentationQueryKey, 'pages'],
    queryFn: ({ signal }) => getDocPages(signal),
  });
}

export function useDocPages() {
  return useQuery(docPagesQueryOptions());
}
