/**
 * General inventory (DOMAIN.md §4 "Inventory"): categories, units and items (master data), entries
 * that move stock (an input received at a factory, a removal, a transfer between factories; each
 * with several lines saved together, all or nothing), the stock overview and the movement history.
 * Stock never goes negative. Every endpoint needs inventory-management; factory-scoped users act on
 * and see only their own factory's stock (a transfer only from their factory).
 */
import { z } from 'zod';
import { counted } from '../counted';
import {
  dayFilterSchema,
  documentNumberLabel,
  factoryRefSchema,
  hasAtMostDecimals,
  optionalText,
  parseDocumentNumber,
  personRefSchema,
  recordDaySchema,
} from './fields';
import { booleanFilterSchema, exportQuerySchema, listQuerySchema, listResponseSchema, uuidFilterSchema } from './list';

// ---------------------------------------------------------------------------------------------
// Kinds, reasons, labels

/** The largest quantity one line, or a reorder level, may carry. */
export const INVENTORY_QUANTITY_MAX = 1_000_000_000;
/** Most lines one entry may have. */
export const INVENTORY_ENTRY_LINES_MAX = 100;
/** Most decimals a unit may allow. */
export const INVENTORY_UNIT_DECIMALS_MAX = 3;

export const INVENTORY_ENTRY_KINDS = ['input', 'removal', 'transfer'] as const;
export const inventoryEntryKindSchema = z.enum(INVENTORY_ENTRY_KINDS, {
  message: 'Kind must be input, removal or transfer',
});
export type InventoryEntryKind = z.infer<typeof inventoryEntryKindSchema>;
export const INVENTORY_ENTRY_KIND_LABELS: Record<InventoryEntryKind, string> = {
  input: 'Input',
  removal: 'Removal',
  transfer: 'Transfer',
};
const ENTRY_PREFIXES: Record<InventoryEntryKind, string> = { input: 'IN', removal: 'RM', transfer: 'IT' };

/** An entry's number as people see it: IN-000123 (input), RM-000123 (removal), IT-000123 (transfer). */
export function inventoryEntryNumberLabel(kind: InventoryEntryKind, number: number): string {
  return documentNumberLabel(ENTRY_PREFIXES[kind], number);
}

/** An entry number typed in a search ("IT-000012", "in12", "12"; any of the three prefixes), or null. */
export function parseInventoryEntryNumber(text: string): number | null {
  for (const prefix of Object.values(ENTRY_PREFIXES)) {
    const n = parseDocumentNumber(prefix, text);
    if (n !== null) return n;
  }
  return null;
}

export const INVENTORY_MOVEMENT_KINDS = ['input', 'removal', 'transfer_out', 'transfer_in'] as const;
export const inventoryMovementKindSchema = z.enum(INVENTORY_MOVEMENT_KINDS, {
  message: `Kind must be one of: ${INVENTORY_MOVEMENT_KINDS.join(', ')}`,
});
export type InventoryMovementKind = z.infer<typeof inventoryMovementKindSchema>;
export const INVENTORY_MOVEMENT_KIND_LABELS: Record<InventoryMovementKind, string> = {
  input: 'Input',
  removal: 'Removed',
  transfer_out: 'Transferred out',
  transfer_in: 'Transferred in',
};

export const INVENTORY_REMOVAL_REASONS = ['used', 'damaged', 'lost', 'expired', 'other'] as const;
export const inventoryRemovalReasonSchema = z.enum(INVENTORY_REMOVAL_REASONS, {
  message: 'Choose a reason: used, damaged, lost, expired or other',
});
export type InventoryRemovalReason = z.infer<typeof inventoryRemovalReasonSchema>;
export const INVENTORY_REMOVAL_REASON_LABELS: Record<InventoryRemovalReason, string> = {
  used: 'Used',
  damaged: 'Damaged',
  lost: 'Lost',
  expired: 'Expired',
  other: 'Other',
};

/** "12 pcs", "2.5 l": a quantity with its unit's symbol. */
export function formatInventoryQuantity(quantity: number, symbol: string): string {
  return `${quantity.toLocaleString('en-US', { maximumFractionDigits: INVENTORY_UNIT_DECIMALS_MAX })} ${symbol}`;
}

