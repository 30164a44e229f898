import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { recordFormTexts, recordSavedMessage, type RecordFormLabels } from './record-form.model';
import { useAppForm } from '@web/components/form/use-app-form';

interface RecordFormOptions<TValues extends FieldValues, TOut, TSaved extends { name: string }> {
  /** The record being edited; null for a new one. */
  record: { name: string } | null;
  labels: RecordFormLabels;
  schema: z.ZodType<TOut, TValues>;
  defaultValues: DefaultValues<TValues>;
  /** Creates the record, or saves the edited one, from the valid values. */
  save: (values: TOut) => Promise<TSaved>;
  /** Closes the dialog: after a save, or when the user cancels. */
  onClose: () => void;
}

/**
 * The form of a dialog that creates a record or edits one: useAppForm with the record's toasts
 * ("Retail created", "Retail saved", "Could not save the sales category"), and `dialog`, the
 * FormDialog props that go with it (title, submit button, "nothing changed yet" while editing).
 */
export function useRecordForm<TValues extends FieldValues, TOut, TSaved extends { name: string }>({
  record,
  labels,
  schema,
  defaultValues,
  save,
  onClose,
}: RecordFormOptions<TValues, TOut, TSaved>) {
  const texts = recordFormTexts(record, labels);
  const { form, onSubmit, isSubmitting, isDirty } = useAppForm({
    schema,
    defaultValues,
    onSubmit: save,
    successMessage: (saved) => recordSavedMessage(record !== null, saved),
    onSuccess: onClose,
    errorTitle: texts.errorTitle,
  });
  return {
    form,
    dialog: {
      title: texts.title,
      submitLabel: texts.submitLabel,
      busyText: texts.busyText,
      onSubmit,
      isSubmitting,
      isDirty,
      onClose,
      submitDisabled: record !== null && !isDirty,
    },
  };
}
