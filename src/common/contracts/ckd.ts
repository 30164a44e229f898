/**
 * CKD kits (DOMAIN.md §4 "CKD kits"): categories with their steel usage per kit, produced records
 * (kits made at a plant, consuming steel), transfers between factories and the kit stock.
 * One contract per endpoint; the routes and the web forms both use these. The CKD reports have
 * their own file (ckd-reports.ts).
 */
import { z } from 'zod';
import {
  dayFilterSchema,
  documentNumberLabel,
  factoryRefSchema,
  optionalText,
  parseDocumentNumber,
  personRefSchema,
  recordDaySchema,
} from './fields';
import { booleanFilterSchema, exportQuerySchema, listQuerySchema, listResponseSchema, uuidFilterSchema } from './list';
import { steelUnitSchema } from './steel';

// ---------------------------------------------------------------------------------------------
// Shared pieces

/** Most kits one produced record or transfer may carry. */
export const CKD_QUANTITY_MAX = 100_000;
/** Most steel lines one CKD category may have. */
export const CKD_USAGE_LINES_MAX = 30;
/** Most kit categories one kit transfer carries. */
export const CKD_TRANSFER_LINES_MAX = 30;
/** Most steel (kg or sheets) one kit may use. */
export const STEEL_PER_KIT_MAX = 10_000;
const note = optionalText(1000, 'Note');

const kitQuantity = z
  .number({ error: 'Quantity is required' })
  .int('Quantity must be a whole number of kits')
  .min(1, 'Quantity must be at least 1')
  .max(CKD_QUANTITY_MAX, `Quantity is limited to ${CKD_QUANTITY_MAX.toLocaleString('en-US')} kits`);

const categoryRef = z.object({ id: z.string(), name: z.string(), code: z.string() });

/** The steel `quantity` kits use: per kit × kits, to the gram (3 decimals). */
export function steelForKits(perKit: number, kits: number): number {
  return Math.round(perKit * kits * 1000) / 1000;
}

// ---------------------------------------------------------------------------------------------
// Categories

