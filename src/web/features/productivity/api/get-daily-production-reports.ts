import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@common/contracts/list';
import { dailyProductionReportListSchema, type DailyProductionReport } from '@common/contracts/productivity';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';

/** Every daily report query starts with this key (invalidate it after a change). */
export const dailyProductionReportsQueryKey = ['daily-production-reports'] as const;

/** The export of the same list: GET /api/daily-production-reports/export.csv with its filters. */
export const DAILY_REPORTS_EXPORT_PATH = '/api/daily-production-reports/export.csv';

/** q, sort, dir, limit, cursor, factoryId, from, to: see listDailyProductionReportsQuerySchema. */
export type DailyReportListParams = Readonly<Record<string, string | number | undefined>>;

/** GET /api/daily-production-reports */
export async function getDailyProductionReports(
  params: DailyReportListParams,
  signal?: AbortSignal,
): Promise<ListResponse<DailyProductionReport>> {
  const data = await apiClient.get(withQuery('/api/daily-production-reports', params), { signal });
  return dailyProductionReportListSchema.parse(data);
}

export function dailyProductionReportsQueryOptions(params: DailyReportListParams) {
  return queryOptions({
    queryKey: [...dailyProductionReportsQueryKey, 'list', params],
    queryFn: ({ signal }) => getDailyProductionReports(params, signal),
    // Keep the rows on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
  });
}

export function useDailyProductionReports(params: DailyReportListParams) {
  return useQuery(dailyProductionReportsQueryOptions(params));
}

/** The report of one factory's day (the same list, narrowed to that day), or null when there is none. */
export function dailyReportOfDayQueryOptions(factoryId: string, date: string) {
  return queryOptions({
    queryKey: [...dailyProductionReportsQueryKey, 'day', factoryId, date],
    queryFn: async ({ signal }) =>
      (await getDailyProductionReports({ factoryId, from: date, to: date, limit: 1 }, signal)).items[0] ?? null,
    // A report someone else just wrote must show at once, not after the 5-minute cache.
    staleTime: 0,
  });
}

export function useDailyReportOfDay(factoryId: string, date: string, enabled: boolean) {
  return useQuery({ ...dailyReportOfDayQueryOptions(factoryId, date), enabled });
}
