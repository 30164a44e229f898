import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorPassword } from '@common/contracts/account';
import { apiClient } from '@web/lib/api-client';
import { accountQueryKey } from './get-account';

/** POST /api/auth/two-factor/disable */
export async function disableTwoFactor(input: TwoFactorPassword): Promise<void> {
  await apiClient.post('/api/auth/two-factor/disable', input);
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueryKey }),
  });
}