/**
 * Null when `quantity` fits a unit of `decimals` decimals, else the message a person reads
 * ("Pieces take whole numbers", "Litres take at most 2 decimals"). The service checks every line
 * with it, since the unit is known only there.
 */
export function unitQuantityProblem(quantity: number, unit: { name: string; decimals: number }): string | null {
  if (hasAtMostDecimals(quantity, unit.decimals)) return null;
  return unit.decimals === 0
    ? `${unit.name} take whole numbers`
    : `${unit.name} take at most ${counted(unit.decimals, 'decimal')}`;
}

// ---------------------------------------------------------------------------------------------
// Shared field rules

const name = z.string().trim().min(1, 'Name is required').max(200, 'Name is limited to 200 characters');
const description = optionalText(1000, 'Description');

const quantity = z
  .number({ error: 'Quantity is required' })
  .positive('Quantity must be more than 0')
  .max(INVENTORY_QUANTITY_MAX, 'Quantity is too large')
  .refine((v) => hasAtMostDecimals(v, INVENTORY_UNIT_DECIMALS_MAX), 'Quantity takes at most 3 decimals');

const reorderLevel = z
  .number({ error: 'Reorder level must be a number' })
  .min(0, 'Reorder level cannot be negative')
  .max(INVENTORY_QUANTITY_MAX, 'Reorder level is too large')
  .refine((v) => hasAtMostDecimals(v, INVENTORY_UNIT_DECIMALS_MAX), 'Reorder level takes at most 3 decimals');

const unitRef = z.object({ id: z.string(), name: z.string(), symbol: z.string(), decimals: z.number().int() });
const namedRef = z.object({ id: z.string(), name: z.string() });

// ---------------------------------------------------------------------------------------------
// Categories

/** POST /api/inventory/categories */
export const inventoryCategoryInputSchema = z.object({ name, description });
export type InventoryCategoryInput = z.input<typeof inventoryCategoryInputSchema>;

/** PATCH /api/inventory/categories/:id */
export const updateInventoryCategorySchema = inventoryCategoryInputSchema
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');
export type UpdateInventoryCategory = z.input<typeof updateInventoryCategorySchema>;

export const inventoryCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  /** Items in this category (active or not). In use (> 0): it can be deactivated, not deleted. */
  itemCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InventoryCategory = z.infer<typeof inventoryCategorySchema>;

const categoryListOptions = {
  sortable: ['name', 'itemCount', 'createdAt'],
  defaultSort: 'name',
  filters: { active: booleanFilterSchema },
} as const;
/** GET /api/inventory/categories: `q` matches the name or the description. */
export const listInventoryCategoriesQuerySchema = listQuerySchema(categoryListOptions);
export type ListInventoryCategoriesQuery = z.infer<typeof listInventoryCategoriesQuerySchema>;
export const inventoryCategoryListSchema = listResponseSchema(inventoryCategorySchema);

// ---------------------------------------------------------------------------------------------
// Units

const decimals = z
  .number({ error: 'Decimals must be a number' })
  .int('Decimals must be a whole number')
  .min(0, 'Decimals cannot be negative')
  .max(INVENTORY_UNIT_DECIMALS_MAX, `Decimals are at most ${INVENTORY_UNIT_DECIMALS_MAX}`);

/** POST /api/inventory/units */
export const inventoryUnitInputSchema = z.object({
  /** "Pieces" */
  name: z.string().trim().min(1, 'Name is required').max(50, 'Name is limited to 50 characters'),
  /** "pcs", shown after quantities. */
  symbol: z.string().trim().min(1, 'Symbol is required').max(10, 'Symbol is limited to 10 characters'),
  /** 0 (whole numbers) to 3. Lowering it is refused while items use the unit. */
  decimals: decimals.default(0),
});
export type InventoryUnitInput = z.input<typeof inventoryUnitInputSchema>;

