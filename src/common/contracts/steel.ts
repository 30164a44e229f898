/**
 * Steel (DOMAIN.md §4 "Steel"): categories (master data), the steel ledger (records of steel
 * received, used, scrapped or adjusted at a factory; produced CKD records add their own rows) and
 * the overview (stock, low stock, usage trend). Stock never goes negative.
 */
import { z } from 'zod';
import { plural } from '../counted';
import {
  dayFilterSchema,
  factoryRefSchema,
  hasAtMostDecimals,
  optionalText,
  personRefSchema,
  recordDaySchema,
} from './fields';
import { booleanFilterSchema, exportQuerySchema, listQuerySchema, listResponseSchema, uuidFilterSchema } from './list';

// ---------------------------------------------------------------------------------------------
// Units, kinds and their labels

export const STEEL_UNITS = ['kg', 'sheet'] as const;
export const steelUnitSchema = z.enum(STEEL_UNITS, { message: 'Unit must be kg or sheet' });
export type SteelUnit = z.infer<typeof steelUnitSchema>;
export const STEEL_UNIT_LABELS: Record<SteelUnit, string> = { kg: 'Kilograms (kg)', sheet: 'Sheets' };

/** "12.5 kg", "1 sheet", "40 sheets": a quantity with its unit. */
export function formatSteelQuantity(quantity: number, unit: SteelUnit): string {
  const number = quantity.toLocaleString('en-US', { maximumFractionDigits: 3 });
  if (unit === 'kg') return `${number} kg`;
  return `${number} ${plural(quantity, 'sheet', 'sheets')}`;
}

/** Every kind of steel record: the first four are recorded by staff, ckd_production by a produced CKD record. */
export const STEEL_RECORD_KINDS = ['received', 'used', 'scrap', 'adjustment', 'ckd_production'] as const;
export type SteelRecordKind = (typeof STEEL_RECORD_KINDS)[number];
export const steelRecordKindSchema = z.enum(STEEL_RECORD_KINDS, {
  message: `Kind must be one of: ${STEEL_RECORD_KINDS.join(', ')}`,
});
/** The kinds a person records on Steel Records. */
export const STEEL_ENTRY_KINDS = [
  'received',
  'used',
  'scrap',
  'adjustment',
] as const satisfies readonly SteelRecordKind[];
export type SteelEntryKind = (typeof STEEL_ENTRY_KINDS)[number];
export const STEEL_RECORD_KIND_LABELS: Record<SteelRecordKind, string> = {
  received: 'Received',
  used: 'Used',
  scrap: 'Scrap',
  adjustment: 'Adjustment',
  ckd_production: 'Used by CKD production',
};
/** The kinds that count as usage on the overview's trend. */
export const STEEL_USAGE_KINDS = ['used', 'scrap', 'ckd_production'] as const satisfies readonly SteelRecordKind[];

// ---------------------------------------------------------------------------------------------
// Shared field rules

const QUANTITY_MAX = 1_000_000_000;

// ---------------------------------------------------------------------------------------------
// Categories

const categoryName = z.string().trim().min(1, 'Name is required').max(200, 'Name is limited to 200 characters');
const reorderLevel = z
  .number({ message: 'Reorder level must be a number' })
  .min(0, 'Reorder level cannot be negative')
  .max(QUANTITY_MAX, 'Reorder level is too large')
  .refine((v) => hasAtMostDecimals(v, 3), 'Reorder level takes at most 3 decimals');

/** POST /api/steel/categories */
export const steelCategoryInputSchema = z.object({
  name: categoryName,
  /** Grade and thickness, e.g. "DC01 1.2 mm". */
  grade: optionalText(100, 'Grade'),
  unit: steelUnitSchema,
  reorderLevel: reorderLevel.default(0),
});
export type SteelCategoryInput = z.input<typeof steelCategoryInputSchema>;

/** PATCH /api/steel/categories/:id */
export const updateSteelCategorySchema = z
  .object({ name: categoryName, grade: optionalText(100, 'Grade'), unit: steelUnitSchema, reorderLevel })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');
export type UpdateSteelCategory = z.input<typeof updateSteelCategorySchema>;

export const steelCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  grade: z.string().nullable(),
  unit: steelUnitSchema,
  reorderLevel: z.number(),
  active: z.boolean(),
  /** Stock across the factories the viewer sees. */
  totalStock: z.number(),
  /** Active, and its total stock is below its reorder level. */
  belowReorder: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SteelCategory = z.infer<typeof steelCategorySchema>;

const steelCategoryListOptions = {
  sortable: ['name', 'reorderLevel', 'totalStock', 'createdAt'],
  defaultSort: 'name',
  filters: { active: booleanFilterSchema, unit: steelUnitSchema.optional() },
} as const;
/** GET /api/steel/categories: `q` matches the name or the grade. */
export const listSteelCategoriesQuerySchema = listQuerySchema(steelCategoryListOptions);
export type ListSteelCategoriesQuery = z.infer<typeof listSteelCategoriesQuerySchema>;
export const steelCategoryListSchema = listResponseSchema(steelCategorySchema);

/** GET /api/steel/categories/options: active categories, for selects (the CKD category form too). */
export const steelCategoryOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  grade: z.string().nullable(),
  unit: steelUnitSchema,
});
export type SteelCategoryOption = z.infer<typeof steelCategoryOptionSchema>;
export const steelCategoryOptionsSchema = z.object({ items: z.array(steelCategoryOptionSchema) });

