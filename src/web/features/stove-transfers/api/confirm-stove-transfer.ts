import { useMutation, useQueryClient } from '@tanstack/react-query';
import { stoveTransferSchema, type ConfirmStoveTransfer, type StoveTransfer } from '@common/contracts/stove-ids';
import { apiClient } from '@web/lib/api-client';
import { invalidateAfterTransferChange } from './get-stove-transfers';

/** POST /api/stove-transfers/:id/confirm: all IDs, or only `codes` (the rest return to the sender). */
export async function confirmStoveTransfer(input: { id: string } & ConfirmStoveTransfer): Promise<StoveTransfer> {
  const body = input.codes ? { codes: input.codes } : {};
  const data = await apiClient.post(`/api/stove-transfers/${encodeURIComponent(input.id)}/confirm`, body);
  return stoveTransferSchema.parse(data);
}

export function useConfirmStoveTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmStoveTransfer,
    // Also after a refusal: the transfer may have been decided elsewhere.
    onSettled: () => invalidateAfterTransferChange(queryClient),
  });
}
