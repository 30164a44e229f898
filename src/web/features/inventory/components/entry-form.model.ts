/**
 * The Input, Remove Items and Transfer Inventory forms: several lines saved together. Their text
 * fields become the endpoints' requests (checked by the same contracts as on the server), and the
 * pure rules the forms show: stock beside a line, the lines a refusal names, the saved message.
 */
import { z } from 'zod';
import { counted } from '@common/counted';
import {
  createInventoryInputSchema,
  createInventoryRemovalSchema,
  createInventoryTransferSchema,
  formatInventoryQuantity,
  inventoryEntryNumberLabel,
  unitQuantityProblem,
  type InventoryEntry,
  type InventoryEntryKind,
  type InventoryOptions,
} from '@common/contracts/inventory';
import { parseTypedNumber, requestFrom } from './typed-request.model';
import { localToday } from '@web/lib/local-today';

const text = z.string();

// ---------------------------------------------------------------------------------------------
// Input (stock received)

export const EMPTY_INPUT_LINE = { itemId: '', quantity: '', unitCost: '' } as const;

/** The input form's values as typed: also what a draft of it must look like. */
export const inputFormFields = z.object({
  date: text,
  factoryId: text,
  supplier: text,
  reference: text,
  note: text,
  lines: z.array(z.object({ itemId: text, quantity: text, unitCost: text })),
});

export const inputFormSchema = inputFormFields.transform(
  requestFrom(createInventoryInputSchema, (v, readNumber) => ({
    ...v,
    lines: v.lines.map((line, i) => ({
      itemId: line.itemId,
      quantity: readNumber(['lines', i, 'quantity'], line.quantity, 'Quantity'),
      unitCost: readNumber(['lines', i, 'unitCost'], line.unitCost, 'Unit cost'),
    })),
  })),
);
export type InputFormValues = z.input<typeof inputFormSchema>;

export function inputFormDefaults(factoryId: string, date = localToday()): InputFormValues {
  return { date, factoryId, supplier: '', reference: '', note: '', lines: [{ ...EMPTY_INPUT_LINE }] };
}

// ---------------------------------------------------------------------------------------------
// Removal (a reason per line; a note when a reason is "other")

export const EMPTY_REMOVAL_LINE = { itemId: '', quantity: '', reason: '' } as const;

/** The removal form's values as typed: also what a draft of it must look like. */
export const removalFormFields = z.object({
  date: text,
  factoryId: text,
  reference: text,
  note: text,
  lines: z.array(z.object({ itemId: text, quantity: text, reason: text })),
});

export const removalFormSchema = removalFormFields.transform(
  requestFrom(createInventoryRemovalSchema, (v, readNumber) => ({
    ...v,
    lines: v.lines.map((line, i) => ({
      itemId: line.itemId,
      quantity: readNumber(['lines', i, 'quantity'], line.quantity, 'Quantity'),
      reason: line.reason === '' ? undefined : line.reason,
    })),
  })),
);
export type RemovalFormValues = z.input<typeof removalFormSchema>;

export function removalFormDefaults(factoryId: string, date = localToday()): RemovalFormValues {
  return { date, factoryId, reference: '', note: '', lines: [{ ...EMPTY_REMOVAL_LINE }] };
}

// ---------------------------------------------------------------------------------------------
// Transfer (from one factory to another)

export const EMPTY_TRANSFER_LINE = { itemId: '', quantity: '' } as const;

/** The transfer form's values as typed: also what a draft of it must look like. */
export const transferFormFields = z.object({
  date: text,
  fromFactoryId: text,
  toFactoryId: text,
  reference: text,
  note: text,
  lines: z.array(z.object({ itemId: text, quantity: text })),
});

export const transferFormSchema = transferFormFields.transform(
  requestFrom(createInventoryTransferSchema, (v, readNumber) => ({
    ...v,
    lines: v.lines.map((line, i) => ({
      itemId: line.itemId,
      quantity: readNumber(['lines', i, 'quantity'], line.quantity, 'Quantity'),
    })),
  })),
);
export type TransferFormValues = z.input<typeof transferFormSchema>;

export function transferFormDefaults(fromFactoryId: string, date = localToday()): TransferFormValues {
  return { date, fromFactoryId, toFactoryId: '', reference: '', note: '', lines: [{ ...EMPTY_TRANSFER_LINE }] };
}

// ---------------------------------------------------------------------------------------------
// What the lines show

type OptionItem = InventoryOptions['items'][number];

export interface ItemChoiceGroup {
  category: string;
  items: { value: string; label: string }[];
}

/** The item select's choices, grouped by category (as the options list them), each with its unit. */
export function itemChoiceGroups(items: readonly OptionItem[]): ItemChoiceGroup[] {
  const groups = new Map<string, ItemChoiceGroup>();
  for (const item of items) {
    const group = groups.get(item.category.id) ?? { category: item.category.name, items: [] };
    group.items.push({ value: item.id, label: `${item.name} (${item.unit.symbol})` });
    groups.set(item.category.id, group);
  }
  return [...groups.values()].sort((a, b) => a.category.localeCompare(b.category));
}

