import { STEEL_UNIT_LABELS, STEEL_UNITS, type SteelCategory } from '@common/contracts/steel';
import { SelectField, TextField } from '@web/components/form/form-fields';
import { FormDialog } from '@web/components/form/form-dialog';
import { useAppForm } from '@web/components/form/use-app-form';
import { useCreateSteelCategory } from '../api/create-steel-category';
import { useUpdateSteelCategory } from '../api/update-steel-category';
import { steelCategoryFormSchema } from './steel-category-form.model';

const UNIT_OPTIONS = STEEL_UNITS.map((unit) => ({ value: unit, label: STEEL_UNIT_LABELS[unit] }));

interface SteelCategoryFormDialogProps {
  /** The category to edit; null creates a new one. */
  category: SteelCategory | null;
  onClose: () => void;
}

/** New steel category / Edit: name (unique), grade or thickness, unit and reorder level. */
export function SteelCategoryFormDialog({ category, onClose }: SteelCategoryFormDialogProps) {
  const { mutateAsync: create } = useCreateSteelCategory();
  const { mutateAsync: update } = useUpdateSteelCategory();

  const { form, onSubmit, isSubmitting, isDirty } = useAppForm({
    schema: steelCategoryFormSchema,
    defaultValues: {
      name: category?.name ?? '',
      grade: category?.grade ?? '',
      unit: category?.unit ?? '',
      reorderLevel: category ? String(category.reorderLevel) : '',
    },
    onSubmit: (values) => (category ? update({ id: category.id, changes: values }) : create(values)),
    successMessage: (saved) => (category ? `${saved.name} saved` : `${saved.name} created`),
    onSuccess: onClose,
    errorTitle: category ? 'Could not save the steel category' : 'Could not create the steel category',
  });

  return (
    <FormDialog
      title={category ? `Edit ${category.name}` : 'New steel category'}
      description="A kind of steel the plant stocks. The name must be unique; stock below the reorder level is flagged on the Steel Overview."
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      isDirty={isDirty}
      onClose={onClose}
      submitLabel={category ? 'Save changes' : 'Create category'}
      busyText={category ? 'Saving...' : 'Creating...'}
      submitDisabled={category !== null && !isDirty}
      contentClassName="sm:max-w-xl"
      formClassName="grid gap-4 sm:grid-cols-2"
      footerClassName="sm:col-span-2"
    >
      <TextField
        form={form}
        name="name"
        label="Name"
        autoComplete="off"
        maxLength={200}
        placeholder="Mild steel sheet 1.2 mm"
        className="sm:col-span-2"
      />
      <TextField
        form={form}
        name="grade"
        label="Grade / thickness"
        autoComplete="off"
        maxLength={100}
        placeholder="DC01 1.2 mm"
        className="sm:col-span-2"
      />
      <SelectField
        form={form}
        name="unit"
        label="Unit"
        placeholder="Choose a unit"
        options={UNIT_OPTIONS}
        description={category ? 'Fixed once steel of this category has been recorded.' : undefined}
      />
      <TextField
        form={form}
        name="reorderLevel"
        label="Reorder level"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0"
        description="Flag the category when its total stock falls below this."
      />
    </FormDialog>
  );
}
