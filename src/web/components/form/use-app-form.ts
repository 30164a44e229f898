import type { BaseSyntheticEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { z } from 'zod';
import { splitServerError } from './server-errors.model';

/**
 * Shows a failed submit: the server's field errors next to their fields (the first one focused),
 * anything else in an error toast titled `title`.
 */
export function showSubmitError<TValues extends FieldValues, TOut>(
  form: UseFormReturn<TValues, unknown, TOut>,
  error: unknown,
  title: string,
): void {
  const { fieldErrors, message } = splitServerError(error, Object.keys(form.getValues()));
  fieldErrors.forEach(({ field, message: fieldMessage }, index) => {
    form.setError(field as Path<TValues>, { type: 'server', message: fieldMessage }, { shouldFocus: index === 0 });
  });
  if (message) toast.error(title, { description: message });
}

interface AppFormOptions<TValues extends FieldValues, TOut, TResult> {
  /** The zod contract from src/common (or one built on it). */
  schema: z.ZodType<TOut, TValues>;
  defaultValues: DefaultValues<TValues>;
  /** Sends the valid, parsed values; throw (an ApiRequestError) to report failure. */
  onSubmit: (values: TOut) => Promise<TResult>;
  /** The success toast; none when absent. */
  successMessage?: string | ((result: TResult) => string);
  /** Called after a success (e.g. close the dialog); the form is no longer dirty by then. */
  onSuccess?: (result: TResult) => void;
  /** The title of the error toast. */
  errorTitle?: string;
}

/**
 * react-hook-form with the zod contract as resolver, server errors shown next to the fields,
 * and a toast on success. `onSubmit` is ready for `<form onSubmit={…}>`.
 */
export function useAppForm<TValues extends FieldValues, TOut, TResult>({
  schema,
  defaultValues,
  onSubmit,
  successMessage,
  onSuccess,
  errorTitle = 'Could not save',
}: AppFormOptions<TValues, TOut, TResult>) {
  const form = useForm<TValues, unknown, TOut>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onTouched',
  });

  const submit = form.handleSubmit(async (values) => {
    let result: TResult;
    try {
      result = await onSubmit(values);
    } catch (error) {
      showSubmitError(form, error, errorTitle);
      return;
    }
    // What was saved is the new baseline: the form is clean again.
    form.reset(form.getValues());
    if (successMessage) toast.success(typeof successMessage === 'string' ? successMessage : successMessage(result));
    onSuccess?.(result);
  });

  return {
    form,
    onSubmit: (event?: BaseSyntheticEvent) => void submit(event),
    isSubmitting: form.formState.isSubmitting,
    isDirty: form.formState.isDirty,
  };
}
