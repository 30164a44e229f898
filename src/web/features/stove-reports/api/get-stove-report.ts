import { queryOptions, useQuery } from '@tanstack/react-query';
import { stoveReportDetailSchema, type StoveReportDetail } from '@common/contracts/production';
import { apiClient } from '@web/lib/api-client';
import { stoveReportsQueryKey } from './get-stove-reports';

/** GET /api/stove-reports/:id: the report, its stove IDs with their status now, and whether I may void it. */
export async function getStoveReport(id: string, signal?: AbortSignal): Promise<StoveReportDetail> {
  const data = await apiClient.get(`/api/stove-reports/${encodeURIComponent(id)}`, { signal });
  return stoveReportDetailSchema.parse(data);
}

export function stoveReportQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...stoveReportsQueryKey, 'detail', id],
    queryFn: ({ signal }) => getStoveReport(id, signal),
    // Its IDs move on (validated, transferred) and it may be voided elsewhere.
    staleTime: 0,
  });
}

export function useStoveReport(id: string) {
  return useQuery(stoveReportQueryOptions(id));
}
