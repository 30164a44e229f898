import { useMutation, useQueryClient } from '@tanstack/react-query';
import { factorySchema, type Factory, type UpdateFactory } from '@common/contracts/factories';
import { apiClient } from '@web/lib/api-client';
import { factoriesQueryKey } from './get-factories';

/** PATCH /api/factories/:id */
export async function updateFactory({ id, changes }: { id: string; changes: UpdateFactory }): Promise<Factory> {
  const data = await apiClient.patch(`/api/factories/${encodeURIComponent(id)}`, changes);
  return factorySchema.parse(data);
}

export function useUpdateFactory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFactory,
    // A new time zone moves the days of the factory's users (the signed-in one's too): read all again.
    onSuccess: (_saved, { changes }) =>
      queryClient.invalidateQueries(changes.timeZone === undefined ? { queryKey: factoriesQueryKey } : undefined),
  });
}
