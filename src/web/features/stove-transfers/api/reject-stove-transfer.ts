import { useMutation, useQueryClient } from '@tanstack/react-query';
import { stoveTransferSchema, type RejectStoveTransfer, type StoveTransfer } from '@common/contracts/stove-ids';
import { apiClient } from '@web/lib/api-client';
import { invalidateAfterTransferChange } from './get-stove-transfers';

/** POST /api/stove-transfers/:id/reject: every ID returns to the sender; a reason is required. */
export async function rejectStoveTransfer(input: { id: string } & RejectStoveTransfer): Promise<StoveTransfer> {
  const data = await apiClient.post(`/api/stove-transfers/${encodeURIComponent(input.id)}/reject`, {
    reason: input.reason,
  });
  return stoveTransferSchema.parse(data);
}

export function useRejectStoveTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectStoveTransfer,
    onSettled: () => invalidateAfterTransferChange(queryClient),
  });
}
