import { queryOptions, useQuery } from '@tanstack/react-query';
import { stoveTransferDetailSchema, type StoveTransferDetail } from '@common/contracts/stove-ids';
import { apiClient } from '@web/lib/api-client';
import { stoveTransfersQueryKey } from './get-stove-transfers';

/** GET /api/stove-transfers/:id: the transfer, each ID with its outcome, and what I may do with it. */
export async function getStoveTransfer(id: string, signal?: AbortSignal): Promise<StoveTransferDetail> {
  const data = await apiClient.get(`/api/stove-transfers/${encodeURIComponent(id)}`, { signal });
  return stoveTransferDetailSchema.parse(data);
}

export function stoveTransferQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...stoveTransfersQueryKey, 'detail', id],
    queryFn: ({ signal }) => getStoveTransfer(id, signal),
    // A pending transfer may be decided elsewhere at any moment.
    staleTime: 0,
  });
}

export function useStoveTransfer(id: string) {
  return useQuery(stoveTransferQueryOptions(id));
}
