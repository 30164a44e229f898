import { useMutation, useQueryClient } from '@tanstack/react-query';
import { partnerSchema, type Partner } from '@common/contracts/partners';
import { apiClient } from '@web/lib/api-client';
import { partnersQueryKey } from './get-partners';

/** POST /api/partners/:id/deactivate */
export async function deactivatePartner(id: string): Promise<Partner> {
  const data = await apiClient.post(`/api/partners/${encodeURIComponent(id)}/deactivate`);
  return partnerSchema.parse(data);
}

export function useDeactivatePartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivatePartner,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnersQueryKey }),
  });
}
