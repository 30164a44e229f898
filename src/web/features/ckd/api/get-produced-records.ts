import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { producedRecordListSchema, type ProducedRecord } from '@common/contracts/ckd';
import type { ListResponse } from '@common/contracts/list';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';
import { ckdQueryKey } from './ckd-query-keys';

/** The export of the same list: GET /api/ckd/produced-records/export.csv with the list's search, filters and sort. */
export const PRODUCED_RECORDS_EXPORT_PATH = '/api/ckd/produced-records/export.csv';

/** q, sort, dir, limit, cursor, factoryId, categoryId, from, to: see listProducedRecordsQuerySchema. */
export type ProducedRecordListParams = Readonly<Record<string, string | number | undefined>>;

/** GET /api/ckd/produced-records */
export async function getProducedRecords(
  params: ProducedRecordListParams,
  signal?: AbortSignal,
): Promise<ListResponse<ProducedRecord>> {
  const data = await apiClient.get(withQuery('/api/ckd/produced-records', params), { signal });
  return producedRecordListSchema.parse(data);
}

export function producedRecordsQueryOptions(params: ProducedRecordListParams) {
  return queryOptions({
    queryKey: [...ckdQueryKey, 'produced-records', 'list', params],
    queryFn: ({ signal }) => getProducedRecords(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useProducedRecords(params: ProducedRecordListParams) {
  return useQuery(producedRecordsQueryOptions(params));
}
