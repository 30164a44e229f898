import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { z } from 'zod';
import type { InventoryEntry } from '@common/contracts/inventory';
import { showSubmitError } from '@web/components/form/use-app-form';
import { useFormDraft } from '@web/components/form/use-form-draft';
import type { DraftOwner } from '@web/lib/use-draft';
import { useFactoryOptions } from '@web/lib/factory-options';
import { useInventoryOptions } from '../api/get-inventory-options';
import { describeEntryDraft, entryDraftIsEmpty, entrySavedMessage, type ShortageProblem } from './entry-form.model';
import { ownFactoryOf, type InventoryViewer } from './inventory-viewer';
import { showShortages } from './shortage-alert';

interface EntryFormOptions<TValues, TOut> {
  viewer: InventoryViewer & DraftOwner;
  /** The form's schema: its text fields turned into the endpoint's contract. */
  schema: z.ZodType<TOut, TValues>;
  /** The starting values, with the viewer's own factory ('' for a global user). */
  defaults: (ownFactoryId: string) => TValues;
  send: (request: TOut) => Promise<InventoryEntry>;
  /** The error toast's title, e.g. "The stock was not received". */
  errorTitle: string;
  /** The form after a save: what stays (the date, the factories) with one empty line. */
  afterSave: (saved: TValues) => TValues;
  /** The unfinished form is kept as the user's draft of this screen (e.g. "inventory-input"). */
  draft: {
    screen: string;
    /** The values as typed (the form's fields without their transform). */
    schema: z.ZodType<TValues>;
    /** What the draft is, for "Restored your draft: a stock input with 3 lines". */
    noun: string;
  };
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
type EntryValues = FieldValues & {
  note: string;
  reference: string;
  supplier?: string;
  lines: { itemId: string; quantity: string }[];
};

export function useEntryForm<TValues extends EntryValues, TOut>({
  viewer,
  schema,
  defaults,
  send,
  errorTitle,
  afterSave,
  draft: draftOptions,
}: EntryFormOptions<TValues, TOut>) {
  const own = ownFactoryOf(viewer);
  const factories = useFactoryOptions();
  const options = useInventoryOptions();
  const [problems, setProblems] = useState<ShortageProblem[] | null>(null);
  const start = defaults(own?.id ?? '') as DefaultValues<TValues>;
  const form = useForm<TValues, unknown, TOut>({
    resolver: zodResolver(schema),
    defaultValues: start,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const draft = useFormDraft(form, {
    screen: draftOptions.screen,
    userId: viewer.user.id,
    schema: draftOptions.schema,
    isEmpty: entryDraftIsEmpty,
    defaultValues: start,
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
    draft.clear();
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
      draft,
      describeDraft: (values: TValues) => describeEntryDraft(draftOptions.noun, values),
    },
  };
}
