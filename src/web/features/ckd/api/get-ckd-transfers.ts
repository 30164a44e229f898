import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ckdTransferListSchema, ckdTransferNumberLabel, type CkdTransfer } from '@common/contracts/ckd';
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

/**
 * One kit transfer by its number (KT-000123): the list searched for it (kit transfers have no
 * endpoint of their own). Fails with words a clerk reads when there is none this user may see.
 */
export async function getCkdTransferByNumber(number: number, signal?: AbortSignal): Promise<CkdTransfer> {
  const label = ckdTransferNumberLabel(number);
  const { items } = await getCkdTransfers({ q: label, limit: 1 }, signal);
  const transfer = items.find((t) => t.number === number);
  if (!transfer) throw new Error(`There is no kit transfer ${label}, or it is not one you can see.`);
  return transfer;
}

export function ckdTransferByNumberQueryOptions(number: number) {
  return queryOptions({
    queryKey: [...ckdQueryKey, 'transfers', 'number', number],
    queryFn: ({ signal }) => getCkdTransferByNumber(number, signal),
    retry: false,
  });
}

export function useCkdTransferByNumber(number: number) {
  return useQuery(ckdTransferByNumberQueryOptions(number));
}
