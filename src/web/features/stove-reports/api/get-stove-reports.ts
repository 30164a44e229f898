import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { stoveReportListSchema, type StoveReportList } from '@common/contracts/production';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';

/** Every stove report query starts with this key (invalidate it after a change). */
export const stoveReportsQueryKey = ['stove-reports'] as const;

/** The export of the same list: GET /api/stove-reports/export.csv with the list's search, filters and sort. */
export const STOVE_REPORTS_EXPORT_PATH = '/api/stove-reports/export.csv';

/** q, sort, dir, limit, cursor, factoryId, categoryId, status, couplerId, from, to: see listStoveReportsQuerySchema. */
export type StoveReportListParams = Readonly<Record<string, string | number | undefined>>;

/** GET /api/stove-reports: a page of reports and the totals of the whole filtered list. */
export async function getStoveReports(params: StoveReportListParams, signal?: AbortSignal): Promise<StoveReportList> {
  const data = await apiClient.get(withQuery('/api/stove-reports', params), { signal });
  return stoveReportListSchema.parse(data);
}

export function stoveReportsQueryOptions(params: StoveReportListParams) {
  return queryOptions({
    queryKey: [...stoveReportsQueryKey, 'list', params],
    queryFn: ({ signal }) => getStoveReports(params, signal),
    // Keep the rows on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
  });
}

export function useStoveReports(params: StoveReportListParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...stoveReportsQueryOptions(params), enabled: options.enabled ?? true });
}

/**
 * After a report is submitted or voided: its lists, details and checks, the stove ID registry
 * (statuses changed) and kit stock (consumed or returned) are fetched again.
 */
export async function invalidateAfterReportChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: stoveReportsQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['stove-ids'] }),
    queryClient.invalidateQueries({ queryKey: ['ckd'] }),
  ]);
}
