import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  factoryCkdReportSchema,
  type FactoryCkdReport,
  type FactoryCkdReportQuery,
} from '@common/contracts/ckd-reports';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';

/** The same report as CSV: GET /api/ckd/factory-report/export.csv with the same query. */
export const FACTORY_CKD_REPORT_EXPORT_PATH = '/api/ckd/factory-report/export.csv';

/** GET /api/ckd/factory-report */
export async function getFactoryCkdReport(
  query: FactoryCkdReportQuery,
  signal?: AbortSignal,
): Promise<FactoryCkdReport> {
  const data = await apiClient.get(withQuery('/api/ckd/factory-report', { ...query }), { signal });
  return factoryCkdReportSchema.parse(data);
}

export function factoryCkdReportQueryOptions(query: FactoryCkdReportQuery) {
  return queryOptions({
    queryKey: ['ckd-reports', 'factory-report', query],
    queryFn: ({ signal }) => getFactoryCkdReport(query, signal),
    // Keep the days on screen while other dates or filters load.
    placeholderData: keepPreviousData,
  });
}

/** Not asked (`query` null) until a factory and a valid range are chosen. */
export function useFactoryCkdReport(query: FactoryCkdReportQuery | null) {
  return useQuery({
    ...factoryCkdReportQueryOptions(query ?? { factoryId: '', from: '', to: '' }),
    enabled: query !== null,
  });
}
