import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

export type TwoFactorMethod = 'totp' | 'backup-code';

const PATHS: Record<TwoFactorMethod, string> = {
  totp: '/api/auth/two-factor/verify-totp',
  'backup-code': '/api/auth/two-factor/verify-backup-code',
};

/**
 * The sign-in challenge (spec event MFA_CHALLENGE_VERIFIED): POST /api/auth/two-factor/verify-totp
 * or /verify-backup-code with the challenge cookie; sets the session cookie on success.
 */
export async function verifyTwoFactor(input: { method: TwoFactorMethod; code: string }): Promise<void> {
  await apiClient.post(PATHS[input.method], { code: input.code.trim() });
}

export function useVerifyTwoFactor() {
  return useMutation({ mutationFn: verifyTwoFactor });
}