// ---------------------------------------------------------------------------------------------
// Records (the ledger)

/** POST /api/steel/records: one movement at one factory. */
export const createSteelRecordSchema = z
  .object({
    date: recordDaySchema,
    factoryId: z.string({ message: 'Choose a factory' }).uuid('Choose a factory'),
    categoryId: z.string({ message: 'Choose a steel category' }).uuid('Choose a steel category'),
    kind: z.enum(STEEL_ENTRY_KINDS, { message: 'Choose received, used, scrap or adjustment' }),
    quantity: z
      .number({ message: 'Quantity must be a number' })
      .refine((v) => v !== 0, 'Quantity cannot be zero')
      .refine((v) => Math.abs(v) <= QUANTITY_MAX, 'Quantity is too large')
      .refine((v) => hasAtMostDecimals(v, 3), 'Quantity takes at most 3 decimals'),
    supplier: optionalText(200, 'Supplier'),
    unitCost: z
      .number({ message: 'Unit cost must be a number' })
      .min(0, 'Unit cost cannot be negative')
      .max(QUANTITY_MAX, 'Unit cost is too large')
      .refine((v) => hasAtMostDecimals(v, 2), 'Unit cost takes at most 2 decimals')
      .nullish()
      .transform((v) => v ?? null),
    reference: optionalText(100, 'Reference'),
    note: optionalText(1000, 'Note'),
  })
  .superRefine((v, ctx) => {
    if (v.kind !== 'adjustment' && v.quantity < 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['quantity'],
        message: 'Quantity must be positive (only an adjustment may be negative)',
      });
    }
    if (v.kind !== 'received') {
      if (v.supplier !== null)
        ctx.addIssue({ code: 'custom', path: ['supplier'], message: 'A supplier is recorded only for received steel' });
      if (v.unitCost !== null)
        ctx.addIssue({
          code: 'custom',
          path: ['unitCost'],
          message: 'A unit cost is recorded only for received steel',
        });
    }
  });
export type CreateSteelRecord = z.input<typeof createSteelRecordSchema>;

export const steelRecordSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  factory: factoryRefSchema,
  category: z.object({ id: z.string(), name: z.string(), unit: steelUnitSchema }),
  kind: steelRecordKindSchema,
  /** As entered: positive, except an adjustment, which may be negative. */
  quantity: z.number(),
  /** The signed effect on stock. */
  delta: z.number(),
  supplier: z.string().nullable(),
  unitCost: z.number().nullable(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  /** The produced CKD record that used this steel (kind ckd_production). */
  producedRecord: z.object({ id: z.string(), number: z.number().int() }).nullable(),
  createdAt: z.string(),
  createdBy: personRefSchema,
});
export type SteelRecord = z.infer<typeof steelRecordSchema>;

const steelRecordListOptions = {
  sortable: ['date'],
  defaultSort: 'date',
  defaultDir: 'desc',
  filters: {
    factoryId: uuidFilterSchema,
    categoryId: uuidFilterSchema,
    kind: steelRecordKindSchema.optional(),
    /** On or after this day. */
    from: dayFilterSchema,
    /** On or before this day. */
    to: dayFilterSchema,
  },
} as const;
/**
 * GET /api/steel/records: newest first; `q` matches the reference, supplier or note.
 * Factory-scoped users see their own factory's records only.
 */
export const listSteelRecordsQuerySchema = listQuerySchema(steelRecordListOptions);
export type ListSteelRecordsQuery = z.infer<typeof listSteelRecordsQuerySchema>;
/** GET /api/steel/records/export.csv */
export const exportSteelRecordsQuerySchema = exportQuerySchema(steelRecordListOptions);
export const steelRecordListSchema = listResponseSchema(steelRecordSchema);

// ---------------------------------------------------------------------------------------------
// Overview

/** GET /api/steel/overview: for one factory (global users may choose; scoped users get their own). */
export const steelOverviewQuerySchema = z.object({ factoryId: uuidFilterSchema });
export type SteelOverviewQuery = z.infer<typeof steelOverviewQuerySchema>;

export const steelOverviewSchema = z.object({
  /** The factories that hold or have held steel (columns of the stock table), by code. */
  factories: z.array(factoryRefSchema),
  /** Active categories, and inactive ones still holding stock, by name. */
  categories: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      grade: z.string().nullable(),
      unit: steelUnitSchema,
      reorderLevel: z.number(),
      active: z.boolean(),
      total: z.number(),
      /** Active and the total is below the reorder level. */
      belowReorder: z.boolean(),
      /** Stock per factory that holds or has held this steel. */
      stock: z.array(z.object({ factoryId: z.string(), quantity: z.number(), belowReorder: z.boolean() })),
    }),
  ),
  /** Usage (used + scrap + CKD production) per month, the last 12 months, oldest first. */
  usage: z.object({
    /** "2026-01" … */
    months: z.array(z.string()),
    series: z.array(
      z.object({
        categoryId: z.string(),
        name: z.string(),
        unit: steelUnitSchema,
        /** One quantity per month, in the order of `months`. */
        quantities: z.array(z.number()),
      }),
    ),
  }),
});
export type SteelOverview = z.infer<typeof steelOverviewSchema>;
