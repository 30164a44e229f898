import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { factoryListSchema, type Factory } from '@common/contracts/factories';
import type { ListResponse } from '@common/contracts/list';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';

/** Every factories query starts with this key (invalidate it after a change). */
export const factoriesQueryKey = ['factories'] as const;

/** The export of the same list: GET /api/factories/export.csv with the list's search, filters and sort. */
export const FACTORIES_EXPORT_PATH = '/api/factories/export.csv';

/** q, sort, dir, limit, cursor, kind, active: see listFactoriesQuerySchema. */
export type FactoryListParams = Readonly<Record<string, string | number | undefined>>;

/** GET /api/factories */
export async function getFactories(params: FactoryListParams, signal?: AbortSignal): Promise<ListResponse<Factory>> {
  const data = await apiClient.get(withQuery('/api/factories', params), { signal });
  return factoryListSchema.parse(data);
}

export function factoriesQueryOptions(params: FactoryListParams) {
  return queryOptions({
    queryKey: [...factoriesQueryKey, 'list', params],
    queryFn: ({ signal }) => getFactories(params, signal),
    // Keep the rows on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
  });
}

export function useFactories(params: FactoryListParams) {
  return useQuery(factoriesQueryOptions(params));
}
