import { queryOptions, useQuery } from '@tanstack/react-query';
import { salesOverviewSchema, type SalesOverview } from '@common/contracts/sales-orders';
import { apiClient } from '@web/lib/api-client';
import { salesQueryKey } from './sales-query-keys';

/** GET /api/sales/overview (a factory-scoped user gets their factory's: the server decides). */
export async function getSalesOverview(signal?: AbortSignal): Promise<SalesOverview> {
  const data = await apiClient.get('/api/sales/overview', { signal });
  return salesOverviewSchema.parse(data);
}

export function salesOverviewQueryOptions() {
  return queryOptions({
    // Under `sales`: a new or canceled order (any sales change) reads the overview again.
    queryKey: [...salesQueryKey, 'overview'],
    queryFn: ({ signal }) => getSalesOverview(signal),
  });
}

export function useSalesOverview() {
  return useQuery(salesOverviewQueryOptions());
}