const categoryCode = z
  .string({ error: 'Code is required' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{2,16}$/, 'Code must be 2-16 letters, digits or dashes');

/** One steel line of a category: which steel, and how much of it one kit uses. */
export const steelUsageLineSchema = z.object({
  steelCategoryId: z.string({ error: 'Choose a steel category' }).uuid('Choose a steel category'),
  quantityPerKit: z
    .number({ error: 'Quantity per kit is required' })
    .positive('Quantity per kit must be more than 0')
    .max(STEEL_PER_KIT_MAX, `Quantity per kit is limited to ${STEEL_PER_KIT_MAX.toLocaleString('en-US')}`)
    .refine((v) => Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-6, 'Use at most 3 decimals'),
});

/** The steel lines of a category: each steel category at most once. */
export const steelUsageSchema = z
  .array(steelUsageLineSchema)
  .max(CKD_USAGE_LINES_MAX, `At most ${CKD_USAGE_LINES_MAX} steel lines`)
  .superRefine((lines, ctx) => {
    const seen = new Set<string>();
    lines.forEach((line, index) => {
      if (seen.has(line.steelCategoryId))
        ctx.addIssue({
          code: 'custom',
          path: [index, 'steelCategoryId'],
          message: 'This steel category is already on another line',
        });
      seen.add(line.steelCategoryId);
    });
  });

const categoryFields = {
  name: z.string().trim().min(1, 'Name is required').max(200, 'Name is limited to 200 characters'),
  code: categoryCode,
  stoveModel: z.string().trim().min(1, 'Stove model is required').max(200, 'Stove model is limited to 200 characters'),
  description: z
    .string()
    .trim()
    .max(2000, 'Description is limited to 2,000 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
  /** The steel one kit uses; an edit replaces every line. */
  steelUsage: steelUsageSchema,
};

/** POST /api/ckd/categories */
export const ckdCategoryInputSchema = z.object({ ...categoryFields, steelUsage: steelUsageSchema.default([]) });
export type CkdCategoryInput = z.input<typeof ckdCategoryInputSchema>;

/** PATCH /api/ckd/categories/:id (steelUsage, when given, replaces every line) */
export const updateCkdCategorySchema = z
  .object(categoryFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');
export type UpdateCkdCategory = z.input<typeof updateCkdCategorySchema>;

export const ckdCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  stoveModel: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  steelUsage: z.array(
    z.object({
      steelCategoryId: z.string(),
      steelCategoryName: z.string(),
      unit: steelUnitSchema,
      quantityPerKit: z.number(),
    }),
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CkdCategory = z.infer<typeof ckdCategorySchema>;

const categoryListOptions = {
  sortable: ['name', 'code', 'stoveModel', 'createdAt'],
  defaultSort: 'name',
  filters: { active: booleanFilterSchema },
} as const;
/** GET /api/ckd/categories (q: name, code or stove model) */
export const listCkdCategoriesQuerySchema = listQuerySchema(categoryListOptions);
export type ListCkdCategoriesQuery = z.infer<typeof listCkdCategoriesQuerySchema>;
export const ckdCategoryListSchema = listResponseSchema(ckdCategorySchema);

/** GET /api/ckd/categories/options: the active categories, by name, for selects elsewhere. */
export const ckdCategoryOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  stoveModel: z.string(),
});
export type CkdCategoryOption = z.infer<typeof ckdCategoryOptionSchema>;
export const ckdCategoryOptionsSchema = z.object({ items: z.array(ckdCategoryOptionSchema) });

// ---------------------------------------------------------------------------------------------
// Produced records

/** A produced record's number as people see it: PK-000123. */
export function producedRecordNumberLabel(number: number): string {
  return documentNumberLabel('PK', number);
}

/** A produced record number typed in a search ("PK-000012", "pk12", "12"), or null. */
export function parseProducedRecordNumber(text: string): number | null {
  return parseDocumentNumber('PK', text);
}

/** POST /api/ckd/produced-records: kits made at a plant; consumes the category's steel usage. */
export const createProducedRecordSchema = z.object({
  date: recordDaySchema,
  factoryId: z.string({ error: 'Choose the plant' }).uuid('Choose the plant'),
  categoryId: z.string({ error: 'Choose a CKD category' }).uuid('Choose a CKD category'),
  quantity: kitQuantity,
  note,
});
export type CreateProducedRecord = z.input<typeof createProducedRecordSchema>;

export const producedRecordSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  date: z.string(),
  factory: factoryRefSchema,
  category: categoryRef,
  quantity: z.number().int(),
  note: z.string().nullable(),
  /** The steel this record consumed (one ledger row per steel category). */
  steelUsed: z.array(
    z.object({ steelCategoryId: z.string(), name: z.string(), unit: steelUnitSchema, quantity: z.number() }),
  ),
  createdAt: z.string(),
  createdBy: personRefSchema,
});
export type ProducedRecord = z.infer<typeof producedRecordSchema>;

const producedListOptions = {
  sortable: ['date', 'number'],
  defaultSort: 'date',
  defaultDir: 'desc',
  filters: { factoryId: uuidFilterSchema, categoryId: uuidFilterSchema, from: dayFilterSchema, to: dayFilterSchema },
} as const;
/** GET /api/ckd/produced-records (q: a record number) */
export const listProducedRecordsQuerySchema = listQuerySchema(producedListOptions);
export type ListProducedRecordsQuery = z.infer<typeof listProducedRecordsQuerySchema>;
/** GET /api/ckd/produced-records/export.csv */
export const exportProducedRecordsQuerySchema = exportQuerySchema(producedListOptions);
export const producedRecordListSchema = listResponseSchema(producedRecordSchema);

// ---------------------------------------------------------------------------------------------
// Transfers

/** A kit transfer's number as people see it: KT-000123. */
export function ckdTransferNumberLabel(number: number): string {
  return documentNumberLabel('KT', number);
}

/** A kit transfer number typed in a search ("KT-000012", "kt12", "12"), or null. */
export function parseCkdTransferNumber(text: string): number | null {
  return parseDocumentNumber('KT', text);
}

