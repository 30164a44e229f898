import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ListResponse } from '@common/contracts/list';
import { stoveTransferListSchema, type StoveTransfer } from '@common/contracts/stove-ids';
import { apiClient } from '@web/lib/api-client';
import { withQuery } from '@web/lib/query-string';

/** Every stove transfer query starts with this key (invalidate it after a change). */
export const stoveTransfersQueryKey = ['stove-transfers'] as const;

/** The export of the same list: GET /api/stove-transfers/export.csv with the list's search, filters and sort. */
export const STOVE_TRANSFERS_EXPORT_PATH = '/api/stove-transfers/export.csv';

/** q, sort, dir, limit, cursor, direction, status, fromFactoryId, toFactoryId, from, to: see listStoveTransfersQuerySchema. */
export type StoveTransferListParams = Readonly<Record<string, string | number | undefined>>;

/** GET /api/stove-transfers */
export async function getStoveTransfers(
  params: StoveTransferListParams,
  signal?: AbortSignal,
): Promise<ListResponse<StoveTransfer>> {
  const data = await apiClient.get(withQuery('/api/stove-transfers', params), { signal });
  return stoveTransferListSchema.parse(data);
}

export function stoveTransfersQueryOptions(params: StoveTransferListParams) {
  return queryOptions({
    queryKey: [...stoveTransfersQueryKey, 'list', params],
    queryFn: ({ signal }) => getStoveTransfers(params, signal),
    // Keep the rows on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
  });
}

export function useStoveTransfers(params: StoveTransferListParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...stoveTransfersQueryOptions(params), enabled: options.enabled ?? true });
}

/**
 * After a transfer is sent, confirmed, rejected or canceled: its lists, details and the sidebar
 * badge, and the stove ID registry (statuses and factories changed), are fetched again.
 */
export async function invalidateAfterTransferChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: stoveTransfersQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['stove-ids'] }),
  ]);
}
