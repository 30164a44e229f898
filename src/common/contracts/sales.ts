/**
 * Sales master data (DOMAIN.md §4 "Sales"): sales categories (customer segments or channels),
 * sales packages (what is sold: a stove model, how many stoves, extra items) and price allocation
 * (package × category → unit price and currency, effective from a date; the price in force on a
 * day is the one with the latest `effectiveFrom` on or before it, the latest set winning on the
 * same date). Prices are never edited: a correction is a new price (from today, or the same date),
 * and the history keeps both. A scheduled price (from a later day) can be withdrawn before it
 * takes effect. Sales orders build on these.
 */
import { z } from 'zod';
import { isIsoDay } from '../calendar-days';
import { dayFilterSchema, hasAtMostDecimals, optionalText, personRefSchema } from './fields';
import { booleanFilterSchema, exportQuerySchema, listQuerySchema, listResponseSchema, uuidFilterSchema } from './list';

// ---------------------------------------------------------------------------------------------
// Shared rules

/** The currency new prices default to. */
export const DEFAULT_CURRENCY = 'KES';
export const SALES_PRICE_MAX = 100_000_000;
/** Most stoves one package may deliver. */
export const STOVES_PER_PACKAGE_MAX = 100;
/** Most cells one price list (one POST /api/sales/prices) may set. */
export const PRICE_LIST_CELLS_MAX = 2_000;

const name = z.string().trim().min(1, 'Name is required').max(200, 'Name is limited to 200 characters');
const code = z
  .string({ error: 'Code is required' })
  .trim()
  .toUpperCase()
  .min(2, 'A code has 2 to 16 characters')
  .max(16, 'A code has 2 to 16 characters')
  .regex(/^[A-Z0-9-]+$/, 'A code uses letters, digits and dashes only');
const description = optionalText(1000, 'Description');

