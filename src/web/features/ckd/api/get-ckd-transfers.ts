import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ckdTransferListSchema, type CkdTransfer } from '@common/contracts/ckd';
import type { ListResponse } from '@common/contracts/list';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';
import { ckdQueryKey } from './ckd-query-keys';

/** The export of the same list: GET /api/ckd/transfers/export.csv with the list's search, filters and sort. */
export const CKD_TRANSFERS_EXPORT_PATH = '/api/ckd/transfers/export.csv';

/** q, sort, dir, limit, cursor, fromFactoryId, toFactoryId, categoryId, from, to: see listCkdTransfersQuerySchema. */
export type CkdTransferListParams = Readonly<Record<string, string | number | undefined>>;

/** GET /api/ckd/transfers */
export async function getCkdTransfers(
  params: CkdTransferListParams,
  signal?: AbortSignal,
): Promise<ListResponse<CkdTransfer>> {
  const data = await apiClient.get(withQuery('/api/ckd/transfers', params), { signal });
  return ckdTransferListSchema.parse(data);
}

export function ckdTransfersQueryOptions(params: CkdTransferListParams) {
  return queryOptions({
    queryKey: [...ckdQueryKey, 'transfers', 'list', params],
    queryFn: ({ signal }) => getCkdTransfers(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCkdTransfers(params: CkdTransferListParams) {
  return useQuery(ckdTransfersQueryOptions(params));
}
