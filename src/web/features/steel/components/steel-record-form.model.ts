/**
 * The "Record movement" form: what a person types (text fields) turned into the endpoint's own
 * contract, so the browser and the server check the same rules.
 */
import { z } from 'zod';
import { checkedBy } from './contract-form.model';
import {
  createSteelRecordSchema,
  STEEL_RECORD_KIND_LABELS,
  type SteelEntryKind,
  type SteelUnit,
} from '@common/contracts/steel';

/** A number typed in a text field: '' when empty, else the number (NaN when it is not one). */
function typedNumber(label: string, required: boolean) {
  return z
    .string()
    .trim()
    .refine((v) => !required || v !== '', `Enter the ${label.toLowerCase()}`)
    .refine((v) => v === '' || Number.isFinite(Number(v.replace(',', '.'))), `${label} must be a number`)
    .transform((v) => (v === '' ? null : Number(v.replace(',', '.'))));
}

export const steelRecordFormSchema = z
  .object({
    date: z.string(),
    factoryId: z.string(),
    categoryId: z.string(),
    kind: z.string(),
    quantity: typedNumber('Quantity', true),
    supplier: z.string(),
    unitCost: typedNumber('Unit cost', false),
    reference: z.string(),
    note: z.string(),
  })
  // Supplier and unit cost belong to received steel only: other kinds send neither.
  .transform((v) => ({
    date: v.date,
    factoryId: v.factoryId,
    categoryId: v.categoryId,
    kind: v.kind,
    quantity: v.quantity ?? 0,
    supplier: v.kind === 'received' ? v.supplier : null,
    unitCost: v.kind === 'received' ? v.unitCost : null,
    reference: v.reference,
    note: v.note,
  }))
  .transform(checkedBy(createSteelRecordSchema));

export const STEEL_ENTRY_KIND_OPTIONS: readonly { value: SteelEntryKind; label: string }[] = [
  { value: 'received', label: STEEL_RECORD_KIND_LABELS.received },
  { value: 'used', label: STEEL_RECORD_KIND_LABELS.used },
  { value: 'scrap', label: STEEL_RECORD_KIND_LABELS.scrap },
  { value: 'adjustment', label: STEEL_RECORD_KIND_LABELS.adjustment },
];

/** "Quantity (kg)", "Quantity (sheets)", or "Quantity" before a category is chosen. */
export function quantityLabel(unit: SteelUnit | undefined): string {
  if (!unit) return 'Quantity';
  return `Quantity (${unit === 'kg' ? 'kg' : 'sheets'})`;
}

/** What the quantity means for the chosen kind. */
export function quantityHint(kind: string): string {
  switch (kind) {
    case 'received':
      return 'Delivered to the factory: adds to its stock.';
    case 'used':
      return 'Issued to production: taken from the stock.';
    case 'scrap':
      return 'Offcuts and spoiled steel: taken from the stock.';
    case 'adjustment':
      return 'A stock-take correction: positive adds, negative (e.g. -12.5) takes away.';
    default:
      return 'Choose what happened to the steel first.';
  }
}
