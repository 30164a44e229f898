import { queryOptions, useQuery } from '@tanstack/react-query';
import { salesOptionsSchema, type SalesOptions } from '@common/contracts/sales';
import { apiClient } from '@web/lib/api-client';
import { salesQueryKey } from './sales-query-keys';

/** GET /api/sales/options: the active packages and categories, for selects and filters. */
export async function getSalesOptions(signal?: AbortSignal): Promise<SalesOptions> {
  const data = await apiClient.get('/api/sales/options', { signal });
  return salesOptionsSchema.parse(data);
}

export function salesOptionsQueryOptions() {
  return queryOptions({
    queryKey: [...salesQueryKey, 'options'],
    queryFn: ({ signal }) => getSalesOptions(signal),
  });
}

export function useSalesOptions() {
  return useQuery(salesOptionsQueryOptions());
}
