import { z } from 'zod';
import { isTimeZone } from '../time-zones';
import { booleanFilterSchema, exportQuerySchema, listQuerySchema, listResponseSchema } from './list';
import { factoryKindSchema } from './me';

export const FACTORY_KINDS = factoryKindSchema.options;

const name = z.string().trim().min(1, 'Name is required').max(200, 'Name is limited to 200 characters');
const code = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,10}$/, 'Code must be 2-10 letters or digits');
const location = z.string().trim().max(300, 'Location is limited to 300 characters');

/** An IANA time zone name ('Africa/Nairobi'), as the time zone chooser lists them. */
export const timeZoneSchema = z
  .string({ error: 'Choose a time zone' })
  .trim()
  .min(1, 'Choose a time zone')
  .refine(isTimeZone, 'Choose a time zone from the list, like Africa/Nairobi');

/** A factory's own zone; null (or empty) follows the company's. */
const factoryTimeZone = z.preprocess((v) => (v === '' ? null : v), timeZoneSchema.nullable());

/** POST /api/factories */
export const createFactorySchema = z.object({
  name,
  code,
  kind: factoryKindSchema,
  location: location.optional(),
  timeZone: factoryTimeZone.optional(),
});
export type CreateFactory = z.infer<typeof createFactorySchema>;

/** PATCH /api/factories/:id */
export const updateFactorySchema = z
  .object({ name, code, kind: factoryKindSchema, location: location.nullable(), timeZone: factoryTimeZone })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');
export type UpdateFactory = z.infer<typeof updateFactorySchema>;

export const factorySchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  kind: factoryKindSchema,
  location: z.string().nullable(),
  /** Its own time zone; null: it follows the company's. */
  timeZone: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Factory = z.infer<typeof factorySchema>;

/** GET /api/factories */
const factoryListOptions = {
  sortable: ['name', 'code', 'kind', 'createdAt'],
  defaultSort: 'name',
  filters: { kind: factoryKindSchema.optional(), active: booleanFilterSchema },
} as const;
export const listFactoriesQuerySchema = listQuerySchema(factoryListOptions);
export type ListFactoriesQuery = z.infer<typeof listFactoriesQuerySchema>;
export const exportFactoriesQuerySchema = exportQuerySchema(factoryListOptions);
export const factoryListSchema = listResponseSchema(factorySchema);

/** GET /api/factories/options: every factory, for selects and filters elsewhere. */
export const factoryOptionSchema = factorySchema.pick({
  id: true,
  name: true,
  code: true,
  kind: true,
  active: true,
  timeZone: true,
});
export type FactoryOption = z.infer<typeof factoryOptionSchema>;
export const factoryOptionsSchema = z.object({ items: z.array(factoryOptionSchema) });

/** PUT /api/company/time-zone: the zone of the company's days (factories without their own follow it). */
export const companyTimeZoneSchema = z.object({ timeZone: timeZoneSchema });
export type CompanyTimeZone = z.infer<typeof companyTimeZoneSchema>;
