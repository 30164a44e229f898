import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ckdTransferSchema, type CkdTransfer, type CreateCkdTransfer } from '@common/contracts/ckd';
import { apiClient } from '@web/lib/api-client';
import { invalidateAfterKitsMoved } from './ckd-query-keys';

/** POST /api/ckd/transfers: kits move at once; a 409 says how many are in stock. */
export async function createCkdTransfer(input: CreateCkdTransfer): Promise<CkdTransfer> {
  const data = await apiClient.post('/api/ckd/transfers', input);
  return ckdTransferSchema.parse(data);
}

export function useCreateCkdTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCkdTransfer,
    onSettled: () => invalidateAfterKitsMoved(queryClient, { steel: false }),
  });
}
