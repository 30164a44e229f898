import { salesCategoryInputSchema, type SalesCategory } from '@common/contracts/sales';
import { FormDialog } from '@web/components/form/form-dialog';
import { TextareaField, TextField } from '@web/components/form/form-fields';
import type { RecordFormDialogProps } from '@web/components/master-data/record-form-slot';
import { useRecordForm } from '@web/components/master-data/use-record-form';
import { useCreateSalesCategory } from '../api/create-sales-category';
import { useUpdateSalesCategory } from '../api/update-sales-category';

/** New sales category / Edit: name and code (both unique) and a description. */
export function SalesCategoryFormDialog({ record: category, onClose }: RecordFormDialogProps<SalesCategory>) {
  const { mutateAsync: create } = useCreateSalesCategory();
  const { mutateAsync: update } = useUpdateSalesCategory();

  const { form, dialog } = useRecordForm({
    record: category,
    labels: { newTitle: 'New sales category', createLabel: 'Create category', noun: 'sales category' },
    schema: salesCategoryInputSchema,
    defaultValues: {
      name: category?.name ?? '',
      code: category?.code ?? '',
      description: category?.description ?? '',
    },
    save: (values) => (category ? update({ id: category.id, changes: values }) : create(values)),
    onClose,
  });

  return (
    <FormDialog
      {...dialog}
      description="A customer segment or channel prices are set for, e.g. Retail or Wholesale. Name and code must be unique."
      contentClassName="sm:max-w-xl"
      formClassName="grid gap-4 sm:grid-cols-[1fr_10rem]"
      footerClassName="sm:col-span-2"
    >
      <TextField form={form} name="name" label="Name" autoComplete="off" maxLength={200} placeholder="Retail" />
      <TextField
        form={form}
        name="code"
        label="Code"
        autoComplete="off"
        maxLength={16}
        spellCheck={false}
        placeholder="RET"
        className="[&_input]:font-mono [&_input]:uppercase"
        description="2-16 letters, digits or dashes."
      />
      <TextareaField
        form={form}
        name="description"
        label="Description (optional)"
        rows={2}
        maxLength={1000}
        className="sm:col-span-2"
      />
    </FormDialog>
  );
}
