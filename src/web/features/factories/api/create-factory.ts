import { useMutation, useQueryClient } from '@tanstack/react-query';
import { factorySchema, type CreateFactory, type Factory } from '@common/contracts/factories';
import { apiClient } from '@web/lib/api-client';
import { factoriesQueryKey } from './get-factories';

/** POST /api/factories (409 with fieldErrors.code when the code is taken). */
export async function createFactory(input: CreateFactory): Promise<Factory> {
  const data = await apiClient.post('/api/factories', input);
  return factorySchema.parse(data);
}

export function useCreateFactory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFactory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: factoriesQueryKey }),
  });
}
