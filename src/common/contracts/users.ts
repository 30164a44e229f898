import { z } from 'zod';
import { GROUPS } from '../permissions';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';

export const emailSchema = z.string().trim().toLowerCase().email('Enter a valid email address').max(254);

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** POST /api/users */
export const createUserSchema = z.object({
  email: emailSchema,
  name: z.string().trim().min(1, 'Name is required').max(200),
  password: passwordSchema,
  groups: z.array(z.enum(GROUPS)).min(1, 'Choose at least one group'),
  factoryId: z.string().uuid('Choose a valid factory').nullish(),
});
export type CreateUser = z.infer<typeof createUserSchema>;

export const createdUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  groups: z.array(z.enum(GROUPS)),
  factoryId: z.string().nullable(),
});

/**
 * What sign-in accepts as an email: any address a browser's type="email" field accepts,
 * including single-label domains such as admin@localhost.
 */
export const SIGN_IN_EMAIL_PATTERN =
  /^[^\s@]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*$/;
