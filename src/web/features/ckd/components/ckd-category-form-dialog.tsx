import { useFieldArray, useWatch } from 'react-hook-form';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { CKD_USAGE_LINES_MAX, type CkdCategory } from '@common/contracts/ckd';
import { FormDialog } from '@web/components/form/form-dialog';
import { SelectField, TextareaField, TextField } from '@web/components/form/form-fields';
import type { RecordFormDialogProps } from '@web/components/master-data/record-form-slot';
import { useRecordForm } from '@web/components/master-data/use-record-form';
import { Button } from '@web/components/ui/button';
import { Loading } from '@web/components/ui/loading';
import { errorMessage } from '@web/lib/api-client';
import { useCreateCkdCategory } from '../api/create-ckd-category';
import { useSteelCategoryOptions } from '@web/lib/steel-category-options';
import { useUpdateCkdCategory } from '../api/update-ckd-category';
import {
  categoryFormDefaults,
  ckdCategoryFormSchema,
  EMPTY_USAGE_LINE,
  perKitUnit,
  steelChoices,
} from './ckd-category-form.model';

/** New / Edit CKD category: name, code, stove model, description and the steel one kit uses. */
export function CkdCategoryFormDialog({ record: category, onClose }: RecordFormDialogProps<CkdCategory>) {
  const { mutateAsync: create } = useCreateCkdCategory();
  const { mutateAsync: update } = useUpdateCkdCategory();
  const steel = useSteelCategoryOptions();
  const choices = steelChoices(steel.data ?? [], category);

  const { form, dialog } = useRecordForm({
    record: category,
    labels: { newTitle: 'New CKD category', createLabel: 'Create category', noun: 'CKD category' },
    schema: ckdCategoryFormSchema,
    defaultValues: categoryFormDefaults(category),
    save: (values) => (category ? update({ id: category.id, changes: values }) : create(values)),
    onClose,
  });
  const lines = useFieldArray({ control: form.control, name: 'steelUsage' });
  const chosen = useWatch({ control: form.control, name: 'steelUsage' });
  const listError = form.formState.errors.steelUsage?.message ?? form.formState.errors.steelUsage?.root?.message;

  return (
    <FormDialog
      {...dialog}
      description="A kit type: the stove model it builds and the steel one kit uses. Recording produced kits consumes that steel."
      contentClassName="max-h-[90svh] overflow-y-auto sm:max-w-2xl"
      formClassName="grid gap-4 sm:grid-cols-2"
      footerClassName="sm:col-span-2"
    >
      <TextField form={form} name="name" label="Name" autoComplete="off" maxLength={200} />
      <TextField
        form={form}
        name="code"
        label="Code"
        autoComplete="off"
        maxLength={16}
        spellCheck={false}
        className="[&_input]:font-mono [&_input]:uppercase"
        description="2-16 letters, digits or dashes, e.g. JPS."
      />
      <TextField form={form} name="stoveModel" label="Stove model" autoComplete="off" maxLength={200} />
      <TextareaField form={form} name="description" label="Description (optional)" rows={2} maxLength={2000} />

      <fieldset className="flex flex-col gap-3 sm:col-span-2">
        <legend className="mb-1 text-sm font-medium">Steel per kit</legend>
        {steel.isPending ? <Loading label="Loading steel categories..." className="justify-start" /> : null}
        {steel.isError ? (
          <p role="alert" className="text-sm text-destructive">
            The steel categories could not be loaded: {errorMessage(steel.error)}{' '}
            <Button variant="link" size="sm" className="h-auto px-0" onClick={() => void steel.refetch()}>
              Try again
            </Button>
          </p>
        ) : null}
        {lines.fields.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No steel yet: add a line for each steel category one kit uses.
          </p>
        ) : (
          <ol className="flex flex-col gap-3" aria-label="Steel lines">
            {lines.fields.map((field, index) => {
              const unit = choices.find((c) => c.value === chosen[index]?.steelCategoryId)?.unit;
              return (
                <li
                  key={field.id}
                  className="grid items-start gap-2 rounded-md border p-3 sm:grid-cols-[1fr_10rem_auto]"
                >
                  <SelectField
                    form={form}
                    name={`steelUsage.${index}.steelCategoryId`}
                    label={`Steel category, line ${index + 1}`}
                    placeholder="Choose steel"
                    options={choices}
                  />
                  <TextField
                    form={form}
                    name={`steelUsage.${index}.quantityPerKit`}
                    label={`Quantity, line ${index + 1}`}
                    inputMode="decimal"
                    autoComplete="off"
                    description={perKitUnit(unit)}
                  />
                  <Button
                    variant="ghost"
                    size="icon"
                    className="sm:mt-7"
                    aria-label={`Remove steel line ${index + 1}`}
                    onClick={() => lines.remove(index)}
                  >
                    <Trash2Icon aria-hidden="true" />
                  </Button>
                </li>
              );
            })}
          </ol>
        )}
        {listError ? <p className="text-sm text-destructive">{listError}</p> : null}
        <Button
          variant="outline"
          size="sm"
          className="w-fit"
          disabled={lines.fields.length >= CKD_USAGE_LINES_MAX}
          onClick={() => lines.append({ ...EMPTY_USAGE_LINE })}
        >
          <PlusIcon aria-hidden="true" />
          Add steel line
        </Button>
      </fieldset>
    </FormDialog>
  );
}
