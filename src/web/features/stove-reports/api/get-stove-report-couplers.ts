import { queryOptions, useQuery } from '@tanstack/react-query';
import { stoveReportCouplersSchema, type StoveReportCoupler } from '@common/contracts/production';
import { apiClient } from '@web/lib/api-client';
import { stoveReportsQueryKey } from './get-stove-reports';

/** GET /api/stove-reports/couplers: who submitted reports (in my scope), for the coupler filter. */
export async function getStoveReportCouplers(signal?: AbortSignal): Promise<StoveReportCoupler[]> {
  const data = await apiClient.get('/api/stove-reports/couplers', { signal });
  return stoveReportCouplersSchema.parse(data).items;
}

export function stoveReportCouplersQueryOptions() {
  return queryOptions({
    queryKey: [...stoveReportsQueryKey, 'couplers'],
    queryFn: ({ signal }) => getStoveReportCouplers(signal),
  });
}

export function useStoveReportCouplers() {
  return useQuery(stoveReportCouplersQueryOptions());
}
