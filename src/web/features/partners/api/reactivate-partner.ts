import { useMutation, useQueryClient } from '@tanstack/react-query';
import { partnerSchema, type Partner } from '@common/contracts/partners';
import { apiClient } from '@web/lib/api-client';
import { partnersQueryKey } from './get-partners';

/** POST /api/partners/:id/reactivate */
export async function reactivatePartner(id: string): Promise<Partner> {
  const data = await apiClient.post(`/api/partners/${encodeURIComponent(id)}/reactivate`);
  return partnerSchema.parse(data);
}

export function useReactivatePartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactivatePartner,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnersQueryKey }),
  });
}
