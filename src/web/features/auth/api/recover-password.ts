import { useMutation } from '@tanstack/react-query';
import { recoveryAnswerSchema, type RecoverPassword } from '@common/contracts/recovery';
import { apiClient } from '@web/lib/api-client';

/** POST /api/auth/recover/password: sets the new password with the mailed link's token. */
export async function recoverPassword(input: RecoverPassword): Promise<string> {
  return recoveryAnswerSchema.parse(await apiClient.post('/api/auth/recover/password', input)).message;
}

export function useRecoverPassword() {
  return useMutation({ mutationFn: recoverPassword });
}
