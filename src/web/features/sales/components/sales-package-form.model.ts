/** The sales package form: its values (the stoves per package kept as typed text) and the contract they become. */
import { z } from 'zod';
import type { CkdCategoryOption } from '@common/contracts/ckd';
import { salesPackageInputSchema, STOVES_PER_PACKAGE_MAX, type SalesPackage } from '@common/contracts/sales';

const shape = salesPackageInputSchema.shape;

/** The form's values, checked and turned into POST /api/sales/packages' body. */
export const salesPackageFormSchema = z.object({
  name: shape.name,
  code: shape.code,
  ckdCategoryId: z.string().min(1, 'Choose the stove model').pipe(shape.ckdCategoryId),
  stovesPerPackage: z
    .string()
    .trim()
    .min(1, 'Stoves per package is required')
    .regex(/^\d+$/, 'Stoves per package is a whole number')
    .transform(Number)
    .pipe(shape.stovesPerPackage.unwrap()),
  extraItems: shape.extraItems,
  description: shape.description,
});
export type SalesPackageFormValues = z.input<typeof salesPackageFormSchema>;

/** The form's starting values: the package's, or empty with one stove for a new one. */
export function packageFormDefaults(pkg: SalesPackage | null): SalesPackageFormValues {
  return {
    name: pkg?.name ?? '',
    code: pkg?.code ?? '',
    ckdCategoryId: pkg?.ckdCategory.id ?? '',
    stovesPerPackage: String(pkg?.stovesPerPackage ?? 1),
    extraItems: pkg?.extraItems ?? '',
    description: pkg?.description ?? '',
  };
}

export interface StoveModelChoice {
  value: string;
  label: string;
}

/**
 * The stove models a package may pick: the active CKD categories, plus the one the package already
 * has when it has been deactivated since (it may stay, marked as such).
 */
export function stoveModelChoices(options: readonly CkdCategoryOption[], pkg: SalesPackage | null): StoveModelChoice[] {
  const choices = options.map((o) => ({ value: o.id, label: `${o.name} (${o.code})` }));
  if (pkg && !choices.some((c) => c.value === pkg.ckdCategory.id))
    choices.push({
      value: pkg.ckdCategory.id,
      label: `${pkg.ckdCategory.name} (${pkg.ckdCategory.code}, deactivated)`,
    });
  return choices;
}

export const STOVES_HINT = `1 to ${STOVES_PER_PACKAGE_MAX}: the stove IDs a sale of one package delivers.`;
