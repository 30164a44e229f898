/** The steel category form: text fields turned into the endpoint's contract. */
import { z } from 'zod';
import { STEEL_UNITS, steelCategoryInputSchema } from '@common/contracts/steel';
import { checkedBy } from './contract-form.model';

/** The contract, from the form's text fields: a reorder level typed as text, a unit chosen or not yet. */
export const steelCategoryFormSchema = z
  .object({
    name: z.string(),
    grade: z.string(),
    unit: z.string(),
    reorderLevel: z
      .string()
      .trim()
      .refine((v) => v === '' || Number.isFinite(Number(v.replace(',', '.'))), 'Reorder level must be a number')
      .transform((v) => (v === '' ? 0 : Number(v.replace(',', '.')))),
  })
  .transform(
    checkedBy(steelCategoryInputSchema.extend({ unit: z.enum(STEEL_UNITS, { error: 'Choose kg or sheets' }) })),
  );
