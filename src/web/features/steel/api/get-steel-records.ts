import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@common/contracts/list';
import { steelRecordListSchema, type SteelRecord } from '@common/contracts/steel';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';
import { steelQueryKey } from './get-steel-overview';

/** The export of the same list: GET /api/steel/records/export.csv with the list's search, filters and sort. */
export const STEEL_RECORDS_EXPORT_PATH = '/api/steel/records/export.csv';

/** q, sort, dir, limit, cursor, factoryId, categoryId, kind, from, to: see listSteelRecordsQuerySchema. */
export type SteelRecordListParams = Readonly<Record<string, string | number | undefined>>;

/** GET /api/steel/records */
export async function getSteelRecords(
  params: SteelRecordListParams,
  signal?: AbortSignal,
): Promise<ListResponse<SteelRecord>> {
  const data = await apiClient.get(withQuery('/api/steel/records', params), { signal });
  return steelRecordListSchema.parse(data);
}

export function steelRecordsQueryOptions(params: SteelRecordListParams) {
  return queryOptions({
    queryKey: [...steelQueryKey, 'records', params],
    queryFn: ({ signal }) => getSteelRecords(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSteelRecords(params: SteelRecordListParams) {
  return useQuery(steelRecordsQueryOptions(params));
}
