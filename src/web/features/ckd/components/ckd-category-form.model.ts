/** The CKD category form: its values (numbers kept as typed text) and the contract they become. */
import { z } from 'zod';
import {
  ckdCategoryInputSchema,
  steelUsageLineSchema,
  steelUsageSchema,
  type CkdCategory,
} from '@common/contracts/ckd';
import type { SteelCategoryOption } from '@common/contracts/steel';
import { numberFromText } from './ckd.model';

const usageLineForm = z.object({
  steelCategoryId: z.string().min(1, 'Choose a steel category').pipe(steelUsageLineSchema.shape.steelCategoryId),
  quantityPerKit: numberFromText(steelUsageLineSchema.shape.quantityPerKit, 'Quantity per kit is required'),
});

/** The form's values, checked and turned into POST /api/ckd/categories' body (duplicate steel lines refused). */
export const ckdCategoryFormSchema = z.object({
  name: ckdCategoryInputSchema.shape.name,
  code: ckdCategoryInputSchema.shape.code,
  stoveModel: ckdCategoryInputSchema.shape.stoveModel,
  description: ckdCategoryInputSchema.shape.description,
  steelUsage: z.array(usageLineForm).pipe(steelUsageSchema),
});
export type CkdCategoryFormValues = z.input<typeof ckdCategoryFormSchema>;

export const EMPTY_USAGE_LINE = { steelCategoryId: '', quantityPerKit: '' } as const;

/** The form's starting values: the category's, or empty for a new one. */
export function categoryFormDefaults(category: CkdCategory | null): CkdCategoryFormValues {
  return {
    name: category?.name ?? '',
    code: category?.code ?? '',
    stoveModel: category?.stoveModel ?? '',
    description: category?.description ?? '',
    steelUsage: category
      ? category.steelUsage.map((u) => ({
          steelCategoryId: u.steelCategoryId,
          quantityPerKit: String(u.quantityPerKit),
        }))
      : [],
  };
}

export interface SteelChoice {
  value: string;
  label: string;
  unit: SteelCategoryOption['unit'];
}

/**
 * The steel a line may pick: the active steel categories, plus any the category already uses that
 * has been deactivated since (it may stay, marked as such).
 */
export function steelChoices(options: readonly SteelCategoryOption[], category: CkdCategory | null): SteelChoice[] {
  const choices: SteelChoice[] = options.map((o) => ({
    value: o.id,
    label: o.grade ? `${o.name} (${o.grade})` : o.name,
    unit: o.unit,
  }));
  for (const line of category?.steelUsage ?? []) {
    if (!choices.some((c) => c.value === line.steelCategoryId))
      choices.push({ value: line.steelCategoryId, label: `${line.steelCategoryName} (deactivated)`, unit: line.unit });
  }
  return choices;
}

/** "kg per kit" or "sheets per kit" for a chosen steel; "per kit" before one is chosen. */
export function perKitUnit(unit: SteelCategoryOption['unit'] | undefined): string {
  if (unit === 'kg') return 'kg per kit';
  if (unit === 'sheet') return 'sheets per kit';
  return 'per kit';
}
