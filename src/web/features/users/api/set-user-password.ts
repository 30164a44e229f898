import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SetUserPassword } from '@common/contracts/users';
import { apiClient } from '@web/lib/api-client';
import { usersQueryKey } from './get-users';

/** POST /api/users/:id/password: the user's sessions all end. */
export async function setUserPassword({ id, input }: { id: string; input: SetUserPassword }): Promise<void> {
  await apiClient.post(`/api/users/${encodeURIComponent(id)}/password`, input);
}

export function useSetUserPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
