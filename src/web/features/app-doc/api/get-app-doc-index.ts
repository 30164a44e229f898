import { queryOptions, useQuery } from '@tanstack/react-query';
import { appDocIndexSchema, type AppDocIndex } from '@common/contracts/app-doc';
import { apiClient } from '@web/lib/api-client';

/** Every App Doc query starts with this key. */
export const appDocQueryKey = ['app-doc'] as const;

/** GET /api/app-doc */
export async function getAppDocIndex(signal?: AbortSignal): Promise<AppDocIndex> {
  return appDocIndexSchema.parse(await apiClient.get('/api/app-doc', { signal }));
}

export function appDocIndexQueryOptions() {
  return queryOptions({
    queryKey: [...appDocQueryKey, 'index'],
    queryFn: ({ signal }) => getAppDocIndex(signal),
    // The guide ships with the application: it does not change while the app runs.
    staleTime: Infinity,
  });
}

export function useAppDocIndex() {
  return useQuery(appDocIndexQueryOptions());
}
