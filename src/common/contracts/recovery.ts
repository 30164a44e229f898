/**
 * Password recovery (spec event PASSWORD_RECOVERY, the authentication service's /recover): "Forgot
 * password?" mails a single-use link valid 60 minutes; the link's page sets a new password.
 */
import { z } from 'zod';
import { passwordSchema, SIGN_IN_EMAIL_PATTERN } from './users';

/** How long a recovery link works. */
export const RECOVERY_LINK_MINUTES = 60;

/** The same answer whether or not the address has an account. */
export const RECOVERY_SENT_MESSAGE =
  'If an account exists for that address, we sent a link to choose a new password. It works once, within 60 minutes.';

export const RECOVERY_LINK_INVALID = 'This link has expired or was already used. Ask for a new one.';

/** POST /api/auth/recover */
export const requestRecoverySchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, 'Enter your email.')
    .max(254, 'Enter a valid email address.')
    .regex(SIGN_IN_EMAIL_PATTERN, 'Enter a valid email address.'),
});
export type RequestRecovery = z.infer<typeof requestRecoverySchema>;

/** POST /api/auth/recover/password */
export const recoverPasswordSchema = z.object({
  token: z.string().min(1, RECOVERY_LINK_INVALID).max(200, RECOVERY_LINK_INVALID),
  newPassword: passwordSchema,
});
export type RecoverPassword = z.infer<typeof recoverPasswordSchema>;

/** The new-password form: the new password typed twice. */
export const recoverPasswordFormSchema = z
  .object({ newPassword: passwordSchema, confirmPassword: z.string().min(1, 'Type the new password again') })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The two new passwords do not match',
  });

export const recoveryAnswerSchema = z.object({ message: z.string() });
