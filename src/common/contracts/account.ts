/**
 * My account (issue 3): the signed-in user's own name, password and two-factor sign-in.
 * The two-factor endpoints are better-auth's (/api/auth/two-factor/*, wrapped in
 * server/modules/auth); their request and answer shapes are here so the web parses them.
 */
import { z } from 'zod';
import { passwordSchema, userNameSchema } from './users';

/** GET /api/me/account */
export const accountSchema = z.object({
  email: z.string(),
  name: z.string(),
  twoFactorEnabled: z.boolean(),
});
export type Account = z.infer<typeof accountSchema>;

/** PATCH /api/me/profile (answers the account) */
export const updateMyProfileSchema = z.object({ name: userNameSchema });
export type UpdateMyProfile = z.infer<typeof updateMyProfileSchema>;

const changeMyPasswordFields = {
  currentPassword: z.string().min(1, 'Enter your current password').max(256),
  newPassword: passwordSchema,
};
const newPasswordDiffers = (v: { currentPassword: string; newPassword: string }) => v.currentPassword !== v.newPassword;
const differsMessage = { path: ['newPassword'], message: 'The new password must differ from the current one' };

/** POST /api/me/password (204; the other sessions are ended, this one gets a new cookie) */
export const changeMyPasswordSchema = z.object(changeMyPasswordFields).refine(newPasswordDiffers, differsMessage);
export type ChangeMyPassword = z.infer<typeof changeMyPasswordSchema>;

/** The password form: the request plus the new password typed twice. */
export const changeMyPasswordFormSchema = z
  .object({ ...changeMyPasswordFields, confirmPassword: z.string().min(1, 'Type the new password again') })
  .refine(newPasswordDiffers, differsMessage)
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The two new passwords do not match',
  });

/** A six-digit code from an authenticator app. */
export const totpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app');

/** A backup code as better-auth issues them (10 letters and digits with a dash in the middle). */
export const backupCodeSchema = z
  .string()
  .trim()
  .min(1, 'Enter one of your backup codes')
  .max(64, 'That is not a backup code');

/** POST /api/auth/two-factor/enable, /disable and /generate-backup-codes take the password. */
export const twoFactorPasswordSchema = z.object({ password: z.string().min(1, 'Enter your password').max(256) });
export type TwoFactorPassword = z.infer<typeof twoFactorPasswordSchema>;

/** POST /api/auth/two-factor/enable answers the authenticator URI (otpauth://…) and backup codes. */
export const enableTwoFactorResponseSchema = z.object({
  totpURI: z.string(),
  backupCodes: z.array(z.string()),
});
export type EnableTwoFactorResponse = z.infer<typeof enableTwoFactorResponseSchema>;

/** POST /api/auth/two-factor/generate-backup-codes */
export const backupCodesResponseSchema = z.object({ backupCodes: z.array(z.string()) });

/** POST /api/auth/two-factor/verify-totp: the setup confirmation and the sign-in challenge. */
export const verifyTotpSchema = z.object({ code: totpCodeSchema });
/** POST /api/auth/two-factor/verify-backup-code: the sign-in challenge with a backup code. */
export const verifyBackupCodeSchema = z.object({ code: backupCodeSchema });

/** POST /api/auth/sign-in/email answers this instead of a session when the user has two-factor sign-in. */
export const twoFactorRedirectSchema = z.object({ twoFactorRedirect: z.literal(true) });

/** The audit actions of sign-in and my account (recordType 'user'). */
export const ACCOUNT_AUDIT_ACTIONS = {
  signIn: 'sign_in',
  mfaChallengeVerified: 'mfa_challenge_verified',
  mfaChallengeFailed: 'mfa_challenge_failed',
  twoFactorEnabled: 'two_factor_enabled',
  twoFactorDisabled: 'two_factor_disabled',
  backupCodesRegenerated: 'two_factor_backup_codes_regenerated',
  passwordChange: 'password_change',
  passwordChangeFailed: 'password_change_failed',
  profileUpdate: 'update',
} as const;
