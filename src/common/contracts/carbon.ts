/**
 * Carbon programme (issue 26, DOMAIN.md §4 "Carbon programme"): the end user of each sold stove.
 *
 * An end user registration is a period: it starts at the stove's handover to its end user (a
 * household or an institution) and ends when the stove is returned (a return note or the order's
 * cancellation). A stove has at most one open registration. Direct sales register the order's
 * buyer at sale; stoves sold through distributors and retailers are registered later, by CSV
 * import or one at a time.
 */
import { z } from 'zod';
import { csvImportRequestSchema } from './list';
import { exportQuerySchema, listQuerySchema, listResponseSchema, uuidFilterSchema } from './list';
import { factoryRefSchema, optionalText, recordDaySchema } from './fields';
import { PARTNER_TYPES, type PartnerType } from './partners';

export const END_USER_KINDS = ['household', 'institution'] as const;
export type EndUserKind = (typeof END_USER_KINDS)[number];
export const END_USER_KIND_LABELS: Record<EndUserKind, string> = {
  household: 'Household',
  institution: 'Institution',
};

/** Partner types whose orders are direct sales: the order's buyer is the stoves' end user. */
export const DIRECT_SALE_PARTNER_TYPES: readonly PartnerType[] = PARTNER_TYPES.filter(
  (t) => t !== 'distributor' && t !== 'retailer',
);

export function isDirectSale(partnerType: PartnerType): boolean {
  return DIRECT_SALE_PARTNER_TYPES.includes(partnerType);
}

export const END_USER_STATUSES = ['open', 'ended'] as const;
export type EndUserStatus = (typeof END_USER_STATUSES)[number];
export const END_USER_STATUS_LABELS: Record<EndUserStatus, string> = { open: 'Open', ended: 'Ended' };

export const END_USER_SOURCES = ['sale', 'import', 'form'] as const;
export type EndUserSource = (typeof END_USER_SOURCES)[number];

/** The digits of a phone number an end user can be called on: 7 to 15 (E.164 allows 15). */
export function phoneProblem(phone: string): string | null {
  if (!/^[+0-9 ()\-./]*$/.test(phone)) return 'Phone may contain digits, spaces and + ( ) - . / only';
  const digits = phone.replace(/\D/g, '').length;
  if (digits < 7 || digits > 15) return 'Phone must have 7 to 15 digits';
  return null;
}