export interface LineStockHint {
  text: string;
  /** The line asks for more than the factory holds (removal and transfer only). */
  short: boolean;
}

/**
 * What a line says beside its item: the stock at the chosen factory ("In stock at NBO: 12 pcs"),
 * for a removal or transfer whether the typed quantity exceeds it, and a quantity the unit cannot
 * take ("Pieces take whole numbers"). Null until an item and a factory are chosen and the stock is known.
 */
export function lineStockHint(input: {
  kind: InventoryEntryKind;
  unit: { name: string; symbol: string; decimals: number };
  factoryCode: string;
  /** The stock held; null while unknown. */
  inStock: number | null;
  quantityText: string;
}): LineStockHint | null {
  const { kind, unit, factoryCode, inStock, quantityText } = input;
  const typed = parseTypedNumber(quantityText);
  const quantity = typed !== null && !Number.isNaN(typed) && typed > 0 ? typed : null;
  const unitProblem = quantity === null ? null : unitQuantityProblem(quantity, unit);
  if (inStock === null) return unitProblem ? { text: `${unitProblem}.`, short: false } : null;
  const held = formatInventoryQuantity(inStock, unit.symbol);
  const taking = kind !== 'input';
  const short = taking && quantity !== null && quantity > inStock;
  const parts = [
    !short
      ? `In stock at ${factoryCode}: ${held}.`
      : inStock > 0
        ? `Only ${held} in stock at ${factoryCode}.`
        : `None in stock at ${factoryCode}.`,
  ];
  if (unitProblem) parts.push(`${unitProblem}.`);
  return { text: parts.join(' '), short };
}

export interface ShortageProblem {
  code: string;
  reason: string;
}

/**
 * The line each refused item belongs to (409 `details.problems`), by the item's id or name at the
 * start of the problem's code ("Paint at NBO"); the longest matching name wins, so "Paint thinner"
 * is not taken for "Paint". Problems that name no line are left out.
 */
export function problemsByLine(
  problems: readonly ShortageProblem[],
  lines: readonly { itemId: string }[],
  items: readonly { id: string; name: string }[],
): Map<number, string> {
  const names = new Map(items.map((item) => [item.id, item.name.toLowerCase()]));
  const byLine = new Map<number, string>();
  for (const problem of problems) {
    const code = problem.code.toLowerCase();
    let best: { index: number; length: number } | null = null;
    for (const [index, line] of lines.entries()) {
      const name = names.get(line.itemId);
      const length =
        problem.code === line.itemId
          ? Number.MAX_SAFE_INTEGER
          : name && (code === name || code.startsWith(`${name} `) || code.startsWith(`${name}:`))
            ? name.length
            : 0;
      if (length > 0 && (best === null || length > best.length)) best = { index, length };
    }
    if (best === null) continue;
    const { index } = best;
    byLine.set(index, [byLine.get(index), problem.reason].filter(Boolean).join(' '));
  }
  return byLine;
}

/** "IN-000012: 2 lines received at NBO" — the toast after a save. */
export function entrySavedMessage(entry: InventoryEntry): string {
  const number = inventoryEntryNumberLabel(entry.kind, entry.number);
  const lines = counted(entry.lineCount, 'line');
  switch (entry.kind) {
    case 'input':
      return `${number}: ${lines} received at ${entry.factory.code}`;
    case 'removal':
      return `${number}: ${lines} removed at ${entry.factory.code}`;
    case 'transfer':
      return `${number}: ${lines} moved from ${entry.factory.code} to ${entry.toFactory?.code ?? '?'}`;
  }
}

/** Where an entry happened: "NBO" or, for a transfer, "NBO → MSA". */
export function entrySides(entry: Pick<InventoryEntry, 'factory' | 'toFactory'>): string {
  return entry.toFactory ? `${entry.factory.code} → ${entry.toFactory.code}` : entry.factory.code;
}

// ---------------------------------------------------------------------------------------------
// Drafts (the forms' unfinished work, kept per user)

interface EntryDraftValues {
  note: string;
  reference: string;
  supplier?: string;
  lines: readonly { itemId: string; quantity: string }[];
}

/** Nothing worth keeping as a draft: no line has an item or a quantity, and no note or reference is typed. */
export function entryDraftIsEmpty(values: EntryDraftValues): boolean {
  return (
    values.lines.every((line) => line.itemId === '' && line.quantity.trim() === '') &&
    [values.note, values.reference, values.supplier ?? ''].every((field) => field.trim() === '')
  );
}

/** "a stock input with 3 lines": what a restored draft holds (lines with an item or a quantity). */
export function describeEntryDraft(noun: string, values: EntryDraftValues): string {
  const lines = values.lines.filter((line) => line.itemId !== '' || line.quantity.trim() !== '').length;
  return lines > 0 ? `${noun} with ${counted(lines, 'line')}` : noun;
}
