import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { salesRecordListSchema, type SalesRecordItem } from '@common/contracts/carbon-records';
import type { ListResponse } from '@common/contracts/list';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';

/** The exports of the same record, with the list's period, search, filters and sort. */
export const SALES_RECORD_CSV_PATH = '/api/carbon/sales-record/export.csv';
export const SALES_RECORD_XLSX_PATH = '/api/carbon/sales-record/export.xlsx';

/** from, to, q, sort, dir, limit, cursor, factoryId, missing: see listSalesRecordQuerySchema. */
export type SalesRecordParams = Readonly<Record<string, string | number | undefined>>;

/** GET /api/carbon/sales-record */
export async function getSalesRecord(
  params: SalesRecordParams,
  signal?: AbortSignal,
): Promise<ListResponse<SalesRecordItem>> {
  const data = await apiClient.get(withQuery('/api/carbon/sales-record', params), { signal });
  return salesRecordListSchema.parse(data);
}

export function salesRecordQueryOptions(params: SalesRecordParams) {
  return queryOptions({
    queryKey: ['carbon', 'sales-record', 'list', params],
    queryFn: ({ signal }) => getSalesRecord(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSalesRecord(params: SalesRecordParams, enabled: boolean) {
  return useQuery({ ...salesRecordQueryOptions(params), enabled });
}
