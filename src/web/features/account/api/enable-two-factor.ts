import { useMutation } from '@tanstack/react-query';
import {
  enableTwoFactorResponseSchema,
  type EnableTwoFactorResponse,
  type TwoFactorPassword,
} from '@common/contracts/account';
import { apiClient } from '@web/lib/api-client';

/**
 * POST /api/auth/two-factor/enable: a new authenticator secret (otpauth:// URI) and backup codes.
 * Two-factor sign-in is on only after the first code is confirmed (confirm-two-factor.ts).
 */
export async function enableTwoFactor(input: TwoFactorPassword): Promise<EnableTwoFactorResponse> {
  return enableTwoFactorResponseSchema.parse(await apiClient.post('/api/auth/two-factor/enable', input));
}

export function useEnableTwoFactor() {
  return useMutation({ mutationFn: enableTwoFactor });
}
