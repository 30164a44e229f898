import { queryOptions, useQuery } from '@tanstack/react-query';
import { pendingTransferCountSchema } from '@common/contracts/stove-ids';
import { apiClient } from '@web/lib/api-client';
import { stoveTransfersQueryKey } from './get-stove-transfers';

/** How often the sidebar badge asks again. */
export const PENDING_COUNT_REFETCH_MS = 60_000;

/** GET /api/stove-transfers/pending-count: incoming pending transfers (to my factory; global users: all). */
export async function getPendingTransferCount(signal?: AbortSignal): Promise<number> {
  const data = await apiClient.get('/api/stove-transfers/pending-count', { signal });
  return pendingTransferCountSchema.parse(data).incoming;
}

export function pendingTransferCountQueryOptions() {
  return queryOptions({
    queryKey: [...stoveTransfersQueryKey, 'pending-count'],
    queryFn: ({ signal }) => getPendingTransferCount(signal),
    staleTime: 0,
    refetchInterval: PENDING_COUNT_REFETCH_MS,
  });
}

/** The sidebar badge of Transfer Confirmations; `enabled` is false without stove-id-management. */
export function usePendingTransferCount(enabled: boolean) {
  return useQuery({ ...pendingTransferCountQueryOptions(), enabled });
}
