import { useMutation, useQueryClient } from '@tanstack/react-query';
import { factorySchema, type Factory } from '@common/contracts/factories';
import { apiClient } from '@web/lib/api-client';
import { factoriesQueryKey } from './get-factories';

/** POST /api/factories/:id/reactivate */
export async function reactivateFactory(id: string): Promise<Factory> {
  const data = await apiClient.post(`/api/factories/${encodeURIComponent(id)}/reactivate`);
  return factorySchema.parse(data);
}

export function useReactivateFactory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactivateFactory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: factoriesQueryKey }),
  });
}
