import type { InventoryCategory } from '@common/contracts/inventory';
import { FormDialog } from '@web/components/form/form-dialog';
import { TextareaField, TextField } from '@web/components/form/form-fields';
import type { RecordFormDialogProps } from '@web/components/master-data/record-form-slot';
import { useRecordForm } from '@web/components/master-data/use-record-form';
import { useCreateInventoryCategory } from '../api/create-inventory-category';
import { useUpdateInventoryCategory } from '../api/update-inventory-category';
import { categoryFormDefaults, categoryFormSchema, categoryRequestOf } from './master-data-form.model';
import { changesOf } from './typed-request.model';

/** New category / Edit: a unique name and a description. */
export function CategoryFormDialog({ record: category, onClose }: RecordFormDialogProps<InventoryCategory>) {
  const { mutateAsync: create } = useCreateInventoryCategory();
  const { mutateAsync: update } = useUpdateInventoryCategory();
  const { form, dialog } = useRecordForm({
    record: category,
    labels: { newTitle: 'New inventory category', createLabel: 'Create category', noun: 'category' },
    schema: categoryFormSchema,
    defaultValues: categoryFormDefaults(category),
    save: (values) =>
      category ? update({ id: category.id, changes: changesOf(categoryRequestOf(category), values) }) : create(values),
    onClose,
  });

  return (
    <FormDialog
      {...dialog}
      description="A group of items, e.g. packaging, spare parts or tools. The name must be unique."
    >
      <TextField form={form} name="name" label="Name" autoComplete="off" maxLength={200} placeholder="Packaging" />
      <TextareaField form={form} name="description" label="Description (optional)" rows={3} maxLength={1000} />
    </FormDialog>
  );
}