/** A kit transfer's rules across fields (the contract's and the form's): two sides, each category once. */
export function refineCkdTransfer(
  t: { fromFactoryId: string; toFactoryId: string; lines: readonly { categoryId: string }[] },
  ctx: z.RefinementCtx,
): void {
  if (t.fromFactoryId === t.toFactoryId)
    ctx.addIssue({
      code: 'custom',
      path: ['toFactoryId'],
      message: 'The receiving factory must differ from the sending one',
    });
  const seen = new Set<string>();
  t.lines.forEach((line, i) => {
    if (line.categoryId && seen.has(line.categoryId))
      ctx.addIssue({
        code: 'custom',
        path: ['lines', i, 'categoryId'],
        message: 'This category is already on another line: change that line’s quantity',
      });
    seen.add(line.categoryId);
  });
}

/** The lines of a kit transfer: at least one, at most CKD_TRANSFER_LINES_MAX. */
export function ckdTransferLines<T extends z.ZodTypeAny>(line: T) {
  return z
    .array(line, { error: 'Add at least one kit category' })
    .min(1, 'Add at least one kit category')
    .max(CKD_TRANSFER_LINES_MAX, `A transfer carries at most ${CKD_TRANSFER_LINES_MAX} kit categories`);
}

/** One line of a kit transfer: a kit category and how many of its kits. */
export const ckdTransferLineInputSchema = z.object({
  categoryId: z.string({ error: 'Choose a CKD category' }).uuid('Choose a CKD category'),
  quantity: kitQuantity,
});

/**
 * POST /api/ckd/transfers: kits of one or more categories move at once, on one KT- document (all or
 * nothing); a factory-scoped user sends from their own factory only.
 */
export const createCkdTransferSchema = z
  .object({
    fromFactoryId: z.string({ error: 'Choose the sending factory' }).uuid('Choose the sending factory'),
    toFactoryId: z.string({ error: 'Choose the receiving factory' }).uuid('Choose the receiving factory'),
    lines: ckdTransferLines(ckdTransferLineInputSchema),
    date: recordDaySchema,
    note,
  })
  .superRefine(refineCkdTransfer);
export type CreateCkdTransfer = z.input<typeof createCkdTransferSchema>;

export const ckdTransferSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  date: z.string(),
  from: factoryRefSchema,
  to: factoryRefSchema,
  /** The kit categories sent, by category name. */
  lines: z.array(z.object({ category: categoryRef, quantity: z.number().int() })),
  /** All the kits sent. */
  quantity: z.number().int(),
  note: z.string().nullable(),
  createdAt: z.string(),
  createdBy: personRefSchema,
});
export type CkdTransfer = z.infer<typeof ckdTransferSchema>;

const transferListOptions = {
  sortable: ['date', 'number'],
  defaultSort: 'date',
  defaultDir: 'desc',
  filters: {
    fromFactoryId: uuidFilterSchema,
    toFactoryId: uuidFilterSchema,
    categoryId: uuidFilterSchema,
    from: dayFilterSchema,
    to: dayFilterSchema,
  },
} as const;
/** GET /api/ckd/transfers (q: a transfer number; factory-scoped users see transfers their factory is a side of) */
export const listCkdTransfersQuerySchema = listQuerySchema(transferListOptions);
export type ListCkdTransfersQuery = z.infer<typeof listCkdTransfersQuerySchema>;
/** GET /api/ckd/transfers/export.csv */
export const exportCkdTransfersQuerySchema = exportQuerySchema(transferListOptions);
export const ckdTransferListSchema = listResponseSchema(ckdTransferSchema);

// ---------------------------------------------------------------------------------------------
// Stock

/** GET /api/ckd/stock: factory-scoped users get their own factory only. */
export const ckdStockQuerySchema = z.object({ factoryId: uuidFilterSchema });
export type CkdStockQuery = z.infer<typeof ckdStockQuerySchema>;

/**
 * Kits in stock per factory × category: the active factories and categories, plus any other that
 * holds kits; quantities by category id (a missing id is 0).
 */
export const ckdStockSchema = z.object({
  categories: z.array(categoryRef.extend({ stoveModel: z.string(), active: z.boolean() })),
  rows: z.array(
    z.object({
      factory: factoryRefSchema.extend({ active: z.boolean() }),
      quantities: z.record(z.string(), z.number().int()),
      total: z.number().int(),
    }),
  ),
  /** Per category, over the rows. */
  totals: z.record(z.string(), z.number().int()),
  total: z.number().int(),
});
export type CkdStock = z.infer<typeof ckdStockSchema>;
