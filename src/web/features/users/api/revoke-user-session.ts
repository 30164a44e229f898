import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { usersQueryKey } from './get-users';

/** DELETE /api/users/:id/sessions/:sessionId: signs the user out of that browser. */
export async function revokeUserSession({ userId, sessionId }: { userId: string; sessionId: string }): Promise<void> {
  await apiClient.delete(`/api/users/${encodeURIComponent(userId)}/sessions/${encodeURIComponent(sessionId)}`);
}

export function useRevokeUserSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeUserSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
