import { z } from 'zod';
import { optionalText } from './fields';
import { booleanFilterSchema, exportQuerySchema, listQuerySchema, listResponseSchema } from './list';

export const PARTNER_TYPES = ['distributor', 'retailer', 'institution', 'ngo', 'individual'] as const;
export const partnerTypeSchema = z.enum(PARTNER_TYPES, {
  message: `Type must be one of: ${PARTNER_TYPES.join(', ')}`,
});
export type PartnerType = z.infer<typeof partnerTypeSchema>;

const region = z.string().trim().max(100, 'Region is limited to 100 characters');

/** POST /api/partners: the editable fields of a partner; also one row of a CSV import. */
export const partnerInputSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200, 'Name is limited to 200 characters'),
  type: partnerTypeSchema,
  contactPerson: optionalText(200, 'Contact person'),
  phone: z
    .string()
    .trim()
    .max(40, 'Phone is limited to 40 characters')
    .regex(/^[+0-9 ()\-./]*$/, 'Phone may contain digits, spaces and + ( ) - . / only')
    .nullish()
    .transform((v) => (v ? v : null)),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || z.email().safeParse(v).success, 'Enter a valid email address'),
  region: region.default(''),
  address: optionalText(300, 'Address'),
  notes: optionalText(2000, 'Notes'),
  /** The sales category a new order for this partner starts with: an active one, or none. */
  defaultSalesCategoryId: z
    .string()
    .uuid('Choose a sales category')
    .nullish()
    .transform((v) => v ?? null),
});
export type PartnerInput = z.input<typeof partnerInputSchema>;

/** PATCH /api/partners/:id */
export const updatePartnerSchema = partnerInputSchema
  .extend({ region }) // no default: a change that leaves out the region keeps it
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');

export const partnerSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: partnerTypeSchema,
  contactPerson: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  region: z.string(),
  address: z.string().nullable(),
  notes: z.string().nullable(),
  defaultSalesCategory: z.object({ id: z.string(), name: z.string(), code: z.string() }).nullable(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Partner = z.infer<typeof partnerSchema>;

const partnerListOptions = {
  sortable: ['name', 'type', 'region', 'createdAt'],
  defaultSort: 'name',
  filters: {
    type: partnerTypeSchema.optional(),
    active: booleanFilterSchema,
    region: z.string().trim().max(100).optional(),
  },
} as const;
/** GET /api/partners */
export const listPartnersQuerySchema = listQuerySchema(partnerListOptions);
export type ListPartnersQuery = z.infer<typeof listPartnersQuerySchema>;
/** GET /api/partners/export.csv */
export const exportPartnersQuerySchema = exportQuerySchema(partnerListOptions);
export const partnerListSchema = listResponseSchema(partnerSchema);

/** The CSV columns of import and export, in order (the default sales category by its code). */
export const PARTNER_CSV_COLUMNS = [
  { header: 'Name', field: 'name' },
  { header: 'Type', field: 'type' },
  { header: 'Contact person', field: 'contactPerson' },
  { header: 'Phone', field: 'phone' },
  { header: 'Email', field: 'email' },
  { header: 'Region', field: 'region' },
  { header: 'Address', field: 'address' },
  { header: 'Notes', field: 'notes' },
  { header: 'Default sales category', field: 'defaultSalesCategory' },
] as const;

/** The export's last column; the import reads it too (yes/no; empty = yes), so an export imports back. */
export const PARTNER_CSV_ACTIVE_COLUMN = { header: 'Active', field: 'active' } as const;

/** One CSV import row: the editable fields (the default sales category by code) and Active. */
export const partnerCsvRowSchema = partnerInputSchema.omit({ defaultSalesCategoryId: true }).extend({
  defaultSalesCategory: z
    .string()
    .trim()
    .toUpperCase()
    .max(16, 'A sales category code has at most 16 characters')
    .optional()
    .transform((v) => (v ? v : null)),
  active: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .refine((v) => !v || v === 'yes' || v === 'no', "Active must be 'yes' or 'no'")
    .transform((v) => v !== 'no'),
});
