import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { salesRecordSummarySchema, type SalesRecordSummary } from '@common/contracts/carbon-records';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';

export interface SalesRecordSummaryParams {
  from: string;
  to: string;
  factoryId?: string | undefined;
}

/** GET /api/carbon/sales-record/summary */
export async function getSalesRecordSummary(
  params: SalesRecordSummaryParams,
  signal?: AbortSignal,
): Promise<SalesRecordSummary> {
  const data = await apiClient.get(withQuery('/api/carbon/sales-record/summary', { ...params }), { signal });
  return salesRecordSummarySchema.parse(data);
}

export function salesRecordSummaryQueryOptions(params: SalesRecordSummaryParams) {
  return queryOptions({
    queryKey: ['carbon', 'sales-record', 'summary', params],
    queryFn: ({ signal }) => getSalesRecordSummary(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSalesRecordSummary(params: SalesRecordSummaryParams, enabled: boolean) {
  return useQuery({ ...salesRecordSummaryQueryOptions(params), enabled });
}
