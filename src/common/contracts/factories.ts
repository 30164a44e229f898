import { z } from 'zod';
import { factoryKindSchema } from './me';

/** POST /api/factories */
export const createFactorySchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2,10}$/, 'Code must be 2-10 letters or digits'),
  kind: factoryKindSchema,
  location: z.string().trim().max(300).optional(),
});
export type CreateFactory = z.infer<typeof createFactorySchema>;

export const factorySchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  kind: factoryKindSchema,
  location: z.string().nullable(),
  active: z.boolean(),
});
export type Factory = z.infer<typeof factorySchema>;
