/** Pure rules of the CKD screens: numbers typed as text, the steel kits need, the kits a factory holds. */
import { counted } from '@common/counted';
import { z } from 'zod';
import {
  ckdTransferLineInputSchema,
  ckdTransferNumberLabel,
  ckdTransferLines,
  createCkdTransferSchema,
  createProducedRecordSchema,
  refineCkdTransfer,
  steelForKits,
  type CkdCategory,
  type CkdStock,
  type CkdTransfer,
} from '@common/contracts/ckd';
import { absoluteUrl, type DispatchNoteData } from '@web/components/document/dispatch-note.model';
import type { SteelUnit } from '@common/contracts/steel';

/**
 * A form field kept as text that must hold a number: empty → `required`, not a number → "Enter a
 * number", then the contract's own rule for the number.
 */
export function numberFromText(schema: z.ZodType<number, number>, required: string) {
  return z
    .string()
    .trim()
    .min(1, required)
    .refine((v) => Number.isFinite(Number(v)), 'Enter a number')
    .transform(Number)
    .pipe(schema);
}

/** The whole number of kits typed so far, or null while it is not one (empty, 0, 2.5, "abc"). */
export function typedKits(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n >= 1 ? n : null;
}

export interface SteelNeed {
  steelCategoryId: string;
  name: string;
  unit: SteelUnit;
  perKit: number;
  /** per kit × kits, to the gram. */
  total: number;
}

/** The steel `kits` kits of a category consume: one line per steel line of its usage. */
export function steelNeeded(usage: CkdCategory['steelUsage'], kits: number): SteelNeed[] {
  return usage.map((line) => ({
    steelCategoryId: line.steelCategoryId,
    name: line.steelCategoryName,
    unit: line.unit,
    perKit: line.quantityPerKit,
    total: steelForKits(line.quantityPerKit, kits),
  }));
}

/** The kits of a category a factory holds in a stock answer (0 when it holds none; null when the factory is not in it). */
export function kitsInStock(stock: CkdStock | undefined, factoryId: string, categoryId: string): number | null {
  const row = stock?.rows.find((r) => r.factory.id === factoryId);
  if (!row) return null;
  return row.quantities[categoryId] ?? 0;
}

/** "1 kit", "1,250 kits". */
export function kitCount(n: number): string {
  return counted(n, 'kit');
}

/** Why a transfer of `kits` cannot go with `available` in stock, or null when it can (or nothing is known yet). */
export function transferShortfall(available: number | null, kits: number | null): string | null {
  if (available === null || kits === null || kits <= available) return null;
  return available === 0
    ? 'The sending factory has no kits of this category.'
    : `Only ${kitCount(available)} in stock at the sending factory.`;
}

/** "Nairobi Central Plant (NBO)" */
export function nameWithCode(x: { name: string; code: string }): string {
  return `${x.name} (${x.code})`;
}

/** The "Record produced kits" form: the contract, with the quantity typed as text. */
export const producedRecordFormSchema = z.object({
  ...createProducedRecordSchema.shape,
  quantity: numberFromText(createProducedRecordSchema.shape.quantity, 'Quantity is required'),
});

/** The kit transfer form: the contract, with each line's quantity typed as text. */
export const ckdTransferFormSchema = z
  .object({
    ...createCkdTransferSchema.shape,
    lines: ckdTransferLines(
      z.object({
        categoryId: ckdTransferLineInputSchema.shape.categoryId,
        quantity: numberFromText(ckdTransferLineInputSchema.shape.quantity, 'Quantity is required'),
      }),
    ),
  })
  .superRefine(refineCkdTransfer);
export type CkdTransferFormValues = z.input<typeof ckdTransferFormSchema>;

/** A line as the form holds it (the quantity as typed). */
export type CkdTransferDraftLine = CkdTransferFormValues['lines'][number];

/**
 * Each line's shortfall at the sender (null where it can go or nothing is known yet), from the
 * stock the form shows: what keeps the confirmation closed.
 */
export function lineShortfalls(
  stock: CkdStock | undefined,
  fromFactoryId: string,
  lines: readonly CkdTransferDraftLine[],
): (string | null)[] {
  return lines.map((line) =>
    fromFactoryId && line.categoryId
      ? transferShortfall(kitsInStock(stock, fromFactoryId, line.categoryId), typedKits(line.quantity))
      : null,
  );
}

/** "Jiko Poa kits (JPS) × 20, Jiko Kuni kits (JKU) × 10": a transfer's lines in brief. */
export function transferLinesText(lines: readonly { category: { name: string; code: string }; quantity: number }[]) {
  return lines.map((l) => `${nameWithCode(l.category)} × ${l.quantity.toLocaleString('en-US')}`).join(', ');
}

/** Where a kit transfer is looked up: CKD Transfer searched for its number. */
export function kitTransferPath(number: number): string {
  return `/ckd/transfer?q=${ckdTransferNumberLabel(number)}`;
}

/** The dispatch note page of a kit transfer, by its number (kit transfers have no page of their own). */
export function kitDispatchNotePath(number: number): string {
  return `/ckd/transfer/${ckdTransferNumberLabel(number)}/dispatch-note`;
}

/** A kit transfer's dispatch note: each kit category and how many kits of it. */
export function kitTransferDispatchNote(transfer: CkdTransfer, origin: string): DispatchNoteData {
  return {
    kind: 'Kit transfer',
    number: ckdTransferNumberLabel(transfer.number),
    receiveUrl: absoluteUrl(kitTransferPath(transfer.number), origin),
    day: transfer.date,
    from: transfer.from,
    to: transfer.to,
    lines: {
      heading: 'Kit category',
      rows: [
        ...transfer.lines.map((line) => ({
          what: nameWithCode(line.category),
          quantity: counted(line.quantity, 'kit'),
        })),
        ...(transfer.lines.length > 1 ? [{ what: 'Total', quantity: counted(transfer.quantity, 'kit') }] : []),
      ],
    },
    note: transfer.note,
    sentBy: transfer.createdBy ? (transfer.createdBy.name ?? transfer.createdBy.email) : '—',
  };
}
