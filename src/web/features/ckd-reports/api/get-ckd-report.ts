import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ckdReportSchema, type CkdReport, type CkdReportQuery } from '@common/contracts/ckd-reports';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';

/** The same report as CSV: GET /api/ckd/report/export.csv with the same query. */
export const CKD_REPORT_EXPORT_PATH = '/api/ckd/report/export.csv';

/** GET /api/ckd/report */
export async function getCkdReport(query: CkdReportQuery, signal?: AbortSignal): Promise<CkdReport> {
  const data = await apiClient.get(withQuery('/api/ckd/report', { ...query }), { signal });
  return ckdReportSchema.parse(data);
}

export function ckdReportQueryOptions(query: CkdReportQuery) {
  return queryOptions({
    queryKey: ['ckd-reports', 'report', query],
    queryFn: ({ signal }) => getCkdReport(query, signal),
    // Keep the figures on screen while other dates or filters load.
    placeholderData: keepPreviousData,
  });
}

/** Not asked (`query` null) while the filters are not a valid range. */
export function useCkdReport(query: CkdReportQuery | null) {
  return useQuery({
    ...ckdReportQueryOptions(query ?? { from: '', to: '' }),
    enabled: query !== null,
  });
}