export const currencySchema = z
  .string({ error: 'Currency is required' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'Use a three-letter currency code such as KES');

export const unitPriceSchema = z
  .number({ error: 'Price must be a number' })
  .min(0, 'A price cannot be negative')
  .max(SALES_PRICE_MAX, 'The price is too large')
  .refine((v) => hasAtMostDecimals(v, 2), 'A price takes at most 2 decimals');

/** "KES 4,500.00" */
export function formatMoney(amount: number, currency: string): string {
  return `${currency} ${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

const namedCodeRef = z.object({ id: z.string(), name: z.string(), code: z.string() });

// ---------------------------------------------------------------------------------------------
// Sales categories

/** POST /api/sales/categories */
export const salesCategoryInputSchema = z.object({ name, code, description });
export type SalesCategoryInput = z.input<typeof salesCategoryInputSchema>;

/** PATCH /api/sales/categories/:id */
export const updateSalesCategorySchema = salesCategoryInputSchema
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');
export type UpdateSalesCategory = z.input<typeof updateSalesCategorySchema>;

export const salesCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  /** Prices set for this category (in force, past or scheduled). */
  priceCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SalesCategory = z.infer<typeof salesCategorySchema>;

const categoryListOptions = {
  sortable: ['name', 'code', 'createdAt'],
  defaultSort: 'name',
  filters: { active: booleanFilterSchema },
} as const;
/** GET /api/sales/categories: `q` matches the name, code or description. */
export const listSalesCategoriesQuerySchema = listQuerySchema(categoryListOptions);
export type ListSalesCategoriesQuery = z.infer<typeof listSalesCategoriesQuerySchema>;
export const salesCategoryListSchema = listResponseSchema(salesCategorySchema);

// ---------------------------------------------------------------------------------------------
// Sales packages

/** POST /api/sales/packages: the stove model must be an active CKD category. */
export const salesPackageInputSchema = z.object({
  name,
  code,
  ckdCategoryId: z.string({ error: 'Choose the stove model' }).uuid('Choose the stove model'),
  stovesPerPackage: z
    .number({ error: 'Stoves per package is required' })
    .int('Stoves per package is a whole number')
    .min(1, 'A package has at least 1 stove')
    .max(STOVES_PER_PACKAGE_MAX, `A package has at most ${STOVES_PER_PACKAGE_MAX} stoves`)
    .default(1),
  extraItems: optionalText(500, 'Extra items'),
  description,
});
export type SalesPackageInput = z.input<typeof salesPackageInputSchema>;

/** PATCH /api/sales/packages/:id */
export const updateSalesPackageSchema = z
  .object({
    name,
    code,
    ckdCategoryId: salesPackageInputSchema.shape.ckdCategoryId,
    stovesPerPackage: z
      .number({ error: 'Stoves per package is required' })
      .int('Stoves per package is a whole number')
      .min(1, 'A package has at least 1 stove')
      .max(STOVES_PER_PACKAGE_MAX, `A package has at most ${STOVES_PER_PACKAGE_MAX} stoves`),
    extraItems: optionalText(500, 'Extra items'),
    description,
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');
export type UpdateSalesPackage = z.input<typeof updateSalesPackageSchema>;

export const salesPackageSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  /** The stove model. */
  ckdCategory: namedCodeRef,
  stovesPerPackage: z.number().int(),
  extraItems: z.string().nullable(),
  description: z.string().nullable(),
  active: z.boolean(),
  priceCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SalesPackage = z.infer<typeof salesPackageSchema>;

const packageListOptions = {
  sortable: ['name', 'code', 'stovesPerPackage', 'createdAt'],
  defaultSort: 'name',
  filters: { active: booleanFilterSchema, ckdCategoryId: uuidFilterSchema },
} as const;
/** GET /api/sales/packages: `q` matches the name, code, extra items or description. */
export const listSalesPackagesQuerySchema = listQuerySchema(packageListOptions);
export type ListSalesPackagesQuery = z.infer<typeof listSalesPackagesQuerySchema>;
/** GET /api/sales/packages/export.csv */
export const exportSalesPackagesQuerySchema = exportQuerySchema(packageListOptions);
export const salesPackageListSchema = listResponseSchema(salesPackageSchema);

/**
 * GET /api/sales/options: active packages (with their stove model and stoves per package) and
 * active categories, for selects (price allocation, the order form, report filters).
 */
export const salesOptionsSchema = z.object({
  packages: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      code: z.string(),
      stovesPerPackage: z.number().int(),
      ckdCategory: namedCodeRef,
    }),
  ),
  categories: z.array(namedCodeRef),
});
export type SalesOptions = z.infer<typeof salesOptionsSchema>;

// ---------------------------------------------------------------------------------------------
// Price allocation

const effectiveFrom = z
  .string({ error: 'Choose the date the prices take effect' })
  .trim()
  .refine(isIsoDay, 'Use a date like 2026-01-31')
  .refine((d) => d >= '2000-01-01', 'The date is too far in the past');

/**
 * POST /api/sales/prices: a price list, one or many cells from one date, saved together (all or
 * nothing). Packages and categories must be active. A cell that already has a price from that
 * very date gets the new one on top (a correction; both stay in the history).
 */
export const createSalesPricesSchema = z
  .object({
    effectiveFrom,
    currency: currencySchema.default(DEFAULT_CURRENCY),
    note: optionalText(500, 'Note'),
    prices: z
      .array(
        z.object({
          packageId: z.string({ error: 'Choose a package' }).uuid('Choose a package'),
          categoryId: z.string({ error: 'Choose a sales category' }).uuid('Choose a sales category'),
          unitPrice: unitPriceSchema,
        }),
        { error: 'Add at least one price' },
      )
      .min(1, 'Add at least one price')
      .max(PRICE_LIST_CELLS_MAX, `At most ${PRICE_LIST_CELLS_MAX.toLocaleString('en-US')} prices at once`),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.prices.forEach((p, i) => {
      const key = `${p.packageId}|${p.categoryId}`;
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: ['prices', i], message: 'This package and category are set twice' });
      seen.add(key);
    });
  });
export type CreateSalesPrices = z.input<typeof createSalesPricesSchema>;

export const salesPriceSchema = z.object({
  id: z.string(),
  package: namedCodeRef,
  category: namedCodeRef,
  unitPrice: z.number(),
  currency: z.string(),
  effectiveFrom: z.string(),
  /** The day before the next price takes effect; null while no later price exists. */
  effectiveTo: z.string().nullable(),
  /** in_force today, scheduled (from a later day), or superseded (replaced by a later or a correcting price). */
  state: z.enum(['in_force', 'scheduled', 'superseded']),
  note: z.string().nullable(),
  createdAt: z.string(),
  createdBy: personRefSchema,
});
export type SalesPrice = z.infer<typeof salesPriceSchema>;

/** The answer of POST /api/sales/prices (201). */
export const createdSalesPricesSchema = z.object({ items: z.array(salesPriceSchema) });

const priceListOptions = {
  sortable: ['effectiveFrom', 'createdAt'],
  defaultSort: 'effectiveFrom',
  defaultDir: 'desc',
  filters: {
    packageId: uuidFilterSchema,
    categoryId: uuidFilterSchema,
    from: dayFilterSchema,
    to: dayFilterSchema,
  },
} as const;
/**
 * GET /api/sales/prices: the price history (every price ever set), newest date first.
 * (DELETE /api/sales/prices/:id withdraws a scheduled price, from a later day than today (UTC);
 * 409 for a price in force or past.)
 */
export const listSalesPricesQuerySchema = listQuerySchema(priceListOptions);
export type ListSalesPricesQuery = z.infer<typeof listSalesPricesQuerySchema>;
/** GET /api/sales/prices/export.csv */
export const exportSalesPricesQuerySchema = exportQuerySchema(priceListOptions);
export const salesPriceListSchema = listResponseSchema(salesPriceSchema);

/** GET /api/sales/prices/grid: the prices in force on a day (default today), package × category. */
export const salesPriceGridQuerySchema = z.object({
  date: z.string().refine(isIsoDay, 'Use a date like 2026-01-31').optional(),
  /** 'true': inactive packages and categories too. */
  includeInactive: booleanFilterSchema,
});
export type SalesPriceGridQuery = z.infer<typeof salesPriceGridQuerySchema>;

const gridPrice = z.object({ id: z.string(), unitPrice: z.number(), currency: z.string(), effectiveFrom: z.string() });

export const salesPriceGridSchema = z.object({
  date: z.string(),
  /** Rows, by name. */
  packages: z.array(namedCodeRef.extend({ active: z.boolean(), stovesPerPackage: z.number().int() })),
  /** Columns, by name. */
  categories: z.array(namedCodeRef.extend({ active: z.boolean() })),
  /** Only the cells that have a price in force or scheduled. */
  cells: z.array(
    z.object({
      packageId: z.string(),
      categoryId: z.string(),
      /** The price in force on `date`, if any. */
      inForce: gridPrice.nullable(),
      /** The next price after `date`, if one is scheduled. */
      next: gridPrice.nullable(),
    }),
  ),
});
export type SalesPriceGrid = z.infer<typeof salesPriceGridSchema>;
