import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createdUserSchema, type CreateUser } from '@common/contracts/users';
import { apiClient } from '@web/lib/api-client';
import { usersQueryKey } from './get-users';

/** POST /api/users (409 with fieldErrors.email when the email is taken). */
export async function createUser(input: CreateUser) {
  const data = await apiClient.post('/api/users', input);
  return createdUserSchema.parse(data);
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
