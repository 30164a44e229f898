import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endUserSchema, type EndUser, type registerEndUserSchema } from '@common/contracts/carbon';
import { apiClient } from '@web/lib/api-client';
import type { z } from 'zod';
import { endUsersQueryKey } from './get-end-users';

/** POST /api/carbon/end-users: the end user of one sold stove. */
export async function registerEndUser(input: z.output<typeof registerEndUserSchema>): Promise<EndUser> {
  return endUserSchema.parse(await apiClient.post('/api/carbon/end-users', input));
}

export function useRegisterEndUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerEndUser,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: endUsersQueryKey }),
  });
}
