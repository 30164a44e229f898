import { useMutation } from '@tanstack/react-query';
import type { ChangeMyPassword } from '@common/contracts/account';
import { apiClient } from '@web/lib/api-client';

/** POST /api/me/password: my other sessions end; this browser gets a renewed session cookie. */
export async function changeMyPassword(input: ChangeMyPassword): Promise<void> {
  await apiClient.post('/api/me/password', input);
}

export function useChangeMyPassword() {
  return useMutation({ mutationFn: changeMyPassword });
}
