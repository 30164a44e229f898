import { useMutation } from '@tanstack/react-query';
import { backupCodesResponseSchema, type TwoFactorPassword } from '@common/contracts/account';
import { apiClient } from '@web/lib/api-client';

/** POST /api/auth/two-factor/generate-backup-codes: new codes; the old ones stop working. */
export async function generateBackupCodes(input: TwoFactorPassword): Promise<string[]> {
  return backupCodesResponseSchema.parse(await apiClient.post('/api/auth/two-factor/generate-backup-codes', input))
    .backupCodes;
}

export function useGenerateBackupCodes() {
  return useMutation({ mutationFn: generateBackupCodes });
}
