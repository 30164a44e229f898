import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSchema, type User } from '@common/contracts/users';
import { apiClient } from '@web/lib/api-client';
import { usersQueryKey } from './get-users';

/** POST /api/users/:id/reactivate: the user may sign in again. */
export async function reactivateUser(id: string): Promise<User> {
  const data = await apiClient.post(`/api/users/${encodeURIComponent(id)}/reactivate`);
  return userSchema.parse(data);
}

export function useReactivateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactivateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
