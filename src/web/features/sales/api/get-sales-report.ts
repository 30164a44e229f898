import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { salesReportSchema, type SalesReport, type SalesReportQuery } from '@common/contracts/sales-orders';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';
import { salesQueryKey } from './sales-query-keys';

/** GET /api/sales/report?… (the same query on SALES_REPORT_EXPORT_PATH downloads it as CSV). */
export function salesReportUrl(query: SalesReportQuery, path = '/api/sales/report'): string {
  return withQuery(path, { ...query });
}

export const SALES_REPORT_EXPORT_PATH = '/api/sales/report/export.csv';

export async function getSalesReport(query: SalesReportQuery, signal?: AbortSignal): Promise<SalesReport> {
  const data = await apiClient.get(salesReportUrl(query), { signal });
  return salesReportSchema.parse(data);
}

export function salesReportQueryOptions(query: SalesReportQuery) {
  return queryOptions({
    // Under `sales`: a new or canceled order (any sales change) reads the report again.
    queryKey: [...salesQueryKey, 'report', query],
    queryFn: ({ signal }) => getSalesReport(query, signal),
    // Keep the figures on screen while another range or grouping loads.
    placeholderData: keepPreviousData,
  });
}

/** `query` null: the controls are not valid yet, nothing is asked. */
export function useSalesReport(query: SalesReportQuery | null) {
  return useQuery({
    ...salesReportQueryOptions(query ?? { from: '', to: '', period: 'month', groupBy: 'factory' }),
    enabled: query !== null,
  });
}
