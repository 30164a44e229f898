import { useMutation, useQueryClient } from '@tanstack/react-query';
import { stoveTransferSchema, type StoveTransfer } from '@common/contracts/stove-ids';
import { apiClient } from '@web/lib/api-client';
import { invalidateAfterTransferChange } from './get-stove-transfers';

/** POST /api/stove-transfers/:id/cancel: the sender takes a pending transfer back. */
export async function cancelStoveTransfer(id: string): Promise<StoveTransfer> {
  const data = await apiClient.post(`/api/stove-transfers/${encodeURIComponent(id)}/cancel`);
  return stoveTransferSchema.parse(data);
}

export function useCancelStoveTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelStoveTransfer,
    onSettled: () => invalidateAfterTransferChange(queryClient),
  });
}
