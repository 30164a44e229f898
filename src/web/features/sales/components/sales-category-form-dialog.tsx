import { salesCategoryInputSchema, type SalesCategory } from '@common/contracts/sales';
import { FormDialog } from '@web/components/form/form-dialog';
import { TextareaField, TextField } from '@web/components/form/form-fields';
import { useAppForm } from '@web/components/form/use-app-form';
import { useCreateSalesCategory } from '../api/create-sales-category';
import { useUpdateSalesCategory } from '../api/update-sales-category';

interface SalesCategoryFormDialogProps {
  /** The category to edit; null creates a new one. */
  category: SalesCategory | null;
  onClose: () => void;
}

/** New sales category / Edit: name and code (both unique) and a description. */
export function SalesCategoryFormDialog({ category, onClose }: SalesCategoryFormDialogProps) {
  const { mutateAsync: create } = useCreateSalesCategory();
  const { mutateAsync: update } = useUpdateSalesCategory();

  const { form, onSubmit, isSubmitting, isDirty } = useAppForm({
    schema: salesCategoryInputSchema,
    defaultValues: {
      name: category?.name ?? '',
      code: category?.code ?? '',
      description: category?.description ?? '',
    },
    onSubmit: (values) => (category ? update({ id: category.id, changes: values }) : create(values)),
    successMessage: (saved) => (category ? `${saved.name} saved` : `${saved.name} created`),
    onSuccess: onClose,
    errorTitle: category ? 'Could not save the sales category' : 'Could not create the sales category',
  });

  return (
    <FormDialog
      title={category ? `Edit ${category.name}` : 'New sales category'}
      description="A customer segment or channel prices are set for, e.g. Retail or Wholesale. Name and code must be unique."
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      isDirty={isDirty}
      onClose={onClose}
      submitLabel={category ? 'Save changes' : 'Create category'}
      busyText={category ? 'Saving...' : 'Creating...'}
      submitDisabled={category !== null && !isDirty}
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
