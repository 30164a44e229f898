import { useMutation } from '@tanstack/react-query';
import { twoFactorRedirectSchema } from '@common/contracts/account';
import { signInCodeAnswerSchema, type RequestSignInCode, type SignInWithCode } from '@common/contracts/sign-in-code';
import { apiClient } from '@web/lib/api-client';
import type { SignInOutcome } from './sign-in';

/** POST /api/auth/otp: mails a 6-digit sign-in code (the same answer for any address). */
export async function requestSignInCode(input: RequestSignInCode): Promise<string> {
  return signInCodeAnswerSchema.parse(await apiClient.post('/api/auth/otp', input)).message;
}

export function useRequestSignInCode() {
  return useMutation({ mutationFn: requestSignInCode });
}

/**
 * POST /api/auth/verify: sets the session cookie for the right code; for a user with two-factor
 * sign-in it sets the challenge cookie instead and answers `{ twoFactorRedirect: true }`.
 */
export async function signInWithCode(input: SignInWithCode): Promise<SignInOutcome> {
  const data = await apiClient.post('/api/auth/verify', input);
  return twoFactorRedirectSchema.safeParse(data).success ? 'two-factor' : 'signed-in';
}

export function useSignInWithCode() {
  return useMutation({ mutationFn: signInWithCode });
}