const phone = z
  .string()
  .trim()
  .max(40, 'Phone is limited to 40 characters')
  .nullish()
  .transform((v) => (v ? v : null))
  .superRefine((v, ctx) => {
    const problem = v === null ? null : phoneProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A coordinate in decimal degrees, typed (form) or read from a CSV cell; empty is none. */
function coordinate(label: string, limit: number) {
  return z
    .union([z.number(), z.string()])
    .nullish()
    .transform((v, ctx) => {
      if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null;
      const n = typeof v === 'number' ? v : Number(v.trim());
      if (!Number.isFinite(n)) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a number in decimal degrees, like ${limit / 2}.5` });
        return z.NEVER;
      }
      if (n < -limit || n > limit) {
        ctx.addIssue({ code: 'custom', message: `${label} must be between -${limit} and ${limit}` });
        return z.NEVER;
      }
      return n;
    });
}

const kind = z
  .string()
  .trim()
  .toLowerCase()
  .nullish()
  .transform((v) => v || 'household')
  .pipe(z.enum(END_USER_KINDS, { message: 'Type must be household or institution' }));

const endUserFieldsShape = {
  kind,
  name: z.string().trim().min(1, 'Name is required').max(200, 'Name is limited to 200 characters'),
  phone,
  county: optionalText(100, 'County'),
  subCounty: optionalText(100, 'Sub-county'),
  village: optionalText(100, 'Village'),
  latitude: coordinate('Latitude', 90),
  longitude: coordinate('Longitude', 180),
  handoverDate: recordDaySchema,
};

function bothCoordinatesOrNeither(
  v: { latitude: number | null; longitude: number | null },
  ctx: z.RefinementCtx,
): void {
  if ((v.latitude === null) !== (v.longitude === null)) {
    const missing = v.latitude === null ? 'latitude' : 'longitude';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'Give both latitude and longitude, or neither' });
  }
}

const code = z.string().trim().min(1, 'Stove ID is required').max(32, 'A stove ID has at most 32 characters');

/**
 * POST /api/carbon/end-users: register the end user of one sold stove (its stove ID `code`); also
 * one row of the import CSV, as the server reads it.
 */
export const registerEndUserSchema = z.object({ code, ...endUserFieldsShape }).superRefine(bothCoordinatesOrNeither);
export type EndUserFields = Omit<z.output<typeof registerEndUserSchema>, 'code'>;

export type EndUserCsvField =
  'code' | 'kind' | 'name' | 'phone' | 'county' | 'subCounty' | 'village' | 'latitude' | 'longitude' | 'handoverDate';

/** The import CSV's columns (also the template's and the list export's first columns). */
export const END_USER_CSV_COLUMNS: readonly { header: string; field: EndUserCsvField }[] = [
  { header: 'Stove ID', field: 'code' },
  { header: 'Type', field: 'kind' },
  { header: 'Name', field: 'name' },
  { header: 'Phone', field: 'phone' },
  { header: 'County', field: 'county' },
  { header: 'Sub-county', field: 'subCounty' },
  { header: 'Village', field: 'village' },
  { header: 'Latitude', field: 'latitude' },
  { header: 'Longitude', field: 'longitude' },
  { header: 'Handover date', field: 'handoverDate' },
];

/** POST /api/carbon/end-users/import: the CSV, the partner the stoves were sold to, dry run or not. */
export const importEndUsersSchema = csvImportRequestSchema.extend({
  partnerId: z.string({ error: 'Choose the partner' }).uuid('Choose the partner'),
});
export type ImportEndUsersRequest = z.input<typeof importEndUsersSchema>;

export const endUserSchema = z.object({
  id: z.string(),
  code: z.string(),
  model: z.string().nullable(),
  factory: factoryRefSchema,
  order: z.object({ id: z.string(), label: z.string(), date: z.string() }),
  partner: z.object({ id: z.string(), name: z.string(), type: z.enum(PARTNER_TYPES) }),
  kind: z.enum(END_USER_KINDS),
  name: z.string(),
  phone: z.string().nullable(),
  county: z.string().nullable(),
  subCounty: z.string().nullable(),
  village: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  handoverDate: z.string(),
  source: z.enum(END_USER_SOURCES),
  status: z.enum(END_USER_STATUSES),
  endedAt: z.string().nullable(),
  endReason: z.string().nullable(),
});
export type EndUser = z.infer<typeof endUserSchema>;

/** "Kisumu East, Kisumu, Nyalenda": the location as one line, county first. */
export function endUserLocation(u: Pick<EndUser, 'county' | 'subCounty' | 'village'>): string {
  return [u.county, u.subCounty, u.village].filter((p): p is string => Boolean(p)).join(', ');
}

export const END_USER_SORTS = ['handoverDate', 'code', 'name', 'saleDate'] as const;
const listOptions = {
  sortable: END_USER_SORTS,
  defaultSort: 'handoverDate',
  defaultDir: 'desc',
  filters: {
    status: z.enum(END_USER_STATUSES, { message: 'Status must be open or ended' }).optional(),
    partnerId: uuidFilterSchema,
    factoryId: uuidFilterSchema,
  },
} as const;

/** GET /api/carbon/end-users: q searches the stove ID, the name, the phone and the location. */
export const listEndUsersQuerySchema = listQuerySchema(listOptions);
export type ListEndUsersQuery = z.infer<typeof listEndUsersQuerySchema>;
export const exportEndUsersQuerySchema = exportQuerySchema(listOptions);
export const endUserListSchema = listResponseSchema(endUserSchema);

/** GET /api/carbon/partners: the distributors and retailers, whose stoves are registered by import. */
export const carbonPartnerListSchema = z.array(
  z.object({ id: z.string(), name: z.string(), type: z.enum(PARTNER_TYPES), active: z.boolean() }),
);
export type CarbonPartner = z.infer<typeof carbonPartnerListSchema>[number];
