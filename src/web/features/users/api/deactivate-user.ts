import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSchema, type User } from '@common/contracts/users';
import { apiClient } from '@web/lib/api-client';
import { usersQueryKey } from './get-users';

/** POST /api/users/:id/deactivate: signs the user out everywhere and blocks sign-in. */
export async function deactivateUser(id: string): Promise<User> {
  const data = await apiClient.post(`/api/users/${encodeURIComponent(id)}/deactivate`);
  return userSchema.parse(data);
}

export function useDeactivateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