/** PATCH /api/inventory/units/:id */
export const updateInventoryUnitSchema = z
  .object({
    name: inventoryUnitInputSchema.shape.name,
    symbol: inventoryUnitInputSchema.shape.symbol,
    decimals,
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');
export type UpdateInventoryUnit = z.input<typeof updateInventoryUnitSchema>;

export const inventoryUnitSchema = z.object({
  id: z.string(),
  name: z.string(),
  symbol: z.string(),
  decimals: z.number().int(),
  active: z.boolean(),
  /** Items measured in this unit. In use (> 0): it can be deactivated, not deleted. */
  itemCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InventoryUnit = z.infer<typeof inventoryUnitSchema>;

const unitListOptions = {
  sortable: ['name', 'symbol', 'itemCount', 'createdAt'],
  defaultSort: 'name',
  filters: { active: booleanFilterSchema },
} as const;
/** GET /api/inventory/units: `q` matches the name or the symbol. */
export const listInventoryUnitsQuerySchema = listQuerySchema(unitListOptions);
export type ListInventoryUnitsQuery = z.infer<typeof listInventoryUnitsQuerySchema>;
export const inventoryUnitListSchema = listResponseSchema(inventoryUnitSchema);

// ---------------------------------------------------------------------------------------------
// Items ("Names")

/** POST /api/inventory/items: category and unit must be active. */
export const inventoryItemInputSchema = z.object({
  name,
  categoryId: z.string({ error: 'Choose a category' }).uuid('Choose a category'),
  /** Cannot change once the item has movements. */
  unitId: z.string({ error: 'Choose a unit' }).uuid('Choose a unit'),
  reorderLevel: reorderLevel.default(0),
  description,
});
export type InventoryItemInput = z.input<typeof inventoryItemInputSchema>;

/** PATCH /api/inventory/items/:id */
export const updateInventoryItemSchema = z
  .object({
    name,
    categoryId: inventoryItemInputSchema.shape.categoryId,
    unitId: inventoryItemInputSchema.shape.unitId,
    reorderLevel,
    description,
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');
export type UpdateInventoryItem = z.input<typeof updateInventoryItemSchema>;

export const inventoryItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  category: namedRef,
  unit: unitRef,
  reorderLevel: z.number(),
  active: z.boolean(),
  /** Stock across the factories the viewer sees. */
  totalStock: z.number(),
  /** Active and stock at one of the viewer's factories holding it is below the reorder level. */
  lowStock: z.boolean(),
  /** Has movements: the unit is locked and the item can be deactivated, not deleted. */
  hasMovements: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InventoryItem = z.infer<typeof inventoryItemSchema>;

const itemListOptions = {
  sortable: ['name', 'category', 'reorderLevel', 'totalStock', 'createdAt'],
  defaultSort: 'name',
  filters: { active: booleanFilterSchema, categoryId: uuidFilterSchema, unitId: uuidFilterSchema },
} as const;
/** GET /api/inventory/items: `q` matches the name or the description. */
export const listInventoryItemsQuerySchema = listQuerySchema(itemListOptions);
export type ListInventoryItemsQuery = z.infer<typeof listInventoryItemsQuerySchema>;
/** GET /api/inventory/items/export.csv */
export const exportInventoryItemsQuerySchema = exportQuerySchema(itemListOptions);
export const inventoryItemListSchema = listResponseSchema(inventoryItemSchema);

/**
 * GET /api/inventory/options: the active categories, units and items, for the selects of the item
 * form and of the entry forms (one request for all three; a few hundred rows at most).
 */
export const inventoryOptionsSchema = z.object({
  categories: z.array(namedRef),
  units: z.array(unitRef),
  items: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      category: namedRef,
      unit: unitRef,
    }),
  ),
});
export type InventoryOptions = z.infer<typeof inventoryOptionsSchema>;

// ---------------------------------------------------------------------------------------------
// Stock overview

export const inventoryStockRowSchema = z.object({
  item: z.object({ id: z.string(), name: z.string(), active: z.boolean() }),
  category: namedRef,
  unit: unitRef,
  factory: factoryRefSchema,
  quantity: z.number(),
  reorderLevel: z.number(),
  /** The item is active and the quantity is below its reorder level. */
  low: z.boolean(),
  /** When the quantity last changed. */
  updatedAt: z.string(),
});
export type InventoryStockRow = z.infer<typeof inventoryStockRowSchema>;

const stockListOptions = {
  sortable: ['item', 'category', 'factory', 'quantity'],
  defaultSort: 'item',
  filters: {
    factoryId: uuidFilterSchema,
    categoryId: uuidFilterSchema,
    itemId: uuidFilterSchema,
    /** 'true': only rows below the reorder level. */
    low: booleanFilterSchema,
  },
} as const;
/**
 * GET /api/inventory/stock: one row per item and factory that holds or has held it (active items,
 * and inactive ones still in stock); `q` matches the item name. Factory-scoped users see their
 * own factory only.
 */
export const listInventoryStockQuerySchema = listQuerySchema(stockListOptions);
export type ListInventoryStockQuery = z.infer<typeof listInventoryStockQuerySchema>;
/** GET /api/inventory/stock/export.csv */
export const exportInventoryStockQuerySchema = exportQuerySchema(stockListOptions);
export const inventoryStockListSchema = listResponseSchema(inventoryStockRowSchema);

// ---------------------------------------------------------------------------------------------
// Entries: input, removal, transfer (several lines saved together, all or nothing)

const factoryId = (message: string) => z.string({ error: message }).uuid(message);
const itemId = z.string({ error: 'Choose an item' }).uuid('Choose an item');

/** Each item once per entry: the line repeating one is flagged. */
function eachItemOnce(lines: readonly { itemId: string }[], ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  lines.forEach((line, i) => {
    if (seen.has(line.itemId)) {
      ctx.addIssue({ code: 'custom', path: ['lines', i, 'itemId'], message: 'This item is already on another line' });
    }
    seen.add(line.itemId);
  });
}

function lines<T extends z.ZodTypeAny>(line: T) {
  return z
    .array(line, { error: 'Add at least one line' })
    .min(1, 'Add at least one line')
    .max(INVENTORY_ENTRY_LINES_MAX, `An entry has at most ${INVENTORY_ENTRY_LINES_MAX} lines`);
}

/** POST /api/inventory/inputs: stock received at a factory. */
export const createInventoryInputSchema = z
  .object({
    date: recordDaySchema,
    factoryId: factoryId('Choose the factory receiving the stock'),
    supplier: optionalText(200, 'Supplier'),
    reference: optionalText(100, 'Reference'),
    note: optionalText(1000, 'Note'),
    lines: lines(
      z.object({
        itemId,
        quantity,
        unitCost: z
          .number({ error: 'Unit cost must be a number' })
          .min(0, 'Unit cost cannot be negative')
          .max(INVENTORY_QUANTITY_MAX, 'Unit cost is too large')
          .refine((v) => hasAtMostDecimals(v, 2), 'Unit cost takes at most 2 decimals')
          .nullish()
          .transform((v) => v ?? null),
      }),
    ),
  })
  .superRefine((v, ctx) => eachItemOnce(v.lines, ctx));
export type CreateInventoryInput = z.input<typeof createInventoryInputSchema>;

/** POST /api/inventory/removals: stock taken out at a factory, each line with its reason. */
export const createInventoryRemovalSchema = z
  .object({
    date: recordDaySchema,
    factoryId: factoryId('Choose the factory the stock leaves'),
    reference: optionalText(100, 'Reference'),
    /** Required when a line's reason is "other". */
    note: optionalText(1000, 'Note'),
    lines: lines(z.object({ itemId, quantity, reason: inventoryRemovalReasonSchema })),
  })
  .superRefine((v, ctx) => {
    eachItemOnce(v.lines, ctx);
    if (v.note === null && v.lines.some((l) => l.reason === 'other')) {
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'Say in the note why stock was removed for "other"' });
    }
  });
export type CreateInventoryRemoval = z.input<typeof createInventoryRemovalSchema>;

/** POST /api/inventory/transfers: stock moved between factories, immediately. */
export const createInventoryTransferSchema = z
  .object({
    date: recordDaySchema,
    fromFactoryId: factoryId('Choose the sending factory'),
    toFactoryId: factoryId('Choose the receiving factory'),
    reference: optionalText(100, 'Reference'),
    note: optionalText(1000, 'Note'),
    lines: lines(z.object({ itemId, quantity })),
  })
  .superRefine((v, ctx) => {
    eachItemOnce(v.lines, ctx);
    if (v.fromFactoryId === v.toFactoryId) {
      ctx.addIssue({
        code: 'custom',
        path: ['toFactoryId'],
        message: 'The receiving factory must differ from the sending one',
      });
    }
  });
export type CreateInventoryTransfer = z.input<typeof createInventoryTransferSchema>;

export const inventoryEntryLineSchema = z.object({
  line: z.number().int(),
  item: namedRef,
  unit: unitRef,
  quantity: z.number(),
  unitCost: z.number().nullable(),
  reason: inventoryRemovalReasonSchema.nullable(),
});
export type InventoryEntryLine = z.infer<typeof inventoryEntryLineSchema>;

/** An entry as lists show it. */
export const inventoryEntrySummarySchema = z.object({
  id: z.string(),
  number: z.number().int(),
  kind: inventoryEntryKindSchema,
  date: z.string(),
  /** Where stock was received or removed; the sender of a transfer. */
  factory: factoryRefSchema,
  /** The receiver of a transfer. */
  toFactory: factoryRefSchema.nullable(),
  supplier: z.string().nullable(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  lineCount: z.number().int(),
  /** "Paint (20 l), Gloves (50 pcs) and 3 more": the lines in brief. */
  summary: z.string(),
  createdAt: z.string(),
  createdBy: personRefSchema,
});
export type InventoryEntrySummary = z.infer<typeof inventoryEntrySummarySchema>;

/** GET /api/inventory/entries/:id, and the answer of the three POSTs (201). */
export const inventoryEntrySchema = inventoryEntrySummarySchema.extend({ lines: z.array(inventoryEntryLineSchema) });
export type InventoryEntry = z.infer<typeof inventoryEntrySchema>;

const entryListOptions = {
  sortable: ['date', 'number'],
  defaultSort: 'date',
  defaultDir: 'desc',
  filters: {
    kind: inventoryEntryKindSchema.optional(),
    /** Either side: where stock was received or removed, or a transfer's sender or receiver. */
    factoryId: uuidFilterSchema,
    /** A transfer's sender. */
    fromFactoryId: uuidFilterSchema,
    /** A transfer's receiver. */
    toFactoryId: uuidFilterSchema,
    /** Entries with a line of this item. */
    itemId: uuidFilterSchema,
    from: dayFilterSchema,
    to: dayFilterSchema,
  },
} as const;
/**
 * GET /api/inventory/entries: newest first; `q` matches an entry number (IT-000012), the
 * reference, the supplier or the note. Transfer History is `kind=transfer`. Factory-scoped users
 * see the entries their factory is a side of.
 */
export const listInventoryEntriesQuerySchema = listQuerySchema(entryListOptions);
export type ListInventoryEntriesQuery = z.infer<typeof listInventoryEntriesQuerySchema>;
/** GET /api/inventory/entries/export.csv: one CSV row per line, with its entry's columns. */
export const exportInventoryEntriesQuerySchema = exportQuerySchema(entryListOptions);
export const inventoryEntryListSchema = listResponseSchema(inventoryEntrySummarySchema);

// ---------------------------------------------------------------------------------------------
// Movements (the ledger, for an item's history)

export const inventoryMovementSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  factory: factoryRefSchema,
  item: namedRef,
  unit: unitRef,
  kind: inventoryMovementKindSchema,
  quantity: z.number(),
  /** The signed effect on stock. */
  delta: z.number(),
  unitCost: z.number().nullable(),
  reason: inventoryRemovalReasonSchema.nullable(),
  entry: z.object({ id: z.string(), number: z.number().int(), kind: inventoryEntryKindSchema }),
  createdAt: z.string(),
  createdBy: personRefSchema,
});
export type InventoryMovement = z.infer<typeof inventoryMovementSchema>;

const movementListOptions = {
  sortable: ['date'],
  defaultSort: 'date',
  defaultDir: 'desc',
  filters: {
    itemId: uuidFilterSchema,
    factoryId: uuidFilterSchema,
    kind: inventoryMovementKindSchema.optional(),
    from: dayFilterSchema,
    to: dayFilterSchema,
  },
} as const;
/**
 * GET /api/inventory/movements: the ledger, newest first (keyset paging; a million rows and more).
 * Factory-scoped users see their own factory's movements.
 */
export const listInventoryMovementsQuerySchema = listQuerySchema(movementListOptions);
export type ListInventoryMovementsQuery = z.infer<typeof listInventoryMovementsQuerySchema>;
/** GET /api/inventory/movements/export.csv */
export const exportInventoryMovementsQuerySchema = exportQuerySchema(movementListOptions);
export const inventoryMovementListSchema = listResponseSchema(inventoryMovementSchema);
