import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { z } from 'zod';
import type { InventoryEntry } from '@common/contracts/inventory';
import { showSubmitError } from '@web/components/form/use-app-form';
import { useFactoryOptions } from '@web/lib/factory-options';
import { useInventoryOptions } from '../api/get-inventory-options';
import { entrySavedMessage, type ShortageProblem } from './entry-form.model';
import { ownFactoryOf, type InventoryViewer } from './inventory-viewer';
import { showShortages } from './shortage-alert';

interface EntryFormOptions<TValues, TOut> {
  viewer: InventoryViewer;
  /** The form's schema: its text fields turned into the endpoint's contract. */
  schema: z.ZodType<TOut, TValues>;
  /** The starting values, with the viewer's own factory ('' for a global user). */
  defaults: (ownFactoryId: string) => TValues;
  send: (request: TOut) => Promise<InventoryEntry>;
  /** The error toast's title, e.g. "The stock was not received". */
  errorTitle: string;
  /** The form after a save: what stays (the date, the factories) with one empty line. */
  afterSave: (saved: TValues) => TValues;
}

/**
 * An entry form (input, removal, transfer): react-hook-form on the contract, server errors on
 * their lines, a refusal's shortages listed and on their lines; after a save, a toast with the
 * entry's number and a fresh form, the focus on the first item.
 *
 * Checked on submit, then again as each field changes (not on blur, unlike useAppForm's forms):
 * a line added or removed before the first submit does not mark the untouched lines, and a fixed
 * mistake clears as it is typed.
 */
export function useEntryForm<TValues extends FieldValues & { lines: { itemId: string }[] }, TOut>({
  viewer,
  schema,
  defaults,
  send,
  errorTitle,
  afterSave,
}: EntryFormOptions<TValues, TOut>) {
  const own = ownFactoryOf(viewer);
  const factories = useFactoryOptions();
  const options = useInventoryOptions();
  const [problems, setProblems] = useState<ShortageProblem[] | null>(null);
  const form = useForm<TValues, unknown, TOut>({
    resolver: zodResolver(schema),
    defaultValues: defaults(own?.id ?? '') as DefaultValues<TValues>,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const submit = form.handleSubmit(async (values) => {
    setProblems(null);
    let entry: InventoryEntry;
    try {
      entry = await send(values);
    } catch (error) {
      setProblems(showShortages(form, error, options.data?.items ?? []));
      showSubmitError(form, error, errorTitle);
      return;
    }
    toast.success(entrySavedMessage(entry));
    form.reset(afterSave(form.getValues()));
    // Once the fresh line is on screen.
    window.setTimeout(() => form.setFocus('lines.0.itemId' as Path<TValues>), 0);
  });

  return {
    form,
    /** The viewer's own factory (scoped users), else null. */
    own,
    factories: factories.data,
    /** The active items, once loaded. */
    items: options.data?.items,
    /** What the card around the form needs. */
    card: {
      onSubmit: (event?: React.BaseSyntheticEvent) => void submit(event),
      isSubmitting: form.formState.isSubmitting,
      problems,
    },
  };
}
