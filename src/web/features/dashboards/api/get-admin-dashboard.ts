import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardSchema, type Dashboard } from '@common/contracts/dashboards';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';
import { dashboardQueryKey } from './dashboard-query-keys';

/** GET /api/dashboards/admin (factoryId: one factory; absent = all; a factory-scoped user gets their own). */
export async function getAdminDashboard(factoryId: string | undefined, signal?: AbortSignal): Promise<Dashboard> {
  const data = await apiClient.get(withQuery('/api/dashboards/admin', { factoryId }), { signal });
  return dashboardSchema.parse(data);
}

export function adminDashboardQueryOptions(factoryId: string | undefined) {
  return queryOptions({
    queryKey: [...dashboardQueryKey, 'admin', factoryId ?? 'all'],
    queryFn: ({ signal }) => getAdminDashboard(factoryId, signal),
    // Another factory chosen: the figures shown stay (dimmed) until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useAdminDashboard(factoryId: string | undefined) {
  return useQuery(adminDashboardQueryOptions(factoryId));
}
