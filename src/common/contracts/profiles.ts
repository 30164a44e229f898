import { z } from 'zod';
import { optionalText } from './fields';
import { listQuerySchema, listResponseSchema } from './list';
import { userFactorySchema, userNameSchema } from './users';

export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  jobTitle: z.string().nullable(),
  factory: userFactorySchema.nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** GET /api/profiles */
const profileListOptions = { sortable: ['name', 'email'], defaultSort: 'name', filters: {} } as const;
export const listProfilesQuerySchema = listQuerySchema(profileListOptions);
export type ListProfilesQuery = z.infer<typeof listProfilesQuerySchema>;
export const profileListSchema = listResponseSchema(profileSchema);

/** The editable fields of a profile (also the edit form's schema). */
export const profileInputSchema = z.object({
  name: userNameSchema,
  phone: z
    .string()
    .trim()
    .max(40, 'Phone is limited to 40 characters')
    .regex(/^[+0-9 ()\-./]*$/, 'Phone may contain digits, spaces and + ( ) - . / only')
    .nullish()
    .transform((v) => (v ? v : null)),
  jobTitle: optionalText(100, 'Job title'),
});

/** PATCH /api/profiles/:id */
export const updateProfileSchema = profileInputSchema
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');
export type UpdateProfile = z.infer<typeof updateProfileSchema>;
