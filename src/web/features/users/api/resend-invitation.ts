import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSchema, type User } from '@common/contracts/users';
import { apiClient } from '@web/lib/api-client';
import { usersQueryKey } from './get-users';

/** POST /api/users/:id/invitation: mails a new link; the earlier one stops working. */
export async function resendInvitation(id: string): Promise<User> {
  const data = await apiClient.post(`/api/users/${encodeURIComponent(id)}/invitation`);
  return userSchema.parse(data);
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
