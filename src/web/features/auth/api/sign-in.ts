import { useMutation } from '@tanstack/react-query';
import { twoFactorRedirectSchema } from '@common/contracts/account';
import { apiClient } from '@web/lib/api-client';

interface SignInInput {
  email: string;
  password: string;
}

/** Signed in, or the password was right and a two-factor code is needed next. */
export type SignInOutcome = 'signed-in' | 'two-factor';

/**
 * POST /api/auth/sign-in/email: sets the session cookie on success; for a user with two-factor
 * sign-in it sets a short-lived challenge cookie instead and answers `{ twoFactorRedirect: true }`.
 */
export async function signIn(input: SignInInput): Promise<SignInOutcome> {
  const data = await apiClient.post('/api/auth/sign-in/email', { email: input.email, password: input.password });
  return twoFactorRedirectSchema.safeParse(data).success ? 'two-factor' : 'signed-in';
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
