import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardSchema, type Dashboard } from '@common/contracts/dashboards';
import { apiClient } from '@web/lib/api-client';
import { dashboardQueryKey } from './dashboard-query-keys';

/** GET /api/dashboards/factory: the signed-in user's own factory. */
export async function getFactoryDashboard(signal?: AbortSignal): Promise<Dashboard> {
  const data = await apiClient.get('/api/dashboards/factory', { signal });
  return dashboardSchema.parse(data);
}

export function factoryDashboardQueryOptions() {
  return queryOptions({
    queryKey: [...dashboardQueryKey, 'factory'],
    queryFn: ({ signal }) => getFactoryDashboard(signal),
  });
}

export function useFactoryDashboard() {
  return useQuery(factoryDashboardQueryOptions());
}
