import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSchema, type UpdateUser, type User } from '@common/contracts/users';
import { apiClient } from '@web/lib/api-client';
import { usersQueryKey } from './get-users';

/** PATCH /api/users/:id (409 for the guards: own Admin group, last active Admin, email taken). */
export async function updateUser({ id, changes }: { id: string; changes: UpdateUser }): Promise<User> {
  const data = await apiClient.patch(`/api/users/${encodeURIComponent(id)}`, changes);
  return userSchema.parse(data);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
