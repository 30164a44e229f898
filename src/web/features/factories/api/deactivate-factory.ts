import { useMutation, useQueryClient } from '@tanstack/react-query';
import { factorySchema, type Factory } from '@common/contracts/factories';
import { apiClient } from '@web/lib/api-client';
import { factoriesQueryKey } from './get-factories';

/** POST /api/factories/:id/deactivate */
export async function deactivateFactory(id: string): Promise<Factory> {
  const data = await apiClient.post(`/api/factories/${encodeURIComponent(id)}/deactivate`);
  return factorySchema.parse(data);
}

export function useDeactivateFactory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateFactory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: factoriesQueryKey }),
  });
}
