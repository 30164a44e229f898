import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

interface SignInInput {
  email: string;
  password: string;
}

/** POST /api/auth/sign-in/email: sets the session cookie on success. */
export async function signIn(input: SignInInput): Promise<void> {
  await apiClient.post('/api/auth/sign-in/email', { email: input.email, password: input.password });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
