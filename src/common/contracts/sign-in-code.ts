/**
 * Sign-in with a code by mail (the authentication service's /otp and /verify): "Email me a sign-in
 * code" on /auth mails a 6-digit code valid 10 minutes; entering it signs in.
 */
import { z } from 'zod';
import { SIGN_IN_EMAIL_PATTERN } from './users';

/** How long a sign-in code works. */
export const SIGN_IN_CODE_MINUTES = 10;
/** Wrong tries a code allows; then a new code is needed. */
export const SIGN_IN_CODE_TRIES = 5;

/** Spec §5: one-time-code sign-in without an address. */
export const SIGN_IN_CODE_NEEDS_EMAIL = 'One-time-code sign-in needs an email or a phone';

/** The same answer whether or not the address has an account. */
export const SIGN_IN_CODE_SENT_MESSAGE =
  'If an account exists for that address, we sent it a 6-digit sign-in code. It works once, within 10 minutes.';

export const SIGN_IN_CODE_INVALID = 'This code has expired or was already used. Ask for a new code.';
export const SIGN_IN_CODE_TOO_MANY_TRIES = 'Too many wrong codes. Ask for a new code.';

const emailSchema = z
  .string(SIGN_IN_CODE_NEEDS_EMAIL)
  .trim()
  .toLowerCase()
  .min(1, { error: SIGN_IN_CODE_NEEDS_EMAIL, abort: true })
  .max(254, 'Enter a valid email address.')
  .regex(SIGN_IN_EMAIL_PATTERN, 'Enter a valid email address.');

/** POST /api/auth/otp */
export const requestSignInCodeSchema = z.object({ email: emailSchema });
export type RequestSignInCode = z.infer<typeof requestSignInCodeSchema>;

/** POST /api/auth/verify */
export const signInWithCodeSchema = z.object({
  email: emailSchema,
  code: z
    .string('Enter the 6-digit code from the mail.')
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from the mail.'),
});
export type SignInWithCode = z.infer<typeof signInWithCodeSchema>;

export const signInCodeAnswerSchema = z.object({ message: z.string() });
