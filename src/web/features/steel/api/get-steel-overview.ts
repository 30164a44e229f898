import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { steelOverviewSchema, type SteelOverview } from '@common/contracts/steel';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';

/**
 * Every steel query starts with this key: a category change or a new record invalidates them all
 * (stock moves, and the overview, the categories' totals and the records show it).
 */
export const steelQueryKey = ['steel'] as const;

/** GET /api/steel/overview (factoryId: one factory; absent = all the viewer sees). */
export async function getSteelOverview(factoryId: string | undefined, signal?: AbortSignal): Promise<SteelOverview> {
  const data = await apiClient.get(withQuery('/api/steel/overview', { factoryId }), { signal });
  return steelOverviewSchema.parse(data);
}

export function steelOverviewQueryOptions(factoryId: string | undefined) {
  return queryOptions({
    queryKey: [...steelQueryKey, 'overview', factoryId ?? 'all'],
    queryFn: ({ signal }) => getSteelOverview(factoryId, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSteelOverview(factoryId: string | undefined) {
  return useQuery(steelOverviewQueryOptions(factoryId));
}
