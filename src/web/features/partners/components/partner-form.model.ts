/** The partner form: its values, the contract they become, and the sales categories it offers. */
import type { DefaultValues } from 'react-hook-form';
import { z } from 'zod';
import { PARTNER_TYPES, partnerInputSchema, type Partner } from '@common/contracts/partners';
import type { SalesOptions } from '@common/contracts/sales';

/**
 * The contract, with a plain message when no type is chosen yet; the default sales category is the
 * select's value, '' meaning none (sent as null).
 */
export const partnerFormSchema = partnerInputSchema.extend({
  type: z.enum(PARTNER_TYPES, { error: 'Type is required' }),
  defaultSalesCategoryId: z
    .string()
    .optional()
    .transform((v) => v || null)
    .pipe(partnerInputSchema.shape.defaultSalesCategoryId.in.unwrap()),
});
export type PartnerFormValues = z.input<typeof partnerFormSchema>;

/** The form's starting values: the partner's, or empty (no type chosen, no sales category). */
export function partnerFormDefaults(partner: Partner | null): DefaultValues<PartnerFormValues> {
  return {
    name: partner?.name ?? '',
    // No type until one is chosen: the select shows "Choose a type", a submit says it is required.
    ...(partner ? { type: partner.type } : {}),
    contactPerson: partner?.contactPerson ?? '',
    phone: partner?.phone ?? '',
    email: partner?.email ?? '',
    region: partner?.region ?? '',
    address: partner?.address ?? '',
    notes: partner?.notes ?? '',
    defaultSalesCategoryId: partner?.defaultSalesCategory?.id ?? '',
  };
}

export interface SalesCategoryChoice {
  value: string;
  label: string;
}

/**
 * The sales categories a partner may default to: the active ones (undefined while they load), plus
 * the partner's own when it is not among them: marked deactivated once the list is known, so it can
 * stay without being offered to anyone else.
 */
export function salesCategoryChoices(
  categories: SalesOptions['categories'] | undefined,
  current: Partner['defaultSalesCategory'],
): SalesCategoryChoice[] {
  const choices = (categories ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.code})` }));
  if (current && !choices.some((c) => c.value === current.id)) {
    choices.push({
      value: current.id,
      label: categories ? `${current.name} (${current.code}, deactivated)` : `${current.name} (${current.code})`,
    });
  }
  return choices;
}
