import { z } from 'zod';
import { GROUPS, PERMISSIONS } from '../permissions';

export const factoryKindSchema = z.enum(['plant', 'assembly', 'both']);

/** GET /api/me */
export const meResponseSchema = z.object({
  user: z.object({ id: z.string(), email: z.string() }),
  profile: z.object({ name: z.string().nullable() }),
  groups: z.array(z.enum(GROUPS)),
  permissions: z.array(z.enum(PERMISSIONS)),
  factory: z.object({ id: z.string(), name: z.string(), code: z.string(), kind: factoryKindSchema }).nullable(),
  isGlobal: z.boolean(),
  /** The zone of the user's days and times: their factory's, else the company's. */
  timeZone: z.string(),
  /** The company's zone, which factories without their own follow. */
  companyTimeZone: z.string(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;
