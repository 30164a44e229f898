import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

/** POST /api/auth/sign-out: ends the session and clears the cookie. */
export async function signOut(): Promise<void> {
  await apiClient.post('/api/auth/sign-out', {});
}

export function useSignOut() {
  return useMutation({ mutationFn: signOut });
}
