import { useMutation, useQueryClient } from '@tanstack/react-query';
import { partnerSchema, type Partner, type PartnerInput } from '@common/contracts/partners';
import { apiClient } from '@web/lib/api-client';
import { partnersQueryKey } from './get-partners';

/** PATCH /api/partners/:id */
export async function updatePartner({ id, changes }: { id: string; changes: Partial<PartnerInput> }): Promise<Partner> {
  const data = await apiClient.patch(`/api/partners/${encodeURIComponent(id)}`, changes);
  return partnerSchema.parse(data);
}

export function useUpdatePartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePartner,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnersQueryKey }),
  });
}
