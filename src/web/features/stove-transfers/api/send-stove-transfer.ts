import { useMutation, useQueryClient } from '@tanstack/react-query';
import { stoveTransferSchema, type SendStoveTransfer, type StoveTransfer } from '@common/contracts/stove-ids';
import { apiClient } from '@web/lib/api-client';
import { invalidateAfterTransferChange } from './get-stove-transfers';

/**
 * POST /api/stove-transfers: send stove IDs (all or nothing). A 409 carries
 * `details.problems` [{ code, reason }] for the IDs that cannot go.
 */
export async function sendStoveTransfer(input: SendStoveTransfer): Promise<StoveTransfer> {
  const data = await apiClient.post('/api/stove-transfers', { ...input, codes: [...input.codes] });
  return stoveTransferSchema.parse(data);
}

export function useSendStoveTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendStoveTransfer,
    onSettled: () => invalidateAfterTransferChange(queryClient),
  });
}
