import { useWatch, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { useDraft, type DraftControl } from '@web/lib/use-draft';

interface FormDraftOptions<TValues extends FieldValues> {
  /** The screen's name in the key, e.g. "ckd-transfer". */
  screen: string;
  /** The signed-in user's id. */
  userId: string;
  /** The form's values as typed (strings, not yet checked): what a stored draft must look like. */
  schema: z.ZodType<TValues>;
  /** True when nothing worth keeping was typed. */
  isEmpty: (values: TValues) => boolean;
  /** The form's start, for Discard. */
  defaultValues: DefaultValues<TValues>;
}

/**
 * useDraft for a react-hook-form form: keeps what is typed, puts a draft back as changes (the form is
 * dirty again, so an UnsavedChangesGuard still asks), and Discard resets the form to its start.
 */
export function useFormDraft<TValues extends FieldValues, TOut>(
  form: UseFormReturn<TValues, unknown, TOut>,
  { screen, userId, schema, isEmpty, defaultValues }: FormDraftOptions<TValues>,
): DraftControl<TValues> {
  const values = useWatch({ control: form.control }) as TValues;
  return useDraft<TValues>({
    screen,
    userId,
    value: values,
    isEmpty,
    schema,
    restore: (value) => form.reset(value, { keepDefaultValues: true }),
    reset: () => form.reset(defaultValues),
  });
}
