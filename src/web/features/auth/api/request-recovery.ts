import { useMutation } from '@tanstack/react-query';
import { recoveryAnswerSchema, type RequestRecovery } from '@common/contracts/recovery';
import { apiClient } from '@web/lib/api-client';

/** POST /api/auth/recover: mails a link to choose a new password (the same answer for any address). */
export async function requestRecovery(input: RequestRecovery): Promise<string> {
  return recoveryAnswerSchema.parse(await apiClient.post('/api/auth/recover', input)).message;
}

export function useRequestRecovery() {
  return useMutation({ mutationFn: requestRecovery });
}
