import type { InventoryCategory } from '@common/contracts/inventory';
import { FormDialog } from '@web/components/form/form-dialog';
import { TextareaField, TextField } from '@web/components/form/form-fields';
import { useAppForm } from '@web/components/form/use-app-form';
import { useCreateInventoryCategory } from '../api/create-inventory-category';
import { useUpdateInventoryCategory } from '../api/update-inventory-category';
import { categoryFormDefaults, categoryFormSchema, categoryRequestOf } from './master-data-form.model';
import { changesOf } from './typed-request.model';

/** New category / Edit: a unique name and a description. */
export function CategoryFormDialog({ category, onClose }: { category: InventoryCategory | null; onClose: () => void }) {
  const { mutateAsync: create } = useCreateInventoryCategory();
  const { mutateAsync: update } = useUpdateInventoryCategory();
  const { form, onSubmit, isSubmitting, isDirty } = useAppForm({
    schema: categoryFormSchema,
    defaultValues: categoryFormDefaults(category),
    onSubmit: (values) =>
      category ? update({ id: category.id, changes: changesOf(categoryRequestOf(category), values) }) : create(values),
    successMessage: (saved) => (category ? `${saved.name} saved` : `${saved.name} created`),
    onSuccess: onClose,
    errorTitle: category ? 'Could not save the category' : 'Could not create the category',
  });

  return (
    <FormDialog
      title={category ? `Edit ${category.name}` : 'New inventory category'}
      description="A group of items, e.g. packaging, spare parts or tools. The name must be unique."
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      isDirty={isDirty}
      onClose={onClose}
      submitLabel={category ? 'Save changes' : 'Create category'}
      busyText={category ? 'Saving...' : 'Creating...'}
      submitDisabled={category !== null && !isDirty}
    >
      <TextField form={form} name="name" label="Name" autoComplete="off" maxLength={200} placeholder="Packaging" />
      <TextareaField form={form} name="description" label="Description (optional)" rows={3} maxLength={1000} />
    </FormDialog>
  );
}
