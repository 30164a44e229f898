import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { accountQueryKey } from './get-account';

/** POST /api/auth/two-factor/verify-totp while signed in: the first code turns two-factor sign-in on. */
export async function confirmTwoFactor(code: string): Promise<void> {
  await apiClient.post('/api/auth/two-factor/verify-totp', { code });
}

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueryKey }),
  });
}
