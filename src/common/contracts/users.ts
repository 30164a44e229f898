import { z } from 'zod';
import { GROUPS } from '../permissions';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { booleanFilterSchema, exportQuerySchema, listQuerySchema, listResponseSchema, uuidFilterSchema } from './list';

export const emailSchema = z.string().trim().toLowerCase().email('Enter a valid email address').max(254);

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const userNameSchema = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(200, 'Name is limited to 200 characters');
const groupsSchema = z
  .array(z.enum(GROUPS))
  .min(1, 'Choose at least one group')
  .max(GROUPS.length, `At most ${GROUPS.length} groups`);

/** What every user has: the new-user and edit forms share these fields. */
export const userFieldsSchema = z.object({
  email: emailSchema,
  name: userNameSchema,
  groups: groupsSchema,
  factoryId: z.string().uuid('Choose a valid factory').nullish(),
});

export const CHOOSE_PASSWORD_OR_INVITE = 'Choose a password, or send an invitation instead';

/**
 * POST /api/users: either a password the Admin chooses, or `invite: true` to mail the person a link
 * to choose their own (and then no password).
 */
export const createUserSchema = userFieldsSchema
  .extend({ password: passwordSchema.optional(), invite: z.boolean().optional() })
  .superRefine((v, ctx) => {
    if (v.invite ? v.password !== undefined : v.password === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: v.invite ? 'Send an invitation or choose a password, not both' : CHOOSE_PASSWORD_OR_INVITE,
      });
    }
  });
export type CreateUser = z.infer<typeof createUserSchema>;

export const createdUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  groups: z.array(z.enum(GROUPS)),
  factoryId: z.string().nullable(),
  /** When the invitation's link stops working; null when the Admin chose a password. */
  invitationExpiresAt: z.string().nullable(),
});

/** A user's factory as lists show it. */
export const userFactorySchema = z.object({ id: z.string(), code: z.string(), name: z.string() });

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  groups: z.array(z.enum(GROUPS)),
  factory: userFactorySchema.nullable(),
  active: z.boolean(),
  twoFactorEnabled: z.boolean(),
  createdAt: z.string(),
  /** The latest activity of any of the user's tabs (activity sessions), or null. */
  lastActivityAt: z.string().nullable(),
  /** An open activity session pinged within ONLINE_WINDOW_MS. */
  online: z.boolean(),
  /** The user has a password to sign in with (an invited user has none until they accept). */
  passwordSet: z.boolean(),
  /** While the user has an invitation (sent, not accepted): when its link stops (or stopped) working. */
  invitationExpiresAt: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

/** A user counts as online while one of their tabs pinged within this window. */
export const ONLINE_WINDOW_MS = 2 * 60 * 1000;

/** GET /api/users */
const userListOptions = {
  sortable: ['name', 'email', 'createdAt'],
  defaultSort: 'name',
  filters: { group: z.enum(GROUPS).optional(), factoryId: uuidFilterSchema, active: booleanFilterSchema },
} as const;
export const listUsersQuerySchema = listQuerySchema(userListOptions);
export type ListUsersQuery = z.infer<typeof listUsersQuerySchema>;
/** GET /api/users/export.csv */
export const exportUsersQuerySchema = exportQuerySchema(userListOptions);
export const userListSchema = listResponseSchema(userSchema);

/** PATCH /api/users/:id */
export const updateUserSchema = z
  .object({
    email: emailSchema,
    name: userNameSchema,
    groups: groupsSchema,
    factoryId: z.string().uuid('Choose a valid factory').nullable(),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');
export type UpdateUser = z.infer<typeof updateUserSchema>;

/** POST /api/users/:id/password */
export const setUserPasswordSchema = z.object({ password: passwordSchema });
export type SetUserPassword = z.infer<typeof setUserPasswordSchema>;

/** GET /api/users/:id/sessions: the user's signed-in browsers. */
export const userSessionSchema = z.object({
  id: z.string(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  /** The last request the server saw on this session. */
  lastActiveAt: z.string(),
  /** The last activity of this session's tabs (activity sessions), or null. */
  lastActivityAt: z.string().nullable(),
  /** The session the caller is using. */
  current: z.boolean(),
});
export type UserSession = z.infer<typeof userSessionSchema>;
export const userSessionsSchema = z.object({ items: z.array(userSessionSchema) });

/** GET /api/users/online */
export const onlineUserSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  factory: userFactorySchema.nullable(),
  lastActivityAt: z.string(),
  /** Open tabs pinged within the online window. */
  tabs: z.number().int(),
});
export type OnlineUser = z.infer<typeof onlineUserSchema>;
export const onlineUsersSchema = z.object({ items: z.array(onlineUserSchema) });

/**
 * What sign-in accepts as an email: any address a browser's type="email" field accepts,
 * including single-label domains such as admin@localhost.
 */
export const SIGN_IN_EMAIL_PATTERN =
  /^[^\s@]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*$/;
