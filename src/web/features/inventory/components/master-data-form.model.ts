/** The category, unit and item forms: their text fields, the contracts they become, and what an edit changes. */
import { z } from 'zod';
import { counted } from '@common/counted';
import {
  INVENTORY_UNIT_DECIMALS_MAX,
  inventoryCategoryInputSchema,
  inventoryItemInputSchema,
  inventoryUnitInputSchema,
  type InventoryCategory,
  type InventoryItem,
  type InventoryOptions,
  type InventoryUnit,
} from '@common/contracts/inventory';
import { requestFrom } from './typed-request.model';

// ---------------------------------------------------------------------------------------------
// Categories

export const categoryFormSchema = z
  .object({ name: z.string(), description: z.string() })
  .transform(requestFrom(inventoryCategoryInputSchema, (v) => v));
export type CategoryFormValues = z.input<typeof categoryFormSchema>;
export type CategoryRequest = z.output<typeof categoryFormSchema>;

export function categoryFormDefaults(category: InventoryCategory | null): CategoryFormValues {
  return { name: category?.name ?? '', description: category?.description ?? '' };
}

/** A category as its request: the baseline an edit is compared with. */
export function categoryRequestOf(category: InventoryCategory): CategoryRequest {
  return { name: category.name, description: category.description };
}

// ---------------------------------------------------------------------------------------------
// Units

export const unitFormSchema = z.object({ name: z.string(), symbol: z.string(), decimals: z.string() }).transform(
  requestFrom(inventoryUnitInputSchema, (v, readNumber) => ({
    name: v.name,
    symbol: v.symbol,
    decimals: readNumber(['decimals'], v.decimals, 'Decimals') ?? 0,
  })),
);
export type UnitFormValues = z.input<typeof unitFormSchema>;
export type UnitRequest = z.output<typeof unitFormSchema>;

export function unitFormDefaults(unit: InventoryUnit | null): UnitFormValues {
  return { name: unit?.name ?? '', symbol: unit?.symbol ?? '', decimals: String(unit?.decimals ?? 0) };
}

export function unitRequestOf(unit: InventoryUnit): UnitRequest {
  return { name: unit.name, symbol: unit.symbol, decimals: unit.decimals };
}

/** "Whole numbers only", "Up to 1 decimal", "Up to 3 decimals". */
export function decimalsLabel(decimals: number): string {
  if (decimals === 0) return 'Whole numbers only';
  return `Up to ${counted(decimals, 'decimal')}`;
}

export const DECIMALS_OPTIONS = Array.from({ length: INVENTORY_UNIT_DECIMALS_MAX + 1 }, (_, decimals) => ({
  value: String(decimals),
  label: `${decimals}: ${decimalsLabel(decimals).toLowerCase()}`,
}));

// ---------------------------------------------------------------------------------------------
// Items ("Names")

export const itemFormSchema = z
  .object({
    name: z.string(),
    categoryId: z.string(),
    unitId: z.string(),
    reorderLevel: z.string(),
    description: z.string(),
  })
  .transform(
    requestFrom(inventoryItemInputSchema, (v, readNumber) => ({
      ...v,
      // An empty reorder level is 0: never flagged.
      reorderLevel: readNumber(['reorderLevel'], v.reorderLevel, 'Reorder level') ?? undefined,
    })),
  );
export type ItemFormValues = z.input<typeof itemFormSchema>;
export type ItemRequest = z.output<typeof itemFormSchema>;

export function itemFormDefaults(item: InventoryItem | null): ItemFormValues {
  return {
    name: item?.name ?? '',
    categoryId: item?.category.id ?? '',
    unitId: item?.unit.id ?? '',
    reorderLevel: item ? String(item.reorderLevel) : '',
    description: item?.description ?? '',
  };
}

export function itemRequestOf(item: InventoryItem): ItemRequest {
  return {
    name: item.name,
    categoryId: item.category.id,
    unitId: item.unit.id,
    reorderLevel: item.reorderLevel,
    description: item.description,
  };
}

export interface Choice {
  value: string;
  label: string;
}

/**
 * The categories and units an item may pick: the active ones, plus the item's own when it has
 * been deactivated since (it may stay, marked as such).
 */
export function itemChoices(
  options: InventoryOptions | undefined,
  item: InventoryItem | null,
): { categories: Choice[]; units: Choice[] } {
  const categories: Choice[] = (options?.categories ?? []).map((c) => ({ value: c.id, label: c.name }));
  const units: Choice[] = (options?.units ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.symbol})` }));
  if (item && !categories.some((c) => c.value === item.category.id)) {
    categories.push({ value: item.category.id, label: `${item.category.name} (inactive)` });
  }
  if (item && !units.some((u) => u.value === item.unit.id)) {
    units.push({ value: item.unit.id, label: `${item.unit.name} (${item.unit.symbol}, inactive)` });
  }
  return { categories, units };
}
