import { useMutation, useQueryClient } from '@tanstack/react-query';
import { partnerSchema, type Partner, type PartnerInput } from '@common/contracts/partners';
import { apiClient } from '@web/lib/api-client';
import { partnersQueryKey } from './get-partners';

/** POST /api/partners (409 with fieldErrors.name when the name is taken in that region). */
export async function createPartner(input: PartnerInput): Promise<Partner> {
  const data = await apiClient.post('/api/partners', input);
  return partnerSchema.parse(data);
}

export function useCreatePartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPartner,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnersQueryKey }),
  });
}
